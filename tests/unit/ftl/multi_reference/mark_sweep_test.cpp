// Mark and sweep on small hand-worked stores ([Weiss et al. 2015] sections 4.2 and 4.3): the
// two-scan pipeline, greedy selection under the validity threshold, the reverse-map memory
// limit, callbacks that drop overwritten data from pending cleans, and the cleaner's steps.
#include <gtest/gtest.h>

#include <vector>

#include "models/ftl/multi_reference/multi_reference_store.h"

namespace ssdtlm::multi_reference {
namespace {

MultiReferenceStoreConfig tiny(double threshold, std::uint64_t limit_bytes = 1 << 20) {
  MultiReferenceStoreConfig config;
  config.segments = 8;
  config.segment_blocks = 4;
  config.scanner.validity_threshold = threshold;
  config.reverse_map_limit_bytes = limit_bytes;
  config.reverse_map_entry_bytes = 24;
  config.rate_limiter.panic_free_segments = 1;
  return config;
}

// Tag of logical block l in generation g.
std::uint64_t tag(Lba l, std::uint64_t g) { return g * 1000 + l; }

void write_range(MultiReferenceStore& store, Lba lba, std::uint64_t length, std::uint64_t generation) {
  std::vector<std::uint64_t> tags;
  for (Lba l = lba; l < lba + length; ++l) tags.push_back(tag(l, generation));
  store.write(lba, tags);
}

std::vector<std::uint32_t> segments_of(const std::vector<SegmentLiveness>& list) {
  std::vector<std::uint32_t> result;
  for (const SegmentLiveness& s : list) result.push_back(s.segment);
  return result;
}

// Segments 0..2 written with lba 0..11; then lba 0-2 and 4-5 overwritten, leaving segment 0
// with 1 live block (lba 3) and segment 1 with 2 (lba 6, 7). Mappings afterwards:
// (0 -> 12, 3), (3 -> 3, 1), (4 -> 15, 2), (6 -> 6, 6).
void build_aged_store(MultiReferenceStore& store) {
  write_range(store, 0, 4, 1);
  write_range(store, 4, 4, 1);
  write_range(store, 8, 4, 1);
  write_range(store, 0, 3, 2);
  write_range(store, 4, 2, 2);
}

TEST(MultiReferenceMarkSweep, SegmentIsReclaimedAfterTwoPipelinedScans) {
  MultiReferenceStore store(tiny(0.5));
  build_aged_store(store);
  ASSERT_EQ(store.translation_layer().mapping_count(), 4u);

  const ScanCycleResult first = store.scan_cycle();  // candidate selection
  EXPECT_EQ(first.mappings_scanned, 4u);
  EXPECT_EQ(first.bitmaps_built, 4u);  // immutable segments 0..3 (4 is open)
  EXPECT_EQ(segments_of(first.selected), (std::vector<std::uint32_t>{0, 1}));  // greedy: 1 live, 2 live
  EXPECT_EQ(first.selected[0].live_blocks, 1u);
  EXPECT_EQ(first.selected[1].live_blocks, 2u);
  EXPECT_TRUE(first.prepared.empty());
  EXPECT_EQ(store.clean(100), 0u);  // nothing prepared yet: no segment is reclaimable

  const ScanCycleResult second = store.scan_cycle();  // candidate preparation
  EXPECT_EQ(segments_of(second.prepared), (std::vector<std::uint32_t>{0, 1}));
  EXPECT_TRUE(second.selected.empty());  // segments 2 and 3 are fully live
  EXPECT_EQ(store.reverse_maps().entries(0), 1u);
  EXPECT_EQ(store.reverse_maps().entries(1), 1u);
  EXPECT_EQ(store.reverse_maps().used_bytes(), 48u);

  EXPECT_EQ(store.log().free_segments(), 3u);
  EXPECT_EQ(store.clean(100), 3u);  // lba 3, 6, 7
  EXPECT_EQ(store.cleaner().segments_reclaimed(), 2u);
  EXPECT_EQ(store.log().free_segments(), 5u);
  EXPECT_EQ(store.log().state(0), SegmentState::kFree);
  EXPECT_EQ(store.reverse_maps().used_bytes(), 0u);
  EXPECT_EQ(store.translation_layer().lookup(3), Pba{17});  // head of the log: segment 4
  for (Lba l = 0; l < 12; ++l) EXPECT_EQ(store.read(l), tag(l, l < 3 || l == 4 || l == 5 ? 2 : 1)) << l;
}

TEST(MultiReferenceMarkSweep, SelectionTakesFewerSegmentsWhenTheMemoryLimitWouldBeExceeded) {
  MultiReferenceStore store(tiny(0.5, 24));  // room for one reverse-map entry
  build_aged_store(store);
  const ScanCycleResult first = store.scan_cycle();
  EXPECT_EQ(segments_of(first.selected), (std::vector<std::uint32_t>{0}));
}

TEST(MultiReferenceMarkSweep, PreparationDropsTheMostLiveSegmentWhenClonesOutgrowTheEstimate) {
  MultiReferenceStore store(tiny(0.5, 48));  // two entries
  build_aged_store(store);
  ASSERT_EQ(segments_of(store.scan_cycle().selected), (std::vector<std::uint32_t>{0, 1}));
  store.range_copy(6, 100, 2);  // new references into segment 1 ...
  store.range_copy(3, 200, 1);  // ... and segment 0, after selection estimated 1 entry each
  const ScanCycleResult second = store.scan_cycle();
  EXPECT_EQ(segments_of(second.prepared), (std::vector<std::uint32_t>{0}));
  EXPECT_EQ(second.dropped_for_memory, (std::vector<std::uint32_t>{1}));
  EXPECT_EQ(store.reverse_maps().entries(0), 2u);
  EXPECT_LE(store.reverse_maps().peak_bytes(), 48u);
  EXPECT_EQ(store.clean(100), 1u);  // one physical block, two references updated
  EXPECT_EQ(store.cleaner().mappings_updated(), 2u);
  EXPECT_EQ(store.read(3), tag(3, 1));
  EXPECT_EQ(store.read(200), tag(3, 1));
  EXPECT_EQ(store.translation_layer().lookup(3), store.translation_layer().lookup(200));
  // Segment 1 goes back to selection and is prepared two cycles later.
  EXPECT_EQ(segments_of(store.scan_cycle().selected), (std::vector<std::uint32_t>{1}));
  EXPECT_EQ(segments_of(store.scan_cycle().prepared), (std::vector<std::uint32_t>{1}));
  EXPECT_EQ(store.clean(100), 2u);
  for (Lba l : {6, 7}) {
    EXPECT_EQ(store.read(l), tag(l, 1));
    EXPECT_EQ(store.read(l + 94), tag(l, 1));
  }
}

TEST(MultiReferenceMarkSweep, OverwritesDuringAPendingCleanAreDroppedNotCopied) {
  for (const bool overwrite : {false, true}) {
    MultiReferenceStore store(tiny(1.0));
    write_range(store, 0, 8, 1);  // segments 0 and 1, fully live
    store.scan_cycle();
    ASSERT_EQ(segments_of(store.scan_cycle().prepared), (std::vector<std::uint32_t>{0, 1}));
    if (overwrite) {
      write_range(store, 1, 1, 2);
      write_range(store, 2, 1, 2);
      store.trim(5, 1);
    }
    const std::uint64_t copies = store.clean(100);
    EXPECT_EQ(copies, overwrite ? 5u : 8u);
    EXPECT_EQ(store.cleaner().blocks_copied(), copies);
    EXPECT_EQ(store.cleaner().blocks_skipped(), overwrite ? 3u : 0u);
    EXPECT_EQ(store.reverse_maps().blocks_dropped_by_callbacks(), overwrite ? 3u : 0u);
    EXPECT_EQ(store.cleaner().copies_wasted(), 0u);
    EXPECT_EQ(store.cleaner().segments_reclaimed(), 2u);
    for (Lba l = 0; l < 8; ++l) {
      if (overwrite && l == 5) {
        EXPECT_FALSE(store.read(l).has_value());
      } else {
        EXPECT_EQ(store.read(l), tag(l, overwrite && (l == 1 || l == 2) ? 2 : 1)) << l;
      }
    }
  }
}

TEST(MultiReferenceMarkSweep, MapIsUpdatedOnlyAfterTheCopyIsWritten) {
  MultiReferenceStore store(tiny(1.0));
  write_range(store, 0, 8, 1);
  store.range_copy(0, 100, 4);  // two references to every block of segment 0
  store.scan_cycle();
  store.scan_cycle();
  Cleaner& cleaner = store.cleaner();
  const std::optional<CopyOp> op = cleaner.issue_copy();
  ASSERT_TRUE(op.has_value());
  EXPECT_EQ(op->from, 0u);
  EXPECT_EQ(op->to, 8u);  // head of the log: segment 2
  // Programming: the map still points at the old copy, which still reads right.
  EXPECT_EQ(store.translation_layer().lookup(0), Pba{0});
  EXPECT_EQ(store.translation_layer().lookup(100), Pba{0});
  EXPECT_EQ(store.read(100), tag(0, 1));
  cleaner.complete_copy(*op);
  EXPECT_EQ(store.translation_layer().lookup(0), Pba{8});
  EXPECT_EQ(store.translation_layer().lookup(100), Pba{8});
  EXPECT_EQ(cleaner.mappings_updated(), 2u);

  // A copy overtaken by host writes to both its references is wasted, not applied.
  const std::optional<CopyOp> second = cleaner.issue_copy();
  ASSERT_TRUE(second.has_value());
  EXPECT_EQ(second->from, 1u);
  write_range(store, 1, 1, 2);
  write_range(store, 101, 1, 2);
  cleaner.complete_copy(*second);
  EXPECT_EQ(cleaner.copies_wasted(), 1u);
  EXPECT_EQ(store.read(1), tag(1, 2));
  EXPECT_EQ(store.read(101), tag(101, 2));
  store.clean(100);
  EXPECT_EQ(cleaner.segments_reclaimed(), 2u);
  for (Lba l : {0, 2, 3}) EXPECT_EQ(store.read(100 + l), tag(l, 1));
}

TEST(MultiReferenceMarkSweep, SegmentReceivingCopiesInFlightIsNotJudgedByTheScanner) {
  MultiReferenceStore store(tiny(1.0));
  write_range(store, 0, 4, 1);  // segment 0
  store.scan_cycle();
  store.scan_cycle();
  std::vector<CopyOp> ops;
  while (std::optional<CopyOp> op = store.cleaner().issue_copy()) ops.push_back(*op);
  ASSERT_EQ(ops.size(), 4u);  // into segment 1, which is now full (immutable) but unreferenced
  EXPECT_EQ(store.log().state(1), SegmentState::kImmutable);
  EXPECT_TRUE(store.log().pinned(1));
  const ScanCycleResult scan = store.scan_cycle();
  EXPECT_EQ(scan.bitmaps_built, 0u);  // segment 0 is prepared, segment 1 pinned
  EXPECT_TRUE(scan.selected.empty());
  for (const CopyOp& op : ops) store.cleaner().complete_copy(op);
  EXPECT_FALSE(store.log().pinned(1));
  EXPECT_EQ(store.cleaner().reclaim(), std::optional<std::uint32_t>{0});
  const ScanCycleResult after = store.scan_cycle();
  ASSERT_EQ(after.selected.size(), 1u);
  EXPECT_EQ(after.selected[0].segment, 1u);
  EXPECT_EQ(after.selected[0].live_blocks, 4u);
  for (Lba l = 0; l < 4; ++l) EXPECT_EQ(store.read(l), tag(l, 1));
}

TEST(MultiReferenceMarkSweep, CloneIntoAPendingSegmentIsTrackedByTheCallbacks) {
  MultiReferenceStore store(tiny(1.0));
  write_range(store, 0, 8, 1);
  store.scan_cycle();
  store.scan_cycle();
  store.range_copy(0, 50, 8);  // after preparation: only the callbacks know
  store.range_move(50, 70, 4);
  store.trim(0, 8);  // the original goes: only the clone keeps the data alive
  store.clean(100);
  EXPECT_EQ(store.cleaner().segments_reclaimed(), 2u);
  for (Lba l = 0; l < 4; ++l) EXPECT_EQ(store.read(70 + l), tag(l, 1));
  for (Lba l = 4; l < 8; ++l) EXPECT_EQ(store.read(50 + l), tag(l, 1));
  EXPECT_FALSE(store.read(50).has_value());
}

TEST(MultiReferenceMarkSweep, ReverseMapThatWouldOutgrowTheLimitIsAbandonedNotOverrun) {
  MultiReferenceStore store(tiny(1.0, 48));
  write_range(store, 0, 8, 1);
  store.scan_cycle();
  store.scan_cycle();
  ASSERT_EQ(store.reverse_maps().used_bytes(), 48u);
  store.range_copy(1, 300, 1);  // one more entry for segment 0 does not fit
  EXPECT_EQ(store.reverse_maps().segments_abandoned(), 1u);
  EXPECT_FALSE(store.reverse_maps().tracks(0));
  EXPECT_LE(store.reverse_maps().peak_bytes(), 48u);
  store.clean(100);
  EXPECT_EQ(store.cleaner().segments_reclaimed(), 1u);  // segment 1 only
  EXPECT_EQ(store.log().state(0), SegmentState::kImmutable);
  for (Lba l = 0; l < 8; ++l) EXPECT_EQ(store.read(l), tag(l, 1));
  EXPECT_EQ(store.read(300), tag(1, 1));
}

TEST(MultiReferenceMarkSweep, HostWritesAreRefusedInsideThePanicReserve) {
  MultiReferenceStore store(tiny(1.0));  // 8 segments of 4, 1 held back for the cleaner
  EXPECT_TRUE(store.host_write_fits(28));
  EXPECT_FALSE(store.host_write_fits(29));
  EXPECT_THROW(write_range(store, 0, 29, 1), std::runtime_error);
  write_range(store, 0, 28, 1);
  EXPECT_TRUE(store.bandwidth_share(1).panic);
}

}  // namespace
}  // namespace ssdtlm::multi_reference
