// Multi-reference store data checks through many GC cycles ([Weiss et al. 2015]): snapshots keep
// their point-in-time data while the origin changes, and a randomized mix of writes, trims, clones,
// moves, deletes and snapshots under continuous mark-and-sweep never loses or frees a referenced
// block: every logical address is checked against an oracle, and no mapping may point into a free
// segment. Copies are left in flight across host operations and completed in any order, as a timed
// shell would.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <optional>
#include <set>
#include <utility>
#include <vector>

#include "models/common/rng.h"
#include "models/ftl/multi_reference/multi_reference_store.h"

namespace ssdtlm::multi_reference {
namespace {

using Oracle = std::vector<std::optional<std::uint64_t>>;

// Every (logical, physical) reference into the segment, block by block.
std::set<std::pair<Lba, Pba>> references_into(const std::vector<Extent>& extents, const SegmentLog& log,
                                              std::uint32_t segment) {
  std::set<std::pair<Lba, Pba>> refs;
  for (const Extent& e : extents) {
    for (std::uint64_t i = 0; i < e.length; ++i) {
      if (log.segment_of(e.physical + i) == segment) refs.emplace(e.logical + i, e.physical + i);
    }
  }
  return refs;
}

void expect_matches_oracle(const MultiReferenceStore& store, const Oracle& oracle, const char* when) {
  for (Lba l = 0; l < oracle.size(); ++l) {
    ASSERT_EQ(store.read(l), oracle[l]) << "lba " << l << " " << when;
  }
  const TranslationLayer& tl = store.translation_layer();
  std::vector<Extent> extents;
  std::uint64_t mapped = 0;
  const Extent* previous = nullptr;
  for (const Extent& e : tl.entries()) {
    if (previous != nullptr) {
      ASSERT_LE(previous->logical_end(), e.logical) << "overlapping extents " << when;
      ASSERT_FALSE(previous->logical_end() == e.logical && previous->physical_end() == e.physical)
          << "extents at " << previous->logical << " and " << e.logical << " not coalesced " << when;
    }
    previous = &e;
    mapped += e.length;
    extents.push_back(e);
    for (Pba p = e.physical; p < e.physical_end(); ++p) {
      ASSERT_NE(store.log().state(store.log().segment_of(p)), SegmentState::kFree)
          << "lba " << e.logical + (p - e.physical) << " references freed block " << p << " " << when;
    }
  }
  ASSERT_EQ(tl.mapped_blocks(), mapped);
  // The callbacks keep every pending reverse map exactly the references the map holds.
  for (std::uint32_t s = 0; s < store.log().segments(); ++s) {
    if (!store.reverse_maps().tracks(s)) continue;
    ASSERT_EQ(references_into(store.reverse_maps().entries_of(s), store.log(), s),
              references_into(extents, store.log(), s))
        << "reverse map of segment " << s << " " << when;
  }
}

// Scans and cleans until the host write fits; fails the test if GC cannot make room.
void make_room(MultiReferenceStore& store, std::uint64_t blocks) {
  for (int round = 0; round < 64 && !store.host_write_fits(blocks); ++round) {
    store.scan_cycle();
    store.clean(UINT64_MAX);
  }
  ASSERT_TRUE(store.host_write_fits(blocks)) << "GC made no room; utilization " << store.utilization();
}

MultiReferenceStoreConfig store_config(std::uint32_t segments, std::uint32_t segment_blocks, double validity_threshold) {
  MultiReferenceStoreConfig config;
  config.segments = segments;
  config.segment_blocks = segment_blocks;
  config.scanner.validity_threshold = validity_threshold;
  return config;
}

TEST(MultiReferenceGcData, SnapshotsKeepTheirDataThroughManyGcCycles) {
  MultiReferenceStore store(store_config(32, 16, 0.75));
  const Lba volume = 0;
  const std::uint64_t volume_blocks = 64;
  const Lba scratch = 512;  // rewritten every generation, interleaved with the volume, so
                            // segments holding snapshot data become half dead and get cleaned
  const std::vector<Lba> snapshot_at{1 << 20, 2 << 20, Lba{1} << 40};
  auto tag = [](Lba l, std::uint64_t generation) { return generation << 32 | l; };
  auto write_chunk = [&](Lba at, std::uint64_t g) {
    std::vector<std::uint64_t> tags;
    for (Lba i = at; i < at + 8; ++i) tags.push_back(tag(i, g));
    make_room(store, 8);
    store.write(at, tags);
  };
  auto write_generation = [&](std::uint64_t g) {
    for (Lba l = 0; l < volume_blocks; l += 8) {  // 8-block host writes, in shuffled order
      write_chunk(volume + (l * 3) % volume_blocks, g);
      write_chunk(scratch + l, g);
    }
  };
  std::uint64_t generation = 1;
  std::vector<std::uint64_t> snapshot_generation;
  write_generation(generation);
  store.snapshot(volume, volume_blocks, snapshot_at[0]);
  snapshot_generation.push_back(generation++);
  write_generation(generation);
  store.snapshot(volume, volume_blocks, snapshot_at[1]);
  snapshot_generation.push_back(generation);
  store.snapshot(snapshot_at[1], volume_blocks, snapshot_at[2]);  // a snapshot of a snapshot
  snapshot_generation.push_back(generation++);
  for (int round = 0; round < 60; ++round, ++generation) {
    write_generation(generation);
    store.scan_cycle();
    store.clean(UINT64_MAX);
    for (std::size_t s = 0; s < snapshot_at.size(); ++s) {
      for (Lba l = 0; l < volume_blocks; ++l) {
        ASSERT_EQ(store.read(snapshot_at[s] + l), tag(l, snapshot_generation[s])) << "snapshot " << s << " lba " << l;
      }
    }
    for (Lba l = 0; l < volume_blocks; ++l) ASSERT_EQ(store.read(volume + l), tag(l, generation));
  }
  // The point of the exercise: the snapshots' blocks were relocated, not just left alone, and
  // blocks shared by two snapshots were copied once with both references updated.
  EXPECT_GT(store.cleaner().segments_reclaimed(), 100u);
  EXPECT_GT(store.cleaner().blocks_copied(), 0u);
  EXPECT_GT(store.cleaner().mappings_updated(), store.cleaner().blocks_copied());  // shared blocks
}

class MultiReferenceGcRandom : public ::testing::TestWithParam<std::uint64_t> {};

TEST_P(MultiReferenceGcRandom, ClonesSnapshotsAndOverwritesNeverLoseReferencedData) {
  MultiReferenceStoreConfig config = store_config(64, 32, 0.9);
  config.translation_fanout = 4;  // a deep B+-tree: splits, freed nodes and root collapses
  config.reverse_map_limit_bytes = 24 * 200;  // small: segments get dropped and abandoned
  config.rate_limiter.panic_free_segments = 2;
  MultiReferenceStore store(config);
  // Logical layout: volume [0, 256), snapshot slots at 1024, 1536, 2048, clone area [3072, 3328).
  const Lba volume_blocks = 256;
  const std::vector<Lba> slots{1024, 1536, 2048};
  const Lba clone_area = 3072;
  Oracle oracle(4096);
  Rng rng(GetParam());
  std::uint64_t next_tag = 1;
  auto oracle_copy = [&](Lba src, Lba dst, std::uint64_t n) {
    const Oracle taken(oracle.begin() + static_cast<std::ptrdiff_t>(src),
                       oracle.begin() + static_cast<std::ptrdiff_t>(src + n));
    std::copy(taken.begin(), taken.end(), oracle.begin() + static_cast<std::ptrdiff_t>(dst));
  };
  auto oracle_unmap = [&](Lba lba, std::uint64_t n) {
    std::fill_n(oracle.begin() + static_cast<std::ptrdiff_t>(lba), n, std::nullopt);
  };
  std::uint64_t reclaimed_checked = 0;
  std::vector<CopyOp> in_flight;
  for (int step = 0; step < 6000; ++step) {
    const std::uint64_t op = rng.below(100);
    if (op < 60) {  // host write
      const std::uint64_t n = 1 + rng.below(16);
      const Lba lba = rng.below(volume_blocks - n + 1);
      if (!store.host_write_fits(n)) {  // the cleaner needs its copies finished to reclaim
        for (const CopyOp& c : in_flight) store.cleaner().complete_copy(c);
        in_flight.clear();
      }
      make_room(store, n);
      std::vector<std::uint64_t> tags;
      for (std::uint64_t i = 0; i < n; ++i) {
        tags.push_back(next_tag);
        oracle[lba + i] = next_tag++;
      }
      store.write(lba, tags);
    } else if (op < 64) {  // trim
      const std::uint64_t n = 1 + rng.below(32);
      const Lba lba = rng.below(volume_blocks - n + 1);
      store.trim(lba, n);
      oracle_unmap(lba, n);
    } else if (op < 68) {  // snapshot into a slot (replacing the snapshot there)
      const Lba slot = slots[rng.below(slots.size())];
      store.snapshot(0, volume_blocks, slot);
      oracle_copy(0, slot, volume_blocks);
    } else if (op < 70) {  // delete a snapshot
      const Lba slot = slots[rng.below(slots.size())];
      store.range_delete(slot, volume_blocks);
      oracle_unmap(slot, volume_blocks);
    } else if (op < 75) {  // clone part of the volume or a snapshot into the clone area
      const std::uint64_t n = 1 + rng.below(64);
      const Lba src = rng.below(2) == 0 ? rng.below(volume_blocks - n + 1) : slots[0] + rng.below(volume_blocks - n + 1);
      const Lba dst = clone_area + rng.below(volume_blocks - n + 1);
      store.range_copy(src, dst, n);
      oracle_copy(src, dst, n);
    } else if (op < 80) {  // move inside the clone area (overlaps allowed) or volume -> clone area
      const std::uint64_t n = 1 + rng.below(64);
      const Lba src = rng.below(2) == 0 ? clone_area + rng.below(volume_blocks - n + 1) : rng.below(volume_blocks - n + 1);
      const Lba dst = clone_area + rng.below(volume_blocks - n + 1);
      const Oracle taken(oracle.begin() + static_cast<std::ptrdiff_t>(src),
                         oracle.begin() + static_cast<std::ptrdiff_t>(src + n));
      store.range_move(src, dst, n);
      oracle_unmap(src, n);
      std::copy(taken.begin(), taken.end(), oracle.begin() + static_cast<std::ptrdiff_t>(dst));
    } else if (op < 84) {  // a scan cycle
      store.scan_cycle();
    } else if (op < 90) {  // issue copies and leave them in flight while the host goes on
      for (std::uint64_t i = rng.below(8); i > 0; --i) {
        const std::optional<CopyOp> c = store.cleaner().issue_copy();
        if (!c) break;
        in_flight.push_back(*c);
      }
    } else if (op < 94) {  // complete an in-flight copy (any order)
      if (!in_flight.empty()) {
        const std::size_t k = rng.below(in_flight.size());
        store.cleaner().complete_copy(in_flight[k]);
        in_flight.erase(in_flight.begin() + static_cast<std::ptrdiff_t>(k));
      }
    } else {  // part of a clean, so host operations land while segments wait
      store.clean(1 + rng.below(24));
    }
    if (step % 10 == 0 || op >= 80 || store.cleaner().segments_reclaimed() != reclaimed_checked) {
      reclaimed_checked = store.cleaner().segments_reclaimed();
      expect_matches_oracle(store, oracle, "during the run");
      if (HasFatalFailure()) return;
    }
    EXPECT_LE(store.reverse_maps().used_bytes(), config.reverse_map_limit_bytes);
  }
  expect_matches_oracle(store, oracle, "at the end");
  for (const CopyOp& c : in_flight) store.cleaner().complete_copy(c);
  expect_matches_oracle(store, oracle, "after the last copies");
  EXPECT_GT(store.cleaner().copies_wasted(), 0u);  // host writes overtook copies in flight
  EXPECT_LE(store.reverse_maps().peak_bytes(), config.reverse_map_limit_bytes);
  // The run exercised what it claims to.
  EXPECT_GT(store.cleaner().segments_reclaimed(), 200u);
  EXPECT_GT(store.reverse_maps().blocks_dropped_by_callbacks(), 0u);
  EXPECT_GT(store.cleaner().blocks_skipped(), 0u);
  std::printf("[ mjolnir ] reclaimed %llu segments, copied %llu blocks, skipped %llu, wasted %llu, "
              "abandoned %llu, mappings %zu\n",
              static_cast<unsigned long long>(store.cleaner().segments_reclaimed()),
              static_cast<unsigned long long>(store.cleaner().blocks_copied()),
              static_cast<unsigned long long>(store.cleaner().blocks_skipped()),
              static_cast<unsigned long long>(store.cleaner().copies_wasted()),
              static_cast<unsigned long long>(store.reverse_maps().segments_abandoned()),
              store.translation_layer().mapping_count());
}

INSTANTIATE_TEST_SUITE_P(Seeds, MultiReferenceGcRandom, ::testing::Values(20261122u, 7u));

// Table 2's measurement in miniature: every mapping of a populated map is scanned once per
// cycle. Prints the host's scan rate (mappings per second); asserts only the counts.
TEST(MultiReferenceGcData, ScanVisitsEveryMappingOnce) {
  const MultiReferenceStoreConfig config = store_config(256, 1024, 1.0);
  MultiReferenceStore store(config);
  const Lba blocks = 200'000;
  for (Lba l = 0; l < blocks; ++l) store.write(2 * l, {l});  // logical gaps: nothing coalesces
  ASSERT_EQ(store.translation_layer().mapping_count(), blocks);
  const auto start = std::chrono::steady_clock::now();
  const ScanCycleResult first = store.scan_cycle();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(first.mappings_scanned, blocks);
  EXPECT_EQ(first.bitmaps_built, blocks / 1024);  // 195 full segments; the 196th is open
  // Each segment's reverse map would take 1024 entries of 24 B: the 1 MiB limit admits 42.
  EXPECT_EQ(first.selected.size(), config.reverse_map_limit_bytes / (1024 * 24));
  const ScanCycleResult second = store.scan_cycle();
  EXPECT_EQ(second.mappings_scanned, blocks);
  EXPECT_EQ(store.scanner().total_mappings_scanned(), 2 * blocks);
  std::printf("[ mjolnir ] selection scan: %llu mappings in %.3f s = %.1f M mappings/s\n",
              static_cast<unsigned long long>(first.mappings_scanned), seconds, first.mappings_scanned / seconds / 1e6);
}

}  // namespace
}  // namespace ssdtlm::multi_reference
