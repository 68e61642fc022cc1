#pragma once
// Reverse maps of the segments prepared for cleaning ([Weiss et al. 2015] sections 4.2.1 and 4.3.1).
// Only candidate segments get one (selective segment tracking); each entry says that the
// logical extent [logical, +length) references the physical blocks [physical, +length) of that
// segment. Memory is accounted as entries * bytes_per_entry against a configured limit.
//
// As the translation layer's observer it keeps the maps exact while segments wait:
//   * an unmapped piece (overwrite, trim, delete, move source) is cut out of the entries on
//     the same diagonal (logical - physical), so the cleaner does not copy dead data;
//   * a mapped piece into a tracked segment (a clone or move of a reference into it) is
//     added, so the cleaner updates that reference too before trimming.
// If an update would push memory over the limit, the segment is abandoned: its reverse map
// is released and it stays immutable, to be reconsidered by a later scan. That is safe at any
// point of its cleaning: blocks already relocated are simply dead in the old segment.
#include <cstdint>
#include <map>
#include <vector>

#include "models/ftl/multi_reference/extent.h"
#include "models/ftl/multi_reference/translation_layer.h"

namespace ssdtlm::multi_reference {

class ReverseMaps : public TranslationObserver {
 public:
  ReverseMaps(std::uint32_t segment_blocks, std::uint64_t limit_bytes, std::uint32_t bytes_per_entry);

  bool tracks(std::uint32_t segment) const { return maps_.count(segment) != 0; }
  // Installs the map the scanner built; the scanner has checked it fits in the limit.
  void install(std::uint32_t segment, const std::vector<Extent>& entries);
  void release(std::uint32_t segment);

  // Logical addresses that reference this physical block, in increasing order.
  std::vector<Lba> referrers(Pba pba) const;
  bool referenced(Pba pba) const;

  std::uint64_t entries(std::uint32_t segment) const;
  // The segment's entries in physical order (for checks and reports).
  std::vector<Extent> entries_of(std::uint32_t segment) const;
  std::uint64_t used_bytes() const { return entry_count_ * bytes_per_entry_; }
  std::uint64_t peak_bytes() const { return peak_bytes_; }
  std::uint64_t limit_bytes() const { return limit_bytes_; }
  std::uint32_t bytes_per_entry() const { return bytes_per_entry_; }
  // Blocks cut out of pending reverse maps because the host overwrote, trimmed, deleted or
  // moved their references (not counting the cleaner's own remaps).
  std::uint64_t blocks_dropped_by_callbacks() const { return blocks_dropped_; }
  std::uint64_t segments_abandoned() const { return segments_abandoned_; }

  // The cleaner's own remaps also unmap old pieces; while it says so, those drops are not
  // counted as host overwrites.
  void set_relocating(bool relocating) { relocating_ = relocating; }

  void on_unmapped(const Extent& removed) override;
  void on_mapped(const Extent& added) override;

 private:
  struct SegmentMap {
    std::multimap<Pba, Extent> entries;  // keyed by physical start
    // No entry is longer than this (it only grows), so the entries covering a block start at
    // most max_length - 1 blocks before it: look-ups need not walk the whole segment.
    std::uint64_t max_length = 0;
  };
  void add_entry(SegmentMap& map, const Extent& entry);
  // Whether more_entries still fit in the limit; if not, abandons the segment.
  bool fits(std::uint32_t segment, std::uint64_t more_entries);
  // Calls f(segment, piece) for each piece of e that lies in one segment.
  template <typename F>
  void for_each_segment_piece(const Extent& e, F f) const;

  std::uint32_t segment_blocks_;
  std::uint64_t limit_bytes_;
  std::uint32_t bytes_per_entry_;
  std::map<std::uint32_t, SegmentMap> maps_;
  std::uint64_t entry_count_ = 0;
  std::uint64_t peak_bytes_ = 0;
  std::uint64_t blocks_dropped_ = 0;
  std::uint64_t segments_abandoned_ = 0;
  bool relocating_ = false;
};

}  // namespace ssdtlm::multi_reference
