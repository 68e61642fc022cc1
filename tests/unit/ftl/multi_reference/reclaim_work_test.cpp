// [Weiss et al. 2015] Table 3's structure, untimed: reclaiming one segment of data that n snapshots
// share. Both scans visit every mapping of every snapshot, the reverse map holds an entry per
// referencing piece and the cleaner updates every reference, so the work grows linearly with
// the snapshots, while the data is copied exactly once.
#include <gtest/gtest.h>

#include <vector>

#include "models/ftl/multi_reference/multi_reference_store.h"

namespace ssdtlm::multi_reference {
namespace {

TEST(MultiReferenceReclaimWork, GrowsLinearlyWithSnapshotsWhileDataIsCopiedOnce) {
  for (const std::uint64_t snapshots : {1u, 10u, 100u}) {
    MultiReferenceStoreConfig config;
    config.segments = 8;
    config.segment_blocks = 64;
    config.scanner.validity_threshold = 1.0;  // reclaim any segment, as the paper's set-up
    config.reverse_map_limit_bytes = 1 << 24;
    MultiReferenceStore store(config);
    // One segment of data in 8-block writes, out of logical order: 8 mappings.
    for (const Lba chunk : {0, 2, 4, 6, 1, 3, 5, 7}) {
      std::vector<std::uint64_t> tags;
      for (Lba l = chunk * 8; l < chunk * 8 + 8; ++l) tags.push_back(1000 + l);
      store.write(chunk * 8, tags);
    }
    ASSERT_EQ(store.translation_layer().mapping_count(), 8u);
    for (std::uint64_t s = 1; s <= snapshots; ++s) store.snapshot(0, 64, s << 32);
    const std::uint64_t mappings = 8 * (snapshots + 1);
    const ScanCycleResult selection = store.scan_cycle();
    EXPECT_EQ(selection.mappings_scanned, mappings);
    ASSERT_EQ(selection.selected.size(), 1u);
    EXPECT_EQ(selection.selected[0].estimated_entries, mappings);
    const ScanCycleResult preparation = store.scan_cycle();
    EXPECT_EQ(preparation.mappings_scanned, mappings);
    EXPECT_EQ(store.reverse_maps().entries(0), mappings);
    EXPECT_EQ(store.reverse_maps().used_bytes(), mappings * 24);
    EXPECT_EQ(store.clean(UINT64_MAX), 64u);
    EXPECT_EQ(store.cleaner().mappings_updated(), 64 * (snapshots + 1));
    EXPECT_EQ(store.cleaner().segments_reclaimed(), 1u);
    // Relocated in physical order, every reference coalesces again: 8 mappings per copy.
    EXPECT_EQ(store.translation_layer().mapping_count(), mappings);
    for (std::uint64_t s = 0; s <= snapshots; ++s) {
      for (Lba l = 0; l < 64; ++l) ASSERT_EQ(store.read((s << 32) + l), 1000 + l) << s;
    }
  }
}

}  // namespace
}  // namespace ssdtlm::multi_reference
