#include "models/host/host_statistics.h"

#include "models/common/output_file.h"
#include "models/common/stats/exact_time_text.h"

namespace ssdtlm {

void HostStatistics::record(const HostRequest& request, std::uint64_t submit_ps, std::uint64_t complete_ps,
                            std::uint64_t fetch_ps) {
  ++completed_;
  if (!window_.measures(complete_ps)) return;
  ++measured_;
  auto& op = ops_[static_cast<int>(request.op)];
  ++op.count;
  op.bytes += request.size_bytes;
  op.latency.record(static_cast<double>(complete_ps - submit_ps) / 1000.0);
  if (timings_) timings_->record(request, submit_ps, fetch_ps, complete_ps);
  if (records_) {
    *records_ << request.id << ',' << to_string(request.op) << ',' << request.offset_bytes << ','
              << request.size_bytes << ',';
    write_ps_as_ns(*records_, submit_ps);
    *records_ << ',';
    write_ps_as_ns(*records_, complete_ps);
    *records_ << ',';
    write_ps_as_ns(*records_, complete_ps - submit_ps);
    *records_ << '\n';
  }
}

void HostStatistics::open_request_records(const std::string& path) {
  records_ = open_output_file(path, "per-request records");
  records_path_ = path;
  *records_ << "id,op,offset_bytes,size_bytes,submit_ns,complete_ns,latency_ns\n";
}

void HostStatistics::check_request_records_written() {
  if (records_) check_output_written(*records_, records_path_, "per-request records");
}

nlohmann::json HostStatistics::op_to_json(HostOp op_kind, std::uint64_t sim_time_ps) const {
  const auto& op = ops_[static_cast<int>(op_kind)];
  const double seconds = static_cast<double>(sim_time_ps - std::min(sim_time_ps, window_.start_ps())) * 1e-12;
  return {
      {"count", op.count},
      {"bytes", op.bytes},
      {"iops", seconds > 0 ? static_cast<double>(op.count) / seconds : 0.0},
      {"bandwidth_mbps", seconds > 0 ? static_cast<double>(op.bytes) / seconds / 1e6 : 0.0},
      {"latency_us", op.latency.to_json_us()},
      {"latency_histogram_us", op.latency.histogram_json_us()},
  };
}

}  // namespace ssdtlm
