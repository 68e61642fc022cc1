#pragma once
// Replays a trace file as host requests, streaming (one record in memory at a time):
// as recorded (open loop, times divided by a speed-up) or closed loop at a queue depth;
// several passes; offsets aligned to the logical block and sizes rounded up to cover the
// recorded bytes; optional splitting into pieces ([Van Houdt 2013] splits at 4 KiB); addresses past
// the device wrapped or rejected; each trace device numbered as a request stream.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "models/host/trace/trace_reader.h"
#include "models/host/trace/trace_replay_options.h"
#include "models/host/workload/request_source.h"

namespace ssdtlm {

struct TraceReplayLimits {
  std::uint64_t device_bytes = 0;
  std::uint32_t alignment_bytes = 4096;
  std::uint32_t queue_depth = 0;    // see RequestSource::queue_depth
  std::uint64_t request_count = 0;  // 0: until the trace (and its repeats) ends
  std::uint64_t duration_ns = 0;    // 0: no limit
};

class TraceReplaySource final : public RequestSource {
 public:
  // Opens the trace (detecting its format if asked). Throws ConfigError for an unreadable
  // file, an unknown format, or a trace with no usable request.
  TraceReplaySource(const TraceReplayOptions& options, const TraceReplayLimits& limits);

  bool next(HostRequest& request) override;
  ArrivalMode arrival_mode() const override;
  std::uint32_t queue_depth() const override { return limits_.queue_depth; }
  std::uint64_t stop_after_ns() const override { return limits_.duration_ns; }
  std::string describe() const override;
  // {"path", "format", "passes_completed", "requests", "beyond_device", "reordered", "lines"},
  // and with recorded timing "arrival_gaps" (arrival_gap_report).
  nlohmann::json report() const override;

  // A gap between two consecutive arrivals (after the speed-up) at least this many times the
  // mean of the other gaps, and at least kIsolatedGapMinimumNs, is reported as isolated: most
  // likely a garbled timestamp, which would leave the drive idle for that long.
  static constexpr double kIsolatedGapFactor = 1000.0;
  static constexpr std::uint64_t kIsolatedGapMinimumNs = 1'000'000'000;
  // {"largest_ns", "largest_at_line", "mean_other_ns", "isolated"}.
  nlohmann::json arrival_gap_report() const;

 private:
  bool next_record(TraceRecord& record);  // across passes
  bool place(TraceRecord& record);        // align, wrap/reject; false: drop
  std::uint32_t stream_of(std::uint32_t device);

  TraceReplayOptions options_;
  TraceReplayLimits limits_;
  TraceReader reader_;
  std::uint64_t max_piece_bytes_;
  // The record being cut into pieces.
  TraceRecord current_{};
  std::uint64_t current_end_bytes_ = 0;
  std::uint64_t current_arrival_ns_ = 0;
  std::uint32_t current_stream_ = 0;
  bool splitting_ = false;
  // Timing across passes.
  std::uint32_t passes_completed_ = 0;
  bool finished_ = false;
  std::uint64_t pass_records_ = 0;
  std::uint64_t pass_first_ns_ = 0;
  std::uint64_t pass_last_ns_ = 0;
  double pass_base_ns_ = 0;  // arrival of this pass's first record
  std::uint64_t last_arrival_ns_ = 0;
  std::uint64_t last_timestamp_ns_ = 0;  // as recorded, to count records out of order
  // Gaps between consecutive arrivals, for arrival_gap_report.
  std::uint64_t arrivals_ = 0;
  double gap_sum_ns_ = 0;
  std::uint64_t largest_gap_ns_ = 0;
  std::uint64_t largest_gap_line_ = 0;
  // Counters for the report.
  std::uint64_t issued_ = 0;
  std::uint64_t beyond_device_ = 0;          // requests beyond the device, left out
  std::uint64_t wrapped_beyond_device_ = 0;  // requests beyond the device, wrapped into it (beyond=wrap)
  std::uint64_t reordered_ = 0;
  std::vector<std::pair<std::uint32_t, std::uint32_t>> streams_;  // device -> stream
};

}  // namespace ssdtlm
