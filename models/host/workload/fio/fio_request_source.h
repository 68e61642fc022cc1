#pragma once
// A fio job file as one request source. Every job section, times numjobs, is a flow of its
// own (FioJobStream: its iodepth, rate, thinktime and sequence state), and the flows are
// merged into one paced stream (ArrivalMode::Paced): the host keeps the sum of their iodepths
// in flight, each flow never more than its own, each completion goes back to the flow that
// issued the request, and flow k's requests go to submission queue k (HostRequest::stream),
// as fio's jobs each submit from their own thread. The statistics are those of the merged
// stream (fio's group_reporting).
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "models/host/workload/fio/fio_job_stream.h"
#include "models/host/workload/request_source.h"

namespace ssdtlm {

class FioRequestSource final : public RequestSource {
 public:
  // Reads `path` (errors name its lines) and resolves every job against the device. The
  // seed of flow k is the job's randseed if it has one, else `seed`, mixed with k.
  FioRequestSource(const std::string& path, std::uint64_t device_bytes, std::uint32_t logical_block_bytes,
                   std::uint64_t seed);
  ~FioRequestSource() override;

  bool next(HostRequest& request) override;
  ArrivalMode arrival_mode() const override { return ArrivalMode::Paced; }
  std::uint32_t queue_depth() const override { return queue_depth_; }
  void completed(const HostRequest& request, std::uint64_t now_ns) override;
  bool finished() const override;
  std::uint64_t measured_from_ns() const override { return measured_from_ns_; }
  std::string describe() const override;
  nlohmann::json report() const override;

  std::size_t flows() const { return flows_.size(); }
  const FioJobStream& flow(std::size_t index) const { return *flows_[index]; }

 private:
  std::string path_;
  std::vector<std::unique_ptr<FioJobStream>> flows_;
  std::vector<std::string> ignored_;  // notes on accepted options without effect, each once
  std::uint32_t queue_depth_ = 0;
  std::uint64_t measured_from_ns_ = 0;
  std::uint64_t now_ns_ = 0;  // the latest completion: the time of every next() but the first
  std::uint64_t issued_ = 0;
  std::size_t first_flow_ = 0;  // round robin of the flow asked first
};

// The job file's syntax and options, without a device: what a workload spec checks when it
// is read ("--workload fio:PATH" fails at once, naming the line).
void check_fio_job_file(const std::string& path);

}  // namespace ssdtlm
