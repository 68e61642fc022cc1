#pragma once
// The log-structured physical store of [Weiss et al. 2015] section 2: physical space is managed in
// segments; every write (host or cleaner) goes to the head of the log; a segment that fills
// becomes immutable; the cleaner trims a reclaimed segment and returns it to the free pool.
// Each physical block holds a content tag so tests can check that every read returns what
// was last written (data mode). A trimmed block holds kTrimmedTag: a logical address left
// pointing at it would read that, which the data checks catch.
#include <cstdint>
#include <deque>
#include <vector>

#include "models/ftl/multi_reference/extent.h"

namespace ssdtlm::multi_reference {

constexpr std::uint64_t kTrimmedTag = ~std::uint64_t{0};

enum class SegmentState { kFree, kOpen, kImmutable };

struct PhysicalRun {
  Pba physical = 0;
  std::uint64_t length = 0;
};

class SegmentLog {
 public:
  SegmentLog(std::uint32_t segments, std::uint32_t segment_blocks);

  std::uint32_t segments() const { return static_cast<std::uint32_t>(state_.size()); }
  std::uint32_t segment_blocks() const { return segment_blocks_; }
  std::uint32_t segment_of(Pba pba) const { return static_cast<std::uint32_t>(pba / segment_blocks_); }
  Pba segment_start(std::uint32_t segment) const { return Pba{segment} * segment_blocks_; }
  SegmentState state(std::uint32_t segment) const { return state_[segment]; }
  std::uint32_t free_segments() const { return static_cast<std::uint32_t>(free_.size()); }
  // Blocks that can still be appended: the rest of the open segment plus every free one.
  std::uint64_t appendable_blocks() const;

  // Appends `length` blocks at the head; they may span segments, hence several runs. Throws
  // std::runtime_error when the log is out of space (the rate limiter is there to prevent it).
  std::vector<PhysicalRun> append(std::uint64_t length);
  void program(Pba pba, std::uint64_t tag) { tags_[pba] = tag; }
  std::uint64_t read(Pba pba) const { return tags_[pba]; }
  // Erases an immutable segment and returns it to the free pool (FIFO).
  void trim(std::uint32_t segment);

  // A segment with programs still in flight (the cleaner's copies into it, whose new blocks
  // no mapping references yet) is pinned: the scanner must not judge it and nobody may trim it.
  void pin(std::uint32_t segment) { ++pins_[segment]; }
  void unpin(std::uint32_t segment);
  bool pinned(std::uint32_t segment) const { return pins_[segment] != 0; }

  std::uint64_t segments_allocated() const { return segments_allocated_; }
  std::uint64_t segments_trimmed() const { return segments_trimmed_; }

 private:
  std::uint32_t segment_blocks_;
  std::vector<SegmentState> state_;
  std::vector<std::uint64_t> tags_;
  std::vector<std::uint32_t> pins_;
  std::deque<std::uint32_t> free_;
  bool has_open_ = false;
  std::uint32_t open_ = 0;
  std::uint32_t open_fill_ = 0;
  std::uint64_t segments_allocated_ = 0;
  std::uint64_t segments_trimmed_ = 0;
};

}  // namespace ssdtlm::multi_reference
