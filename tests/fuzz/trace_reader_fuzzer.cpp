// libFuzzer target for one trace reader: the input is a trace file. Built once per format
// (SSDTLM_FUZZ_TRACE_FORMAT, tests/fuzz/fuzz.cmake), "auto" included for the format detection.
// Every consumer of a reader is driven too, because hostile numbers (huge offsets and sizes,
// times going backwards) do their damage there: the statistics, the page stream and the replay
// as host requests. Any input may be rejected with ConfigError; nothing may crash, hang or grow
// without bound.
#include <cstddef>
#include <cstdint>

#include "models/common/config/config_error.h"
#include "models/host/trace/trace_page_stream.h"
#include "models/host/trace/trace_reader.h"
#include "models/host/trace/trace_replay_source.h"
#include "models/host/trace/trace_statistics.h"
#include "tests/fuzz/fuzz_input_file.h"

#ifndef SSDTLM_FUZZ_TRACE_FORMAT
#error "SSDTLM_FUZZ_TRACE_FORMAT names the trace format under test"
#endif

namespace {

using namespace ssdtlm;

// Bounds the work per input: a record of 2^63 bytes split into 4 KiB pieces is a legitimate
// stream of requests, which the simulation's own request count or duration ends.
constexpr std::uint64_t kMaxReplayedRequests = 4096;

TraceReaderOptions reader_options(bool strict) {
  TraceReaderOptions options;
  options.format = SSDTLM_FUZZ_TRACE_FORMAT;
  options.strict = strict;
  return options;
}

// One reader for the plain reading (twice, through rewind: the stateful parsers of fio and
// blkparse must start afresh), the statistics and the page stream, because each reader costs a
// 1 MiB line buffer, which dominates the time per input under ASan.
void read_and_analyse(const std::string& path, bool strict) {
  TraceReader reader(path, reader_options(strict));
  TraceRecord record;
  while (reader.next(record)) {
  }
  reader.rewind();
  const TraceStatistics statistics = compute_trace_statistics(reader);
  (void)to_json(statistics).dump();
  (void)to_text(statistics);
  reader.rewind();
  (void)TracePageStream::from_trace(reader);
}

void replay(const std::string& path, bool strict, TraceTiming timing, BeyondDevice beyond, std::uint64_t split_bytes) {
  TraceReplayOptions options;
  options.path = path;
  options.reader = reader_options(strict);
  options.timing = timing;
  options.repeat = 2;
  options.beyond_device = beyond;
  options.split_bytes = split_bytes;
  TraceReplayLimits limits;
  limits.device_bytes = std::uint64_t{1} << 30;
  limits.queue_depth = timing == TraceTiming::ClosedLoop ? 4 : 0;
  limits.request_count = kMaxReplayedRequests;
  TraceReplaySource source(options, limits);
  HostRequest request;
  for (std::uint64_t n = 0; n < kMaxReplayedRequests && source.next(request); ++n) {
  }
  (void)source.report().dump();
}

template <typename Step>
void expect_only_config_errors(Step step) {
  try {
    step();
  } catch (const ConfigError&) {
    // A clear rejection of bad input is the wanted outcome.
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static fuzz::FuzzInputFile file(".trace");
  const std::string& path = file.write(data, size);
  // Strict or lenient, and the replay's options, follow from the input's length, so that both
  // sides of each are exercised without doubling the work per input.
  const bool strict = size % 2 == 1;
  expect_only_config_errors([&] { read_and_analyse(path, strict); });
  if (size % 4 < 2) {
    expect_only_config_errors([&] { replay(path, strict, TraceTiming::Recorded, BeyondDevice::Wrap, 4096); });
  } else {
    expect_only_config_errors([&] { replay(path, strict, TraceTiming::ClosedLoop, BeyondDevice::Reject, 0); });
  }
  return 0;
}
