#pragma once
// What the host side observes: per operation counts, bytes and latency distributions, and
// optionally one record per request streamed to a CSV file (memory stays flat).
#include <algorithm>
#include <cstdint>
#include <fstream>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "models/common/stats/latency_statistics.h"
#include "models/host/measurement_window.h"
#include "models/host/request_timing_log.h"
#include "models/common/host_request.h"

namespace ssdtlm {

struct HostOpStatistics {
  std::uint64_t count = 0;
  std::uint64_t bytes = 0;
  LatencyStatistics latency;
};

class HostStatistics {
 public:
  // `fetch_ps`: when the controller had fetched the command (HostCommand::fetch_time_ps); only
  // the request timing log uses it.
  void record(const HostRequest& request, std::uint64_t submit_ps, std::uint64_t complete_ps,
              std::uint64_t fetch_ps = 0);
  // Keeps every request's submit, fetch and completion instants from now on (fio's statistics,
  // platforms/fio_json_report.h); memory grows by 32 bytes per request, hence opt-in.
  void keep_request_timings() { if (!timings_) timings_ = std::make_unique<RequestTimingLog>(); }
  // Null unless keep_request_timings() was called.
  const RequestTimingLog* request_timings() const { return timings_.get(); }
  void open_request_records(const std::string& path);
  // Flushes the per-request records; ConfigError naming the file when a write failed (disk full).
  void check_request_records_written();
  // The measured window (measurement_window.h): completions outside it are left out of the
  // per-op figures and the records, and the rates are over the time from its start.
  MeasurementWindow& window() { return window_; }
  const MeasurementWindow& window() const { return window_; }
  std::uint64_t measured_from_ps() const { return window_.start_ps(); }
  const HostOpStatistics& op(HostOp op) const { return ops_[static_cast<int>(op)]; }
  std::uint64_t completed() const { return completed_; }  // every completion, measured or not
  std::uint64_t measured() const { return measured_; }    // the completions inside the window
  std::uint64_t bytes_read() const { return ops_[0].bytes; }
  std::uint64_t bytes_written() const { return ops_[1].bytes; }
  // Statistics for one op over a run of `sim_time_ps`: count, bytes, iops, bandwidth, latency.
  nlohmann::json op_to_json(HostOp op, std::uint64_t sim_time_ps) const;

 private:
  HostOpStatistics ops_[kHostOpCount];
  std::uint64_t completed_ = 0;
  std::uint64_t measured_ = 0;
  std::unique_ptr<RequestTimingLog> timings_;
  MeasurementWindow window_;
  std::unique_ptr<std::ofstream> records_;
  std::string records_path_;
};

}  // namespace ssdtlm
