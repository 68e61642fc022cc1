#include "models/ftl/multi_reference/reverse_maps.h"

#include <algorithm>
#include <iterator>
#include <stdexcept>

namespace ssdtlm::multi_reference {

namespace {
// The first entry that may cover pba: none of a segment's entries is longer than max_length,
// so those covering pba start at most max_length - 1 blocks before it.
template <typename Entries>
auto first_covering(Entries& entries, std::uint64_t max_length, Pba pba, Pba segment_start) {
  const Pba from = pba >= segment_start + max_length ? pba - max_length + 1 : segment_start;
  return entries.lower_bound(from);
}
}  // namespace

ReverseMaps::ReverseMaps(std::uint32_t segment_blocks, std::uint64_t limit_bytes, std::uint32_t bytes_per_entry)
    : segment_blocks_(segment_blocks), limit_bytes_(limit_bytes), bytes_per_entry_(bytes_per_entry) {
  if (bytes_per_entry == 0) throw std::invalid_argument("ReverseMaps: bytes_per_entry must be > 0");
}

template <typename F>
void ReverseMaps::for_each_segment_piece(const Extent& e, F f) const {
  Pba p = e.physical;
  while (p < e.physical_end()) {
    const std::uint32_t segment = static_cast<std::uint32_t>(p / segment_blocks_);
    const Pba segment_end = Pba{segment + 1} * segment_blocks_;
    const Pba hi = std::min(e.physical_end(), segment_end);
    f(segment, Extent{e.logical + (p - e.physical), p, hi - p});
    p = hi;
  }
}

void ReverseMaps::add_entry(SegmentMap& map, const Extent& entry) {
  map.entries.emplace(entry.physical, entry);
  map.max_length = std::max(map.max_length, entry.length);
  ++entry_count_;
  peak_bytes_ = std::max(peak_bytes_, used_bytes());
}

void ReverseMaps::install(std::uint32_t segment, const std::vector<Extent>& entries) {
  SegmentMap& map = maps_[segment];
  for (const Extent& e : entries) add_entry(map, e);
}

void ReverseMaps::release(std::uint32_t segment) {
  auto it = maps_.find(segment);
  if (it == maps_.end()) return;
  entry_count_ -= it->second.entries.size();
  maps_.erase(it);
}

std::uint64_t ReverseMaps::entries(std::uint32_t segment) const {
  auto it = maps_.find(segment);
  return it == maps_.end() ? 0 : it->second.entries.size();
}

std::vector<Extent> ReverseMaps::entries_of(std::uint32_t segment) const {
  std::vector<Extent> result;
  auto it = maps_.find(segment);
  if (it == maps_.end()) return result;
  for (const auto& [physical, entry] : it->second.entries) result.push_back(entry);
  return result;
}

std::vector<Lba> ReverseMaps::referrers(Pba pba) const {
  std::vector<Lba> result;
  auto it = maps_.find(static_cast<std::uint32_t>(pba / segment_blocks_));
  if (it == maps_.end()) return result;
  const SegmentMap& map = it->second;
  const Pba segment_start = Pba{it->first} * segment_blocks_;
  for (auto e = first_covering(map.entries, map.max_length, pba, segment_start);
       e != map.entries.end() && e->first <= pba; ++e) {
    if (pba < e->second.physical_end()) result.push_back(e->second.logical + (pba - e->second.physical));
  }
  std::sort(result.begin(), result.end());
  return result;
}

bool ReverseMaps::referenced(Pba pba) const { return !referrers(pba).empty(); }

bool ReverseMaps::fits(std::uint32_t segment, std::uint64_t more_entries) {
  if (used_bytes() + more_entries * bytes_per_entry_ <= limit_bytes_) return true;
  release(segment);
  ++segments_abandoned_;
  return false;
}

void ReverseMaps::on_unmapped(const Extent& removed) {
  for_each_segment_piece(removed, [&](std::uint32_t segment, const Extent& piece) {
    auto it = maps_.find(segment);
    if (it == maps_.end()) return;
    SegmentMap& map = it->second;
    const std::int64_t diagonal = static_cast<std::int64_t>(piece.logical - piece.physical);
    std::vector<Extent> remainders;
    auto e = first_covering(map.entries, map.max_length, piece.physical, Pba{segment} * segment_blocks_);
    while (e != map.entries.end() && e->first < piece.physical_end()) {
      const Extent entry = e->second;
      const bool same_diagonal = static_cast<std::int64_t>(entry.logical - entry.physical) == diagonal;
      const Pba lo = std::max(entry.physical, piece.physical);
      const Pba hi = std::min(entry.physical_end(), piece.physical_end());
      if (!same_diagonal || lo >= hi) {
        ++e;
        continue;
      }
      e = map.entries.erase(e);
      --entry_count_;
      if (!relocating_) blocks_dropped_ += hi - lo;
      if (entry.physical < lo) remainders.push_back(Extent{entry.logical, entry.physical, lo - entry.physical});
      if (hi < entry.physical_end()) {
        remainders.push_back(Extent{entry.logical + (hi - entry.physical), hi, entry.physical_end() - hi});
      }
    }
    // Cutting an entry in two costs one more entry; checked before it is spent.
    if (!fits(segment, remainders.size())) return;
    for (const Extent& r : remainders) add_entry(map, r);
  });
}

void ReverseMaps::on_mapped(const Extent& added) {
  for_each_segment_piece(added, [&](std::uint32_t segment, const Extent& piece) {
    auto it = maps_.find(segment);
    if (it == maps_.end()) return;
    if (fits(segment, 1)) add_entry(it->second, piece);
  });
}

}  // namespace ssdtlm::multi_reference
