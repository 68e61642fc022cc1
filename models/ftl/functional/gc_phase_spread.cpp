#include "models/ftl/functional/gc_phase_spread.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

namespace ssdtlm {
namespace {

// A logical page the unit holds, uniformly among its valid pages (kInvalidLpn: none found).
Lpn resident_page(const FtlCore& core, UnitId unit, Rng& rng) {
  const std::uint64_t pages_per_block = core.geometry().pages_per_block;
  const std::uint64_t first = std::uint64_t(core.first_block_of_unit(unit)) * pages_per_block;
  const std::uint64_t span = std::uint64_t(core.blocks_per_unit()) * pages_per_block;
  // After a fill most pages of a unit are valid: a handful of draws finds one.
  for (int attempt = 0; attempt < 4096; ++attempt) {
    const Lpn lpn = core.lpn_of(static_cast<Ppn>(first + rng.below(span)));
    if (lpn < core.fillable_logical_pages()) return lpn;
  }
  return kInvalidLpn;
}

// What FtlCore::write_host_functional() does, into a chosen unit.
void write_into(FtlCore& core, UnitId unit, Lpn lpn) {
  while (core.gc_wanted(unit)) core.collect(unit);
  core.write_host(lpn, unit);
}

}  // namespace

void spread_gc_phases(FtlCore& core, Rng& rng) {
  if (core.host_sort_buffer_pages() != 0) return;
  const std::uint32_t units = core.units();
  const std::uint32_t low = core.config().gc_low_watermark_blocks;
  const std::uint64_t pages_per_block = core.geometry().pages_per_block;
  const std::uint64_t cycle_guard = 2ull * core.blocks_per_unit() * pages_per_block;
  // Points in the cycle: unit u takes rank r(u) of the golden-ratio sequence frac(u * phi),
  // so neighbouring units (one die, one channel) sit far apart; point (r + 1) / units.
  std::vector<std::uint32_t> order(units);
  std::iota(order.begin(), order.end(), 0u);
  auto golden = [](std::uint32_t u) { return std::fmod(double(u) * 0.6180339887498949, 1.0); };
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) { return golden(a) < golden(b); });
  for (std::uint32_t rank = 0; rank < units; ++rank) {
    const UnitId unit = order[rank];
    // To the end of the next cycle (the write that finds the unit at its watermark triggers it).
    std::uint64_t written = 0;
    while (!core.gc_wanted(unit) && written < cycle_guard) {
      const Lpn lpn = resident_page(core, unit, rng);
      if (lpn == kInvalidLpn) break;
      write_into(core, unit, lpn);
      ++written;
    }
    while (core.gc_wanted(unit)) core.collect(unit);
    // Down the descent to the low watermark: free blocks above it, in host pages, times the point.
    const std::uint32_t free_blocks = core.free_blocks(unit);
    const std::uint64_t descent = free_blocks > low ? std::uint64_t(free_blocks - low) * pages_per_block : 0;
    const auto share = static_cast<std::uint64_t>(double(descent) * double(rank + 1) / double(units));
    for (std::uint64_t i = 0; i < share && !core.gc_wanted(unit); ++i) {
      const Lpn lpn = resident_page(core, unit, rng);
      if (lpn == kInvalidLpn) break;
      core.write_host(lpn, unit);
    }
  }
}

}  // namespace ssdtlm
