// Parallel scanner threads with the flag-and-barrier reassignment of [Weiss et al. 2015] section 4.2.3:
// an exact hand-worked schedule and the speed-up curve of Fig. 3 (1..12 threads).
#include <gtest/gtest.h>

#include <cstdio>
#include <vector>

#include "models/ftl/multi_reference/scan_schedule.h"
#include "models/ftl/multi_reference/translation_layer.h"

namespace ssdtlm::multi_reference {
namespace {

TEST(MultiReferenceScanSchedule, HandWorkedReassignment) {
  // 8 mappings at addresses 0..7 in the span [0, 16): the static halves give thread 0 all of
  // them and thread 1 none. Thread 1 raises the flag at once; thread 0 sees it after its first
  // check (2 mappings, 20 ps); after the 5 ps barrier the leader halves thread 0's remaining
  // range [2, 8) into [2, 5) and [5, 8): 3 mappings each, 30 ps.
  const std::vector<Lba> starts{0, 1, 2, 3, 4, 5, 6, 7};
  ScanScheduleConfig config;
  config.threads = 2;
  config.cost_per_mapping_ps = 10;
  config.check_interval_mappings = 2;
  config.barrier_cost_ps = 5;
  const ScanSchedule two = simulate_scan(starts, 0, 16, config);
  EXPECT_EQ(two.makespan_ps, 55u);  // 20 + 5 + 30
  EXPECT_EQ(two.reassignments, 1u);
  EXPECT_EQ(two.mappings_per_thread, (std::vector<std::uint64_t>{5, 3}));
  config.threads = 1;
  const ScanSchedule one = simulate_scan(starts, 0, 16, config);
  EXPECT_EQ(one.makespan_ps, 80u);
  EXPECT_EQ(one.reassignments, 0u);
}

TEST(MultiReferenceScanSchedule, EvenlySpreadMappingsNeedNoReassignment) {
  std::vector<Lba> starts;
  for (Lba l = 0; l < 1200; ++l) starts.push_back(l * 10);
  ScanScheduleConfig config;
  config.threads = 12;
  config.cost_per_mapping_ps = 7;
  const ScanSchedule s = simulate_scan(starts, 0, 12000, config);
  EXPECT_EQ(s.makespan_ps, 700u);  // 100 mappings each
  EXPECT_EQ(s.reassignments, 0u);
}

// Fig. 3's set-up in miniature: one segment's worth of fragmented data and many snapshots of
// it, so the mappings sit in clusters across a sparse logical space.
TEST(MultiReferenceScanSchedule, SnapshotHeavyMapScalesNearLinearlyTo12Threads) {
  TranslationLayer tl;
  const Lba volume_blocks = 1024;
  for (Lba l = 0; l < volume_blocks; l += 2) tl.map(l, l / 2, 1);  // even blocks, then odd:
  for (Lba l = 1; l < volume_blocks; l += 2) tl.map(l, 4096 + l, 1);  // nothing coalesces
  ASSERT_EQ(tl.mapping_count(), volume_blocks);
  const int snapshots = 200;
  for (int s = 1; s <= snapshots; ++s) tl.range_copy(0, Lba(s) << 20, volume_blocks);
  ASSERT_EQ(tl.mapping_count(), volume_blocks * (snapshots + 1));

  ScanScheduleConfig config;  // defaults: 100 ns per mapping, check every 64, 2 us barrier
  config.threads = 1;
  const std::uint64_t serial = simulate_scan(tl, config).makespan_ps;
  EXPECT_EQ(serial, tl.mapping_count() * config.cost_per_mapping_ps);
  std::vector<double> speedup;
  for (std::uint32_t n = 1; n <= 12; ++n) {
    config.threads = n;
    const ScanSchedule s = simulate_scan(tl, config);
    std::uint64_t total = 0;
    for (std::uint64_t m : s.mappings_per_thread) total += m;
    EXPECT_EQ(total, tl.mapping_count()) << n << " threads";
    speedup.push_back(static_cast<double>(serial) / s.makespan_ps);
    std::printf("[ scanner ] %2u threads: makespan %.1f us, speed-up %.2f, %u reassignments\n", n,
                s.makespan_ps / 1e6, speedup.back(), s.reassignments);
  }
  for (std::size_t i = 1; i < speedup.size(); ++i) EXPECT_GT(speedup[i], speedup[i - 1]) << i + 1 << " threads";
  EXPECT_GT(speedup[11], 10.0);  // near-linear, as Fig. 3
  EXPECT_LE(speedup[11], 12.0);
}

// The paper's motivation for reassignment: the scanner cannot see where the mappings are, so
// an equal split of a sparse logical span can leave all the work to one thread.
TEST(MultiReferenceScanSchedule, ReassignmentRescuesASkewedLogicalSpace) {
  TranslationLayer tl;
  for (Lba l = 0; l < 24'000; ++l) tl.map(2 * l, l, 1);  // all the data near address 0 ...
  tl.map(Lba{1} << 47, 0, 1);  // ... and one mapping far away, which sets the span
  ScanScheduleConfig config;
  config.threads = 1;
  const std::uint64_t serial = simulate_scan(tl, config).makespan_ps;
  config.threads = 12;
  config.dynamic_reassignment = false;
  const ScanSchedule fixed = simulate_scan(tl, config);
  // Thread 0 scans all but the far mapping: next to no speed-up.
  EXPECT_EQ(fixed.makespan_ps, 24'000 * config.cost_per_mapping_ps);
  EXPECT_EQ(serial, 24'001 * config.cost_per_mapping_ps);
  EXPECT_EQ(fixed.mappings_per_thread[0], 24'000u);
  config.dynamic_reassignment = true;
  const ScanSchedule dynamic = simulate_scan(tl, config);
  const double speedup = static_cast<double>(serial) / dynamic.makespan_ps;
  std::printf("[ scanner ] skewed span, 12 threads: static 1.00, dynamic %.2f (%u reassignments)\n", speedup,
              dynamic.reassignments);
  EXPECT_GT(speedup, 8.0);
  EXPECT_GT(dynamic.reassignments, 1u);
}

}  // namespace
}  // namespace ssdtlm::multi_reference
