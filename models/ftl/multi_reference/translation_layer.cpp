#include "models/ftl/multi_reference/translation_layer.h"

#include <stdexcept>
#include <string>

namespace ssdtlm::multi_reference {

void TranslationLayer::check_range(const char* what, Lba lba, std::uint64_t length) {
  if (length == 0 || lba >= kLogicalSpaceBlocks || length > kLogicalSpaceBlocks - lba) {
    throw std::invalid_argument(std::string(what) + ": logical range [" + std::to_string(lba) + ", +" +
                                std::to_string(length) + ") is empty or outside the 2^48-block logical space");
  }
}

std::optional<Pba> TranslationLayer::lookup(Lba lba) const {
  auto it = entries_.upper_bound(lba);
  if (it == entries_.begin()) return std::nullopt;
  --it;
  const Extent& e = *it;
  if (lba >= e.logical_end()) return std::nullopt;
  return e.physical + (lba - e.logical);
}

std::vector<Extent> TranslationLayer::extents_in(Lba lba, std::uint64_t length) const {
  std::vector<Extent> pieces;
  const Lba end = lba + length;
  auto it = entries_.upper_bound(lba);
  if (it != entries_.begin()) --it;
  for (; it != entries_.end() && it->logical < end; ++it) {
    const Extent& e = *it;
    const Lba lo = std::max(lba, e.logical);
    const Lba hi = std::min(end, e.logical_end());
    if (lo >= hi) continue;
    pieces.push_back(Extent{lo, e.physical + (lo - e.logical), hi - lo});
  }
  return pieces;
}

void TranslationLayer::split_at(Lba lba) {
  auto it = entries_.upper_bound(lba);
  if (it == entries_.begin()) return;
  --it;
  Extent& e = entries_.mutable_value(it);
  if (e.logical == lba || lba >= e.logical_end()) return;
  const std::uint64_t head = lba - e.logical;
  const Extent tail{lba, e.physical + head, e.length - head};
  e.length = head;
  entries_.insert(tail);
}

void TranslationLayer::remove_range(Lba lba, std::uint64_t length) {
  const Lba end = lba + length;
  split_at(lba);
  split_at(end);
  std::vector<Extent> removed;
  auto it = entries_.lower_bound(lba);
  while (it != entries_.end() && it->logical < end) {
    removed.push_back(*it);
    mapped_blocks_ -= it->length;
    it = entries_.erase(it);
  }
  // Reported after the map is consistent again, so an observer may look the map up.
  if (observer_ != nullptr) {
    for (const Extent& e : removed) observer_->on_unmapped(e);
  }
}

void TranslationLayer::insert(const Extent& extent) {
  Extent merged = extent;
  auto next = entries_.lower_bound(extent.logical);
  if (next != entries_.begin()) {
    auto prev = next;
    --prev;
    if (prev->logical_end() == merged.logical && prev->physical_end() == merged.physical) {
      merged.logical = prev->logical;
      merged.physical = prev->physical;
      merged.length += prev->length;
      next = entries_.erase(prev);  // erase invalidates; it returns the new successor
    }
  }
  if (next != entries_.end() && next->logical == merged.logical_end() && next->physical == merged.physical_end()) {
    merged.length += next->length;
    entries_.erase(next);
  }
  entries_.insert(merged);
  mapped_blocks_ += extent.length;
  if (observer_ != nullptr) observer_->on_mapped(extent);
}

void TranslationLayer::map(Lba lba, Pba pba, std::uint64_t length) {
  check_range("map", lba, length);
  remove_range(lba, length);
  insert(Extent{lba, pba, length});
}

void TranslationLayer::unmap(Lba lba, std::uint64_t length) {
  check_range("unmap", lba, length);
  remove_range(lba, length);
}

void TranslationLayer::range_copy(Lba src, Lba dst, std::uint64_t length) {
  check_range("range_copy source", src, length);
  check_range("range_copy destination", dst, length);
  const std::vector<Extent> pieces = extents_in(src, length);  // taken first: ranges may overlap
  remove_range(dst, length);
  for (const Extent& p : pieces) insert(Extent{dst + (p.logical - src), p.physical, p.length});
}

void TranslationLayer::range_move(Lba src, Lba dst, std::uint64_t length) {
  check_range("range_move source", src, length);
  check_range("range_move destination", dst, length);
  const std::vector<Extent> pieces = extents_in(src, length);
  remove_range(src, length);
  remove_range(dst, length);
  for (const Extent& p : pieces) insert(Extent{dst + (p.logical - src), p.physical, p.length});
}

bool TranslationLayer::remap_if(Lba lba, Pba old_pba, Pba new_pba) {
  const std::optional<Pba> current = lookup(lba);
  if (!current || *current != old_pba) return false;
  remove_range(lba, 1);
  insert(Extent{lba, new_pba, 1});
  return true;
}

}  // namespace ssdtlm::multi_reference
