#include "models/ftl/multi_reference/scanner.h"

#include <algorithm>
#include <stdexcept>

namespace ssdtlm::multi_reference {

namespace {
constexpr std::int32_t kNone = -1;

bool greedy_order(const SegmentLiveness& a, const SegmentLiveness& b) {
  return a.live_blocks != b.live_blocks ? a.live_blocks < b.live_blocks : a.segment < b.segment;
}
}  // namespace

Scanner::Scanner(const ScannerConfig& config, const SegmentLog& log, const TranslationLayer& tl, ReverseMaps& reverse)
    : config_(config), log_(log), tl_(tl), reverse_(reverse) {
  if (!(config.validity_threshold >= 0.0 && config.validity_threshold <= 1.0)) {
    throw std::invalid_argument("Scanner: validity_threshold must be in [0, 1]");
  }
}

ScanCycleResult Scanner::run_cycle() {
  const std::uint32_t segments = log_.segments();
  const std::uint32_t blocks = log_.segment_blocks();
  const std::uint64_t bytes_per_entry = reverse_.bytes_per_entry();
  ScanCycleResult result;

  // Which segments this cycle prepares (selected last cycle and still eligible).
  std::vector<std::int32_t> pending_index(segments, kNone);
  std::vector<SegmentLiveness> preparing;
  for (const SegmentLiveness& s : pending_) {
    if (log_.state(s.segment) != SegmentState::kImmutable || reverse_.tracks(s.segment)) continue;
    pending_index[s.segment] = static_cast<std::int32_t>(preparing.size());
    preparing.push_back(s);
  }
  pending_.clear();
  std::size_t active = preparing.size();  // preparing[0, active) are still being built
  std::vector<std::vector<Extent>> built(preparing.size());
  std::uint64_t built_entries = 0;

  // A liveness bitmap (and a count of referencing pieces) for every immutable segment not
  // already prepared; preparing segments get one too, for their live-block count.
  std::vector<std::int32_t> slot(segments, kNone);
  std::vector<std::uint32_t> slot_segment;
  for (std::uint32_t s = 0; s < segments; ++s) {
    // A pinned segment has copies in flight whose blocks no mapping references yet: a bitmap
    // now would call them dead. It is judged by a later scan.
    if (log_.state(s) != SegmentState::kImmutable || reverse_.tracks(s) || log_.pinned(s)) continue;
    slot[s] = static_cast<std::int32_t>(slot_segment.size());
    slot_segment.push_back(s);
  }
  std::vector<std::vector<bool>> bitmap(slot_segment.size(), std::vector<bool>(blocks, false));
  std::vector<std::uint64_t> pieces(slot_segment.size(), 0);
  result.bitmaps_built = slot_segment.size();

  for (const Extent& extent : tl_.entries()) {
    ++result.mappings_scanned;
    Pba p = extent.physical;
    while (p < extent.physical_end()) {
      const std::uint32_t s = log_.segment_of(p);
      const Pba hi = std::min<Pba>(extent.physical_end(), log_.segment_start(s) + blocks);
      if (slot[s] != kNone) {
        std::vector<bool>& bits = bitmap[slot[s]];
        for (Pba b = p; b < hi; ++b) bits[b - log_.segment_start(s)] = true;
        ++pieces[slot[s]];
      }
      const std::int32_t k = pending_index[s];
      if (k != kNone && static_cast<std::size_t>(k) < active) {
        // Drop the most-live segments still being built until one more entry fits.
        while (active > 0 && reverse_.used_bytes() + (built_entries + 1) * bytes_per_entry > reverse_.limit_bytes()) {
          --active;
          built_entries -= built[active].size();
          built[active].clear();
          built[active].shrink_to_fit();
          result.dropped_for_memory.push_back(preparing[active].segment);
        }
        if (static_cast<std::size_t>(k) < active) {
          built[k].push_back(Extent{extent.logical + (p - extent.physical), p, hi - p});
          ++built_entries;
        }
      }
      p = hi;
    }
  }

  std::vector<SegmentLiveness> candidates;
  for (std::size_t i = 0; i < slot_segment.size(); ++i) {
    const std::uint32_t s = slot_segment[i];
    const auto live = static_cast<std::uint32_t>(std::count(bitmap[i].begin(), bitmap[i].end(), true));
    const SegmentLiveness liveness{s, live, pieces[i]};
    const std::int32_t k = pending_index[s];
    if (k != kNone && static_cast<std::size_t>(k) < active) {
      reverse_.install(s, built[k]);
      result.prepared.push_back(liveness);
    } else if (k == kNone && live <= config_.validity_threshold * blocks) {
      candidates.push_back(liveness);
    }
  }
  std::sort(result.prepared.begin(), result.prepared.end(), greedy_order);

  // Greedy selection within the reverse-map memory left after this cycle's installs.
  std::sort(candidates.begin(), candidates.end(), greedy_order);
  const std::uint64_t used = reverse_.used_bytes();
  std::uint64_t budget = reverse_.limit_bytes() > used ? reverse_.limit_bytes() - used : 0;
  for (const SegmentLiveness& c : candidates) {
    if (result.selected.size() >= config_.max_candidates_per_cycle) break;
    const std::uint64_t need = c.estimated_entries * bytes_per_entry;
    if (need > budget) continue;
    budget -= need;
    result.selected.push_back(c);
  }
  pending_ = result.selected;
  total_mappings_scanned_ += result.mappings_scanned;
  ++cycles_;
  return result;
}

}  // namespace ssdtlm::multi_reference
