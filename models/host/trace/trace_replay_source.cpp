#include "models/host/trace/trace_replay_source.h"

#include <algorithm>

#include "models/common/config/config_error.h"
#include "models/host/trace/trace_statistics.h"
#include "models/host/workload/spec_text.h"

namespace ssdtlm {
namespace {

// Without a configured split, pieces stay below HostRequest's 32-bit size.
constexpr std::uint64_t kLargestPieceBytes = 1ull << 31;

// Arrival times are computed in double; a garbled timestamp, or a slowed-down replay of a long
// trace, can land past 2^64 ns, where converting to an integer is undefined: saturate instead.
std::uint64_t saturated_ns(double ns) {
  constexpr double kTwoTo64 = 18446744073709551616.0;
  return ns < kTwoTo64 ? static_cast<std::uint64_t>(ns) : ~0ull;
}

}  // namespace

TraceReplaySource::TraceReplaySource(const TraceReplayOptions& options, const TraceReplayLimits& limits)
    : options_(options),
      limits_(limits),
      reader_(options.path, options.reader),
      max_piece_bytes_(options.split_bytes != 0 ? options.split_bytes : kLargestPieceBytes) {
  if (limits_.device_bytes < limits_.alignment_bytes) {
    throw config_error(options_.path, "the device is smaller than one logical block");
  }
}

ArrivalMode TraceReplaySource::arrival_mode() const {
  return options_.timing == TraceTiming::Recorded ? ArrivalMode::OpenLoop : ArrivalMode::ClosedLoop;
}

bool TraceReplaySource::next_record(TraceRecord& record) {
  while (!finished_) {
    if (reader_.next(record)) {
      if (pass_records_++ == 0) pass_first_ns_ = record.timestamp_ns;
      pass_last_ns_ = std::max(pass_last_ns_, record.timestamp_ns);
      return true;
    }
    if (issued_ == 0) {
      throw config_error(options_.path, "no usable request in the trace (" +
                                            std::to_string(reader_.counts().lines) + " lines, " +
                                            std::to_string(reader_.counts().bad()) + " bad)");
    }
    ++passes_completed_;
    if (passes_completed_ >= options_.repeat) break;
    // The next pass starts one mean gap after this one ended, so passes do not overlap.
    const double span_ns = static_cast<double>(pass_last_ns_ - pass_first_ns_);
    const double mean_gap_ns = pass_records_ > 1 ? span_ns / static_cast<double>(pass_records_ - 1) : 1.0;
    pass_base_ns_ += (span_ns + mean_gap_ns) / options_.speedup;
    pass_records_ = 0;
    pass_last_ns_ = 0;
    last_timestamp_ns_ = 0;
    reader_.rewind();
  }
  finished_ = true;
  return false;
}

bool TraceReplaySource::place(TraceRecord& record) {
  const std::uint64_t alignment = limits_.alignment_bytes;
  const std::uint64_t device = limits_.device_bytes;
  // Cover every recorded byte with whole logical blocks.
  std::uint64_t offset = record.offset_bytes / alignment * alignment;
  std::uint64_t end = 0;
  // A garbled record can reach past 2^64: certainly beyond any device.
  const bool overflow = __builtin_add_overflow(record.offset_bytes, record.size_bytes, &end) ||
                        end > ~0ull - alignment;
  if (!overflow) end = (end + alignment - 1) / alignment * alignment;
  const std::uint64_t size = overflow ? ~0ull : end - offset;
  if (overflow || end > device) {
    if (options_.beyond_device == BeyondDevice::Reject || size > device) {
      ++beyond_device_;
      if (options_.reader.strict) {
        throw config_error(options_.path + ":" + std::to_string(reader_.line_number()),
                           "request [" + std::to_string(record.offset_bytes) + ", +" +
                               std::to_string(record.size_bytes) + ") lies beyond the device's " +
                               std::to_string(device) + " bytes");
      }
      return false;
    }
    ++wrapped_beyond_device_;
    offset %= device;
    offset = offset / alignment * alignment;
    if (offset + size > device) offset = (device - size) / alignment * alignment;
  }
  record.offset_bytes = offset;
  record.size_bytes = size;
  return true;
}

std::uint32_t TraceReplaySource::stream_of(std::uint32_t device) {
  for (const auto& [known, stream] : streams_) {
    if (known == device) return stream;
  }
  streams_.emplace_back(device, static_cast<std::uint32_t>(streams_.size()));
  return streams_.back().second;
}

bool TraceReplaySource::next(HostRequest& request) {
  if (limits_.request_count != 0 && issued_ >= limits_.request_count) return false;
  if (!splitting_) {
    do {
      if (!next_record(current_)) return false;
    } while (!place(current_));
    std::uint64_t arrival_ns = 0;
    if (options_.timing == TraceTiming::Recorded) {
      const double since_pass_start =
          static_cast<double>(current_.timestamp_ns - std::min(current_.timestamp_ns, pass_first_ns_));
      arrival_ns = saturated_ns(pass_base_ns_ + since_pass_start / options_.speedup);
      // The host issues in file order; a record stamped before its predecessor goes with it.
      if (current_.timestamp_ns < last_timestamp_ns_) ++reordered_;
      last_timestamp_ns_ = current_.timestamp_ns;
      arrival_ns = std::max(arrival_ns, last_arrival_ns_);
      if (arrivals_++ != 0) {
        const std::uint64_t gap_ns = arrival_ns - last_arrival_ns_;
        gap_sum_ns_ += static_cast<double>(gap_ns);
        if (gap_ns > largest_gap_ns_) {
          largest_gap_ns_ = gap_ns;
          largest_gap_line_ = reader_.line_number();
        }
      }
      last_arrival_ns_ = arrival_ns;
      if (limits_.duration_ns != 0 && arrival_ns >= limits_.duration_ns) return false;
    }
    current_arrival_ns_ = arrival_ns;
    current_end_bytes_ = current_.offset_bytes + current_.size_bytes;
    current_stream_ = stream_of(current_.device);
    splitting_ = true;
  }
  const std::uint64_t piece = std::min(max_piece_bytes_, current_end_bytes_ - current_.offset_bytes);
  request = HostRequest{};
  request.id = issued_++;
  request.op = current_.op;
  request.offset_bytes = current_.offset_bytes;
  request.size_bytes = static_cast<std::uint32_t>(piece);
  request.arrival_ns = current_arrival_ns_;
  request.stream = current_stream_;
  current_.offset_bytes += piece;
  splitting_ = current_.offset_bytes < current_end_bytes_;
  return true;
}

std::string TraceReplaySource::describe() const {
  std::string text =
      "trace " + options_.path + " (" + reader_.format_description() + "), " +
      (options_.timing == TraceTiming::Recorded ? "as recorded x" + spec::format_number(options_.speedup)
                                                : std::string("closed loop"));
  if (options_.repeat != 1) text += ", " + std::to_string(options_.repeat) + " passes";
  return text;
}

nlohmann::json TraceReplaySource::arrival_gap_report() const {
  const std::uint64_t gaps = arrivals_ > 0 ? arrivals_ - 1 : 0;
  const double mean_other_ns =
      gaps > 1 ? (gap_sum_ns_ - static_cast<double>(largest_gap_ns_)) / static_cast<double>(gaps - 1) : 0.0;
  const bool isolated = gaps > 1 && largest_gap_ns_ >= kIsolatedGapMinimumNs &&
                        static_cast<double>(largest_gap_ns_) >= kIsolatedGapFactor * mean_other_ns;
  return {{"largest_ns", largest_gap_ns_},
          {"largest_at_line", largest_gap_line_},
          {"mean_other_ns", mean_other_ns},
          {"isolated", isolated}};
}

nlohmann::json TraceReplaySource::report() const {
  nlohmann::json report = {
      {"path", options_.path},
      {"format", reader_.format().name},
      {"format_detected", reader_.format_detected()},
      {"passes_completed", passes_completed_},
      {"requests", issued_},
      {"beyond_device", beyond_device_},
      {"reordered", reordered_},
      {"lines", to_json(reader_.counts())},
  };
  // Only when it happened, so that the reports of traces that fit stay as they were.
  if (wrapped_beyond_device_ != 0) report["wrapped_beyond_device"] = wrapped_beyond_device_;
  if (options_.timing == TraceTiming::Recorded) report["arrival_gaps"] = arrival_gap_report();
  return report;
}

}  // namespace ssdtlm
