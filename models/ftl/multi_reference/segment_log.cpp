#include "models/ftl/multi_reference/segment_log.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace ssdtlm::multi_reference {

SegmentLog::SegmentLog(std::uint32_t segments, std::uint32_t segment_blocks)
    : segment_blocks_(segment_blocks),
      state_(segments, SegmentState::kFree),
      tags_(std::uint64_t{segments} * segment_blocks, kTrimmedTag),
      pins_(segments, 0) {
  if (segments < 2 || segment_blocks == 0) {
    throw std::invalid_argument("SegmentLog: needs at least 2 segments of at least 1 block, got " +
                                std::to_string(segments) + " x " + std::to_string(segment_blocks));
  }
  for (std::uint32_t s = 0; s < segments; ++s) free_.push_back(s);
}

std::uint64_t SegmentLog::appendable_blocks() const {
  const std::uint64_t open_room = has_open_ ? segment_blocks_ - open_fill_ : 0;
  return open_room + std::uint64_t{free_segments()} * segment_blocks_;
}

std::vector<PhysicalRun> SegmentLog::append(std::uint64_t length) {
  if (length > appendable_blocks()) {
    throw std::runtime_error("SegmentLog: out of space appending " + std::to_string(length) + " blocks (" +
                             std::to_string(appendable_blocks()) + " appendable)");
  }
  std::vector<PhysicalRun> runs;
  while (length > 0) {
    if (!has_open_) {
      open_ = free_.front();
      free_.pop_front();
      state_[open_] = SegmentState::kOpen;
      open_fill_ = 0;
      has_open_ = true;
      ++segments_allocated_;
    }
    const std::uint64_t take = std::min<std::uint64_t>(length, segment_blocks_ - open_fill_);
    runs.push_back(PhysicalRun{segment_start(open_) + open_fill_, take});
    open_fill_ += static_cast<std::uint32_t>(take);
    length -= take;
    if (open_fill_ == segment_blocks_) {  // full: immutable from now on (section 2)
      state_[open_] = SegmentState::kImmutable;
      has_open_ = false;
    }
  }
  return runs;
}

void SegmentLog::trim(std::uint32_t segment) {
  if (state_[segment] != SegmentState::kImmutable || pins_[segment] != 0) {
    throw std::logic_error("SegmentLog: trim of segment " + std::to_string(segment) +
                           " which is not immutable or has programs in flight");
  }
  std::fill_n(tags_.begin() + static_cast<std::ptrdiff_t>(segment_start(segment)), segment_blocks_, kTrimmedTag);
  state_[segment] = SegmentState::kFree;
  free_.push_back(segment);
  ++segments_trimmed_;
}

void SegmentLog::unpin(std::uint32_t segment) {
  if (pins_[segment] == 0) throw std::logic_error("SegmentLog: unpin of unpinned segment " + std::to_string(segment));
  --pins_[segment];
}

}  // namespace ssdtlm::multi_reference
