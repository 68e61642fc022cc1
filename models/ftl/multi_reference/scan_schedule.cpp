#include "models/ftl/multi_reference/scan_schedule.h"

#include <algorithm>
#include <stdexcept>

namespace ssdtlm::multi_reference {

namespace {
struct Range {
  Lba lo = 0;
  Lba hi = 0;  // empty when lo >= hi
  bool empty() const { return lo >= hi; }
};
}  // namespace

ScanSchedule simulate_scan(const std::vector<Lba>& starts, Lba space_begin, Lba space_end,
                           const ScanScheduleConfig& config) {
  if (config.threads == 0 || config.check_interval_mappings == 0 || config.cost_per_mapping_ps == 0) {
    throw std::invalid_argument("simulate_scan: threads, check_interval_mappings and cost_per_mapping_ps must be > 0");
  }
  const std::uint32_t n = config.threads;
  const std::uint64_t c = config.cost_per_mapping_ps;
  const std::uint64_t k = config.check_interval_mappings;
  ScanSchedule result;
  result.mappings_per_thread.assign(n, 0);
  if (starts.empty()) return result;

  auto index_of = [&](Lba address) {
    return static_cast<std::uint64_t>(std::lower_bound(starts.begin(), starts.end(), address) - starts.begin());
  };
  std::vector<Range> range(n);
  const unsigned __int128 span = space_end - space_begin;
  for (std::uint32_t i = 0; i < n; ++i) {
    range[i].lo = space_begin + static_cast<Lba>(span * i / n);
    range[i].hi = space_begin + static_cast<Lba>(span * (i + 1) / n);
  }

  std::uint64_t now = 0;
  while (true) {
    std::vector<std::uint64_t> work(n, 0);
    std::uint64_t first_finish = UINT64_MAX;
    std::uint64_t last_finish = now;
    for (std::uint32_t i = 0; i < n; ++i) {
      if (!range[i].empty()) work[i] = index_of(range[i].hi) - index_of(range[i].lo);
      const std::uint64_t finish = now + work[i] * c;
      first_finish = std::min(first_finish, finish);
      last_finish = std::max(last_finish, finish);
    }
    if (first_finish == last_finish || !config.dynamic_reassignment) {  // nobody gets more work
      for (std::uint32_t i = 0; i < n; ++i) result.mappings_per_thread[i] += work[i];
      result.makespan_ps = last_finish;
      return result;
    }
    // The flag goes up at first_finish; each busy thread sees it at its next check.
    std::uint64_t barrier = now;
    bool work_left = false;
    for (std::uint32_t i = 0; i < n; ++i) {
      const std::uint64_t elapsed = first_finish - now;
      const std::uint64_t checks = std::max<std::uint64_t>(1, (elapsed + k * c - 1) / (k * c));
      const std::uint64_t done = std::min(work[i], checks * k);
      barrier = std::max(barrier, now + done * c);
      result.mappings_per_thread[i] += done;
      if (done < work[i]) {
        range[i].lo = starts[index_of(range[i].lo) + done];
        work_left = true;
      } else {
        range[i] = Range{};
      }
    }
    if (!work_left) {
      result.makespan_ps = barrier;
      return result;
    }
    now = barrier + config.barrier_cost_ps;
    ++result.reassignments;
    // The leader halves the widest remaining address range for each idle thread.
    for (std::uint32_t idle = 0; idle < n; ++idle) {
      if (!range[idle].empty()) continue;
      std::uint32_t widest = n;
      for (std::uint32_t j = 0; j < n; ++j) {
        if (j == idle || range[j].empty() || range[j].hi - range[j].lo < 2) continue;
        if (widest == n || range[j].hi - range[j].lo > range[widest].hi - range[widest].lo) widest = j;
      }
      if (widest == n) break;
      const Lba mid = range[widest].lo + (range[widest].hi - range[widest].lo) / 2;
      range[idle] = Range{mid, range[widest].hi};
      range[widest].hi = mid;
    }
  }
}

ScanSchedule simulate_scan(const TranslationLayer& tl, const ScanScheduleConfig& config) {
  std::vector<Lba> starts;
  starts.reserve(tl.mapping_count());
  for (const Extent& extent : tl.entries()) starts.push_back(extent.logical);
  if (starts.empty()) return simulate_scan(starts, 0, 0, config);
  auto last = tl.entries().end();
  --last;
  return simulate_scan(starts, starts.front(), last->logical_end(), config);
}

}  // namespace ssdtlm::multi_reference
