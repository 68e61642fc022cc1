#pragma once
// The host page writes the functional engine replays: a stream of logical page numbers. Synthetic
// address distributions and (later) trace replay both produce one; the engine pulls them in
// chunks so it can prefetch the map entries of writes that are still some iterations away.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "models/common/flash_geometry.h"

namespace ssdtlm {

class WriteStream {
 public:
  virtual ~WriteStream() = default;
  virtual void next(Lpn* out, std::size_t count) = 0;  // the next `count` page writes
  virtual std::string describe() const = 0;
  // Each logical page's exact probability of being the next write, when the workload knows it
  // (synthetic distributions; not traces). Used by mdc's `oracle` variant ([Lomet & Luo 2021]'s MDC-opt).
  virtual bool page_update_probabilities(std::vector<float>& out) const {
    (void)out;
    return false;
  }
};

// A parsed --workload SPEC. Synthetic specs work on any logical space; a trace fixes its own
// footprint, from which the engine derives the number of blocks (the hook for `trace:PATH`).
struct WorkloadPlan {
  std::uint64_t footprint_pages = 0;  // 0: the device's logical space defines the address range
  // Trace workloads only: the format used ("msr", or "fiu (detected from 200 lines)") and the
  // number of page writes in one pass over the trace.
  std::string trace_format;
  std::uint64_t trace_page_writes = 0;
  std::function<std::unique_ptr<WriteStream>(std::uint64_t logical_pages, std::uint64_t seed)> make_stream;
};

// Throws ConfigError naming `where` (the flag or key) for a bad spec.
WorkloadPlan plan_workload(const std::string& spec, const std::string& where);

}  // namespace ssdtlm
