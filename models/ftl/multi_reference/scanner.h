#pragma once
// The scanner of the mark phase, [Weiss et al. 2015] section 4.2. One scan cycle is one traversal
// of the translation layer that does both halves of the mark phase, pipelined (4.2.2):
//   * candidate selection: a liveness bitmap for every immutable segment that is neither
//     prepared nor being prepared; after the traversal the segments whose live fraction is
//     <= validity_threshold are picked greedily (fewest live blocks first) for preparation in
//     the NEXT cycle, as many as their estimated reverse maps fit in the memory left;
//   * candidate preparation: for the segments selected by the PREVIOUS cycle, the same
//     traversal builds reverse maps (4.2.1). Memory is checked entry by entry against the
//     limit; when it would be exceeded, the selected segment with the most live blocks that is
//     still being built is dropped (its entries freed) and goes back to the selection pool.
// So every segment takes two full scans before the cleaner may reclaim it, as in the paper.
//
// The traversal is atomic here (the functional model applies it at one instant, in logical
// order); its CPU cost is exposed as mappings_scanned, and scan_schedule.h turns the mapping
// distribution into the makespan of N scanner threads with the paper's reassignment.
#include <cstdint>
#include <vector>

#include "models/ftl/multi_reference/reverse_maps.h"
#include "models/ftl/multi_reference/segment_log.h"
#include "models/ftl/multi_reference/translation_layer.h"

namespace ssdtlm::multi_reference {

struct ScannerConfig {
  // A segment is a candidate when live_blocks <= validity_threshold * segment_blocks; 1.0
  // makes every immutable segment a candidate (the paper's Table 2/3 set-up).
  double validity_threshold = 0.75;
  std::uint32_t max_candidates_per_cycle = 0xffffffffu;
};

struct SegmentLiveness {
  std::uint32_t segment = 0;
  std::uint32_t live_blocks = 0;
  std::uint64_t estimated_entries = 0;  // mapping pieces that referenced it during the scan
};

struct ScanCycleResult {
  std::uint64_t mappings_scanned = 0;
  std::uint64_t bitmaps_built = 0;
  std::vector<SegmentLiveness> selected;  // to be prepared by the next cycle, greedy order
  std::vector<SegmentLiveness> prepared;  // reverse maps installed by this cycle
  std::vector<std::uint32_t> dropped_for_memory;
};

class Scanner {
 public:
  Scanner(const ScannerConfig& config, const SegmentLog& log, const TranslationLayer& tl, ReverseMaps& reverse);

  ScanCycleResult run_cycle();
  const std::vector<SegmentLiveness>& pending() const { return pending_; }
  std::uint64_t total_mappings_scanned() const { return total_mappings_scanned_; }
  std::uint64_t cycles() const { return cycles_; }

 private:
  ScannerConfig config_;
  const SegmentLog& log_;
  const TranslationLayer& tl_;
  ReverseMaps& reverse_;
  std::vector<SegmentLiveness> pending_;  // selected by the last cycle, greedy order
  std::uint64_t total_mappings_scanned_ = 0;
  std::uint64_t cycles_ = 0;
};

}  // namespace ssdtlm::multi_reference
