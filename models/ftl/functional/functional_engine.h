#pragma once
// The functional engine behind `ssdtlm wa`: FtlCore and its policies with no timing, for
// write-amplification studies. The device starts with its logical space written sequentially;
// then K0 logical capacities of host writes are written and discarded (warm-up) and K more are
// measured.
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "models/common/flash_geometry.h"
#include "models/ftl/core/ftl_core.h"

namespace ssdtlm {

struct WaOptions {
  std::uint32_t pages_per_block = 64;              // --pages-per-block B
  std::uint64_t blocks = 0;                        // --blocks N (one plane of N blocks)
  std::optional<FlashGeometry> geometry;           // --config FILE: the platform's geometry instead
  double spare_factor = 0.1;                       // --spare-factor S
  std::string policy = "greedy";                   // --policy NAME
  std::map<std::string, std::string> params;       // --param KEY=VALUE (policy, frontier, GC scheduling)
  std::string frontier = "single";                 // --frontier
  std::string workload = "uniform";                // --workload SPEC
  double host_writes = 10.0;                       // --host-writes K, logical capacities measured
  double warmup = 2.0;                             // --warmup K0, logical capacities discarded
  std::uint64_t seed = 1;                          // --seed X
  // GC scheduling (also --param gc_low_watermark / gc_high_watermark / victims_per_cycle).
  std::uint32_t gc_low_watermark_blocks = 0;
  std::uint32_t gc_high_watermark_blocks = 0;
  std::uint32_t gc_victims_per_cycle = 1;
};

struct WaResult {
  double write_amplification = 0.0;          // (host + GC page programs) / host page programs
  double extra_writes_per_user_write = 0.0;  // [Lomet & Luo 2021]'s Wamp = write_amplification - 1
  // GC page programs per host write issued, rewrites absorbed by mdc's sort buffer included:
  // equal to the above without a sort buffer, lower with one (docs/validation.md, [Lomet & Luo 2021] Zipf).
  double extra_writes_per_issued_host_write = 0.0;
  std::uint64_t host_page_writes = 0;
  std::uint64_t gc_page_writes = 0;
  std::uint64_t erases = 0;
  std::uint64_t gc_invocations = 0;
  double mean_valid_fraction_of_victims = 0.0;
  std::uint64_t host_writes_absorbed = 0;
  std::uint64_t logical_pages = 0;
  std::uint64_t physical_pages = 0;
  std::uint64_t blocks = 0;
  std::uint32_t pages_per_block = 0;
  std::uint32_t units = 0;
  std::uint32_t erase_count_min = 0;
  std::uint32_t erase_count_max = 0;
  double erase_count_mean = 0.0;
  std::string workload_description;
  // Trace workloads ([Van Houdt 2013] section 4.1): the geometry follows from the footprint.
  bool blocks_derived_from_trace = false;
  std::uint64_t footprint_pages = 0;
  std::string trace_format;
  std::uint64_t trace_page_writes = 0;
  std::uint64_t memory_bytes = 0;
  double bytes_per_physical_page = 0.0;
  double wall_seconds = 0.0;                       // whole run, fill included
  double host_page_writes_per_wall_second = 0.0;   // warm-up + measured writes / their wall time
  // The same per second of this process's CPU time: the speed of the code itself when other
  // processes share the cores (still "wall" in the name: a measurement, not a result).
  double host_page_writes_per_wall_cpu_second = 0.0;
};

// Validates options (ConfigError naming the flag: --spare-factor, --blocks, --param d, ...) and
// builds the core configuration. --param values are routed by key: the GC scheduling keys
// (gc_low_watermark, gc_high_watermark in blocks, victims_per_cycle) override the options,
// the keys the frontier layout accepts go to it, the rest to the victim policy.
FtlCoreConfig make_wa_core_config(const WaOptions& options);
WaResult run_wa(const WaOptions& options);

nlohmann::json to_json(const WaOptions& options, const WaResult& result);

}  // namespace ssdtlm
