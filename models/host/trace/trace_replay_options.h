#pragma once
// How a trace becomes host requests (the "trace" part of a workload, docs/workloads.md).
#include <cstdint>
#include <string>

#include "models/host/trace/trace_reader_options.h"

namespace ssdtlm {

enum class TraceTiming : std::uint8_t {
  Recorded,    // open loop: each request at its recorded time (divided by `speedup`)
  ClosedLoop,  // ignore the times: keep the workload's queue_depth requests outstanding
};

enum class BeyondDevice : std::uint8_t {
  Wrap,    // offsets past the device's end wrap around modulo its size
  Reject,  // such requests are dropped and counted (strict: an error naming file:line)
};

struct TraceReplayOptions {
  std::string path;
  TraceReaderOptions reader;
  TraceTiming timing = TraceTiming::Recorded;
  double speedup = 1.0;      // recorded timing: 2 replays twice as fast
  std::uint32_t repeat = 1;  // passes over the trace ([Van Houdt 2013] replays its traces cyclically)
  BeyondDevice beyond_device = BeyondDevice::Wrap;
  // Split requests into pieces of at most this many bytes ([Van Houdt 2013]: 4096); 0 keeps them.
  std::uint64_t split_bytes = 0;
};

const char* to_string(TraceTiming timing);
const char* to_string(BeyondDevice beyond);

}  // namespace ssdtlm
