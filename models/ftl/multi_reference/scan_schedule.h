#pragma once
// Makespan of a scan cycle on N scanner threads with the dynamic space reassignment of seed
// 000 section 4.2.3, simulated deterministically from where the mappings are:
//   * the logical span [first mapping, end of last mapping) is split into N equal address
//     ranges (the scanner has no picture of where the mappings are, only the span);
//   * a thread scans the mappings starting in its range at cost_per_mapping_ps each and
//     checks the global flag after every check_interval_mappings mappings;
//   * the first thread to run out of work raises the flag; every other thread notices it at
//     its next check (or finishes first), records its progress and waits at the barrier;
//   * when all are there, the leader (after barrier_cost_ps) gives each idle thread half of
//     the widest remaining address range (widest by addresses: it still cannot see the
//     mappings), and all resume; this repeats until no mapping is left.
// A thread released with work scans at least one check interval before it can see the flag
// again, so every round makes progress.
#include <cstdint>
#include <vector>

#include "models/ftl/multi_reference/extent.h"
#include "models/ftl/multi_reference/translation_layer.h"

namespace ssdtlm::multi_reference {

struct ScanScheduleConfig {
  std::uint32_t threads = 1;
  std::uint64_t cost_per_mapping_ps = 100'000;  // 100 ns of CPU per mapping visited
  std::uint64_t check_interval_mappings = 64;
  std::uint64_t barrier_cost_ps = 2'000'000;  // 2 us for the barrier and the leader's split
  // false: the static equal split only (the baseline the paper's algorithm improves on).
  bool dynamic_reassignment = true;
};

struct ScanSchedule {
  std::uint64_t makespan_ps = 0;
  std::uint32_t reassignments = 0;
  std::vector<std::uint64_t> mappings_per_thread;
};

// mapping_starts: logical start of every mapping, increasing; [space_begin, space_end) holds them.
ScanSchedule simulate_scan(const std::vector<Lba>& mapping_starts, Lba space_begin, Lba space_end,
                           const ScanScheduleConfig& config);
ScanSchedule simulate_scan(const TranslationLayer& tl, const ScanScheduleConfig& config);

}  // namespace ssdtlm::multi_reference
