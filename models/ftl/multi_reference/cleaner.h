#pragma once
// The cleaner of the sweep phase, [Weiss et al. 2015] section 4.3, as a step API so a timed
// shell can put the flash operations between the steps:
//   issue_copy()     picks the next block of the current candidate segment that some logical
//                    address still references (per the reverse map, kept exact by the map
//                    callbacks) and allocates its new place at the head of the log; the
//                    caller reads the old block and programs the new one;
//   complete_copy()  the program is done: the new block gets the data, then the translation
//                    layer is updated one mapping at a time, each only if it still points at
//                    the old block (until then old and new copies are both valid);
//   reclaim()        once every referenced block is relocated and no copy is in flight, the
//                    segment is trimmed and returned to the free pool.
// Blocks whose references were all overwritten while the segment waited are never copied
// (section 4.3.1): blocks_skipped counts them.
#include <cstdint>
#include <deque>
#include <optional>
#include <vector>

#include "models/ftl/multi_reference/reverse_maps.h"
#include "models/ftl/multi_reference/scanner.h"
#include "models/ftl/multi_reference/segment_log.h"
#include "models/ftl/multi_reference/translation_layer.h"

namespace ssdtlm::multi_reference {

struct CopyOp {
  std::uint32_t segment = 0;
  Pba from = 0;
  Pba to = 0;
};

class Cleaner {
 public:
  Cleaner(SegmentLog& log, TranslationLayer& tl, ReverseMaps& reverse);

  // Queues a segment the scanner prepared; live_blocks is its count at preparation.
  void enqueue(const SegmentLiveness& prepared);
  bool has_work() const { return !queue_.empty(); }
  // Referenced blocks left to copy in the queued segments (the rate limiter's GC backlog).
  std::uint64_t outstanding_blocks() const;
  // Fraction of the queued segments' blocks that are dead (the rate limiter's invalidity).
  double candidate_invalidity() const;

  // Next copy of the front segment, or nothing when it has none left (or the log is full).
  std::optional<CopyOp> issue_copy();
  void complete_copy(const CopyOp& op);
  // Trims the front segment if it is fully relocated; returns it.
  std::optional<std::uint32_t> reclaim();

  std::uint64_t blocks_copied() const { return blocks_copied_; }
  std::uint64_t blocks_skipped() const { return blocks_skipped_; }
  std::uint64_t mappings_updated() const { return mappings_updated_; }
  std::uint64_t copies_wasted() const { return copies_wasted_; }
  std::uint64_t segments_reclaimed() const { return segments_reclaimed_; }
  std::uint64_t in_flight() const { return in_flight_total_; }

 private:
  struct Job {
    SegmentLiveness prepared;
    std::uint32_t cursor = 0;  // next block offset to consider
    std::uint32_t in_flight = 0;
    std::uint32_t issued = 0;
  };
  // Drops front jobs whose reverse map was abandoned (memory limit) and nothing is in flight.
  void drop_abandoned();

  SegmentLog& log_;
  TranslationLayer& tl_;
  ReverseMaps& reverse_;
  std::deque<Job> queue_;
  std::uint64_t in_flight_total_ = 0;
  std::uint64_t blocks_copied_ = 0;
  std::uint64_t blocks_skipped_ = 0;
  std::uint64_t mappings_updated_ = 0;
  std::uint64_t copies_wasted_ = 0;
  std::uint64_t segments_reclaimed_ = 0;
};

}  // namespace ssdtlm::multi_reference
