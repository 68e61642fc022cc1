// Sudden power loss (docs/reliability.md, "Power loss and recovery"): the power is cut at many
// random simulated times of a data-mode run with GC running, the map is rebuilt from the OOB
// metadata (and the latest checkpoint) as the recovering FTL would, and every host page is
// read back through the rebuilt map and checked. Plus the exact recovery time on a tiny device
// and the configuration rules.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <set>

#include "models/ftl/recovery/map_rebuild.h"
#include "models/host/workload/request_source_factory.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/recovery_timer.h"
#include "platforms/ssd_platform.h"
#include "tests/unit/host/config_error_message.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

std::uint64_t stored_tag(SsdPlatform& platform, Ppn ppn) {
  const FlashGeometry& g = platform.config().geometry;
  const BlockId block = g.block_of_page(ppn);
  return platform.controller().die(g.die_of_block(block)).backdoor_read(g.plane_of_block(block), g.index_in_plane(block),
                                                                        g.page_in_block(ppn));
}

nlohmann::json small_data_mode_device(std::uint64_t checkpoint_interval_pages) {
  return {
      {"seed", 11},
      {"nand", {{"pages_per_block", 8}, {"blocks_per_plane", 24}, {"planes_per_die", 2}, {"data_mode", true}}},
      {"controller", {{"channels", 2}, {"chips_per_channel", 1}}},
      {"ftl", {{"spare_factor", 0.3}, {"gc", {{"free_block_low_watermark", 0.1}, {"free_block_high_watermark", 0.2}}}}},
      {"power", {{"enabled", true}, {"checkpoint_interval_pages", checkpoint_interval_pages}}},
  };
}

struct CutCase {
  const char* name;
  std::uint64_t checkpoint_interval_pages;
  int write_buffer_pages;  // > 0: writes are acknowledged when buffered and lost if not yet programmed
};

class PowerLossTest : public testing::SystemCTest {};
class RandomPowerCutTest : public testing::SystemCTest, public ::testing::WithParamInterface<CutCase> {};

// 120 cuts at random times (fixed seed) of one run: each cut freezes what a power loss at that
// instant leaves, and the run goes on as if the power had stayed (every cut is an independent
// "what if"). What may read back for a host page after the recovery:
//   * no host write of the page in flight at the cut (every write of it acknowledged): exactly
//     its last written content (the platform's DataOracle, independent of the recorder);
//   * writes in flight: the content of its newest acknowledged write or of any of the writes in
//     flight that are newer than it - nothing older, no other page's data, no torn page.
TEST_P(RandomPowerCutTest, EveryAcknowledgedPageReadsBackAfterRecovery) {
  nlohmann::json overrides = small_data_mode_device(GetParam().checkpoint_interval_pages);
  overrides["ftl"]["write_buffer"]["pages"] = GetParam().write_buffer_pages;
  const SsdConfig config = testing::make_config(overrides);
  SsdPlatform platform("ssd", config);
  const WorkloadSpec spec = parse_workload_spec("mixed:qd=8,count=6000,read=0.3,size=4KiB", "test");
  platform.attach_workload(make_request_source(spec, platform.logical_bytes(), 4096, config.seed));
  platform.precondition(PreconditionMode::Fill);
  DataOracle& oracle = *platform.oracle();

  std::mt19937_64 rng(2026);
  std::uniform_int_distribution<std::uint64_t> step_ps(1, 5'000'000'000);  // up to 5 ms between cuts
  int cuts = 0, cuts_with_torn_programs = 0, cuts_with_torn_erases = 0, cuts_with_checkpoint = 0;
  std::uint64_t pages_checked = 0, inflight_pages_checked = 0;
  while (cuts < 120) {
    sc_core::sc_start(sc_core::sc_time::from_value(step_ps(rng)));
    if (sc_core::sc_get_status() == sc_core::SC_STOPPED) break;
    const PowerCutImage image = platform.power_cut_image();
    const RebuiltMap rebuilt = rebuild_map(image);
    ++cuts;
    cuts_with_torn_programs += image.torn_programs > 0;
    cuts_with_torn_erases += image.torn_erases > 0;
    cuts_with_checkpoint += rebuilt.used_checkpoint;
    std::set<Lpn> inflight;
    for (const auto& [lpn, tag] : image.inflight_host_tags) inflight.insert(lpn);
    for (Lpn lpn = 0; lpn < image.host_logical_pages; ++lpn) {
      const Ppn ppn = rebuilt.l2p[lpn];
      ASSERT_TRUE(ppn == kInvalidPpn || image.oob[ppn].readable()) << "cut " << cuts << ": lpn " << lpn << " maps to a torn page";
      const std::uint64_t actual = ppn == kInvalidPpn ? 0 : stored_tag(platform, ppn);
      ++pages_checked;
      if (inflight.count(lpn) == 0) {
        ASSERT_EQ(actual, oracle.expected(lpn)) << "cut " << cuts << " at " << sc_core::sc_time_stamp() << ": lpn " << lpn;
      } else {
        ++inflight_pages_checked;
      }
    }
    const auto lost = lost_host_pages(image, rebuilt, [&](Ppn ppn) { return stored_tag(platform, ppn); });
    ASSERT_TRUE(lost.empty()) << "cut " << cuts << " at " << sc_core::sc_time_stamp() << ": " << lost.size()
                              << " pages lost, first lpn " << lost.front();
  }
  sc_core::sc_start();  // the rest of the run, so that the end-of-run data check can read every page
  const auto stats = platform.statistics();
  EXPECT_EQ(stats["data_integrity"]["mismatches"], 0);
  EXPECT_EQ(cuts, 120) << "the workload must outlast the cuts";
  EXPECT_GT(stats["gc"]["victims"].get<std::uint64_t>(), 20u) << "GC must run during the cuts";
  EXPECT_GT(cuts_with_torn_programs, 60) << "most cuts must hit programs in flight";
  EXPECT_GT(cuts_with_torn_erases, 0) << "some cut must hit a GC erase";
  EXPECT_GT(inflight_pages_checked, 100u);
  EXPECT_EQ(pages_checked, std::uint64_t(cuts) * platform.power_loss_recorder()->host_logical_pages());
  if (GetParam().checkpoint_interval_pages > 0) {
    EXPECT_GT(stats["power"]["checkpoints_completed"].get<std::uint64_t>(), 5u);
    EXPECT_GT(cuts_with_checkpoint, 100);
    EXPECT_GT(stats["flash"]["programs"]["other"].get<std::uint64_t>(), 0u) << "checkpoint pages are real programs";
  } else {
    EXPECT_EQ(cuts_with_checkpoint, 0);
  }
}

INSTANTIATE_TEST_SUITE_P(Checkpoints, RandomPowerCutTest,
                         ::testing::Values(CutCase{"full_scan", 0, 0}, CutCase{"checkpoint_every_64_pages", 64, 0},
                                           CutCase{"checkpoints_and_write_buffer", 64, 16}),
                         [](const ::testing::TestParamInfo<CutCase>& info) { return std::string(info.param.name); });

// A tiny device whose every read takes exactly tR: 2 dies on their own channels, 1 plane,
// 4 blocks x 4 pages, an ideal bus (no command cycles, no transfer time, no status read).
nlohmann::json tiny_exact_device() {
  return {
      {"nand", {{"pages_per_block", 4}, {"blocks_per_plane", 4}, {"planes_per_die", 1}, {"data_mode", true},
                {"timing", {{"read_us", 25.0}, {"status_read_ns", 0.0}}}}},
      {"controller", {{"channels", 2}, {"chips_per_channel", 1}}},
      {"channel", {{"transfer_rate_mts", 0}, {"command_cycle_ns", 0.0}}},
      {"ftl", {{"spare_factor", 0.5}, {"gc", {{"free_block_low_watermark", 0.0}, {"free_block_high_watermark", 0.0}}}}},
      {"power", {{"enabled", true}}},
  };
}

TEST_F(PowerLossTest, FullScanRecoveryTimeIsOobReadsTimesReadTimeOnTheBusiestDie) {
  const SsdConfig config = testing::make_config(tiny_exact_device());
  SsdPlatform platform("ssd", config);
  // 10 page writes striped over the 2 dies: 5 per die, i.e. block 0 full and page 0 of block 1.
  const WorkloadSpec spec = parse_workload_spec("sequential-write:qd=1,count=10,size=4KiB", "test");
  platform.attach_workload(make_request_source(spec, platform.logical_bytes(), 4096, config.seed));
  platform.run();
  ASSERT_TRUE(platform.workload_done());
  const nlohmann::json recovery = platform.power_loss();
  // Per die the scan reads block 0's 4 pages, block 1's programmed page and its first erased
  // page (the end of the block), and page 0 of blocks 2 and 3 (erased: free) = 8 OOB reads.
  EXPECT_EQ(recovery["oob_reads"], 16);
  EXPECT_EQ(recovery["blocks_scanned"], 8);
  EXPECT_EQ(recovery["checkpoint_page_reads"], 0);
  EXPECT_EQ(recovery["torn_programs"], 0);
  // Both dies in parallel, 8 reads of exactly tR = 25 us each on each.
  EXPECT_EQ(recovery["time_us"].get<double>(), 8 * 25.0);
  const PowerCutImage image = platform.power_cut_image();
  const RebuiltMap rebuilt = rebuild_map(image);
  const RecoveryTiming timing = time_recovery_reads(config.geometry, config.nand_timing, config.bus_timing,
                                                    config.controller, rebuilt.phases, sizeof(OobEntry));
  EXPECT_EQ(timing.time_ps, 8ull * 25'000'000);
  EXPECT_EQ(recovery["lost_pages"], 0);
  for (Lpn lpn = 0; lpn < 10; ++lpn) EXPECT_NE(rebuilt.l2p[lpn], kInvalidPpn) << lpn;
}

TEST_F(PowerLossTest, CheckpointRecoveryReadsCheckpointAndFirstPagesThenScansOpenBlocks) {
  nlohmann::json overrides = tiny_exact_device();
  overrides["power"]["checkpoint_interval_pages"] = 4;
  const SsdConfig config = testing::make_config(overrides);
  SsdPlatform platform("ssd", config);
  // 16 logical pages; one checkpoint = 16 x 4 B of map + 8 x 4 B of block state = 1 page, two
  // slots reserved: the host sees 14 pages.
  ASSERT_EQ(platform.power_loss_recorder()->checkpoint_pages(), 1u);
  ASSERT_EQ(platform.logical_bytes(), 14u * 4096);
  // qd 1: writes w0..w5 of lpn 0..5 alternate die 0, die 1. Placing w3 (sequence number 4)
  // starts the checkpoint (S = 4) whose page goes to die 0 (sequence 5); it completes with w3.
  // w4 goes to die 1, w5 to die 0. Die 0 block 0 = w0 w2 checkpoint w5 (full), die 1 block 0 =
  // w1 w3 w4; both were open at S.
  const WorkloadSpec spec = parse_workload_spec("sequential-write:qd=1,count=6,size=4KiB", "test");
  platform.attach_workload(make_request_source(spec, platform.logical_bytes(), 4096, config.seed));
  platform.run();
  ASSERT_TRUE(platform.workload_done());
  EXPECT_EQ(platform.power_loss_recorder()->checkpoints_completed(), 1u);
  const nlohmann::json recovery = platform.power_loss();
  EXPECT_TRUE(recovery["used_checkpoint"].get<bool>());
  EXPECT_EQ(recovery["checkpoint_seq"], 4);
  // Phase 1: the checkpoint page and page 0 of the 4 blocks of each die: 5 reads on die 0,
  // 4 on die 1 -> 5 x 25 us. Phase 2: both block 0s from page 1: die 0 pages 1-3, die 1 pages
  // 1-2 and the erased page 3 -> 3 x 25 us.
  EXPECT_EQ(recovery["checkpoint_page_reads"], 1);
  EXPECT_EQ(recovery["oob_reads"], 8 + 6);
  EXPECT_EQ(recovery["blocks_scanned"], 2);
  EXPECT_EQ(recovery["pages_rolled_forward"], 3);  // the checkpoint page, w4, w5
  EXPECT_EQ(recovery["phase_end_us"], nlohmann::json::array({125.0, 200.0}));
  EXPECT_EQ(recovery["time_us"].get<double>(), 200.0);
  EXPECT_EQ(recovery["lost_pages"], 0);
}

TEST_F(PowerLossTest, PowerLossModellingOffByDefaultAndFreeInTimeWithoutCheckpoints) {
  auto run = [](bool enabled) {
    testing::fresh_kernel();
    nlohmann::json overrides = small_data_mode_device(0);
    overrides["power"]["enabled"] = enabled;
    const SsdConfig config = testing::make_config(overrides);
    SsdPlatform platform("ssd", config);
    const WorkloadSpec spec = parse_workload_spec("mixed:qd=8,count=1500,read=0.5,size=4KiB", "test");
    platform.attach_workload(make_request_source(spec, platform.logical_bytes(), 4096, config.seed));
    platform.precondition(PreconditionMode::Fill);
    platform.run();
    return platform.statistics();
  };
  EXPECT_FALSE(testing::make_config(nlohmann::json::object()).power.enabled);
  const auto off = run(false);
  const auto on = run(true);
  EXPECT_FALSE(off.contains("power"));
  EXPECT_TRUE(on.contains("power"));
  EXPECT_EQ(off["sim_time_ns"], on["sim_time_ns"]);
  EXPECT_EQ(off["host"], on["host"]);
  EXPECT_EQ(off["flash"], on["flash"]);
}

TEST_F(PowerLossTest, RunEndsWithConfiguredPowerLossAndReportsRecovery) {
  nlohmann::json overrides = small_data_mode_device(64);
  overrides["power"]["loss_at_us"] = 20000.0;
  const SsdConfig config = testing::make_config(overrides);
  SsdPlatform platform("ssd", config);
  const WorkloadSpec spec = parse_workload_spec("mixed:qd=8,count=6000,read=0.3,size=4KiB", "test");
  platform.attach_workload(make_request_source(spec, platform.logical_bytes(), 4096, config.seed));
  platform.precondition(PreconditionMode::Fill);
  platform.run();
  EXPECT_EQ(sc_core::sc_time_stamp(), sc_core::sc_time(20000.0, sc_core::SC_US));
  const auto stats = platform.statistics();
  ASSERT_TRUE(stats.contains("recovery"));
  EXPECT_EQ(stats["recovery"]["at_us"].get<double>(), 20000.0);
  EXPECT_EQ(stats["recovery"]["lost_pages"], 0);
  EXPECT_TRUE(stats["recovery"]["used_checkpoint"].get<bool>());
  EXPECT_GT(stats["recovery"]["time_us"].get<double>(), 0.0);
  EXPECT_GT(stats["recovery"]["checkpoint_page_reads"].get<std::uint64_t>(), 0u);
}

// After the cut a new platform boots from what the flash holds (the old one's RAM state is
// gone): its dies get the surviving pages, its core the rebuilt map. It then runs a data-mode
// workload with GC: every flash read is checked against the recovered contents as it happens,
// and every page at the end; a second power loss on it recovers again.
TEST_F(PowerLossTest, RecoveredDeviceServesIoAgain) {
  const SsdConfig config = testing::make_config(small_data_mode_device(64));
  SsdPlatform before("before", config);
  const WorkloadSpec spec = parse_workload_spec("mixed:qd=8,count=6000,read=0.3,size=4KiB", "test");
  before.attach_workload(make_request_source(spec, before.logical_bytes(), 4096, config.seed));
  before.precondition(PreconditionMode::Fill);
  sc_core::sc_start(sc_core::sc_time(37'123.456, sc_core::SC_US));
  const PowerCutImage image = before.power_cut_image();
  const RebuiltMap rebuilt = rebuild_map(image);
  ASSERT_TRUE(rebuilt.used_checkpoint);
  ASSERT_GT(image.torn_programs + image.lost_programs, 0u) << "the cut should hit programs in flight";

  testing::fresh_kernel();
  SsdPlatform after("after", config);
  after.attach_workload(make_request_source(parse_workload_spec("mixed:qd=8,count=3000,read=0.5,size=4KiB", "test"),
                                            after.logical_bytes(), 4096, config.seed + 1));
  after.boot_after_power_loss(before, image, rebuilt);
  EXPECT_EQ(after.core().check_consistency(), "");
  for (Lpn lpn = 0; lpn < image.host_logical_pages; ++lpn) {
    const std::uint64_t now = after.oracle()->expected(lpn);
    const bool inflight = std::binary_search(image.inflight_host_tags.begin(), image.inflight_host_tags.end(),
                                             std::make_pair(lpn, now));
    ASSERT_TRUE(now == image.durable_tag[lpn] || inflight) << "lpn " << lpn;
  }
  sc_core::sc_start(sc_core::sc_time(20'000.0, sc_core::SC_US));
  const nlohmann::json second = after.power_loss();
  EXPECT_EQ(second["lost_pages"], 0);
  sc_core::sc_start();
  ASSERT_TRUE(after.workload_done());
  const auto stats = after.statistics();
  EXPECT_GT(stats["gc"]["victims"].get<std::uint64_t>(), 10u) << "GC must run on the recovered device";
  EXPECT_GT(stats["ftl"]["data_checks"].get<std::uint64_t>(), 1000u);
  // power_loss() makes stats.json report the recovery instead of the end-of-run data check.
  EXPECT_EQ(after.verify_all_data()["mismatches"], 0);
  EXPECT_EQ(after.core().check_consistency(), "");
}

TEST(PowerLossConfig, KeysNeedPowerEnabled) {
  EXPECT_NE(testing::config_error_message([] { testing::make_config({{"power", {{"loss_at_us", 10.0}}}}); })
                .find("power.loss_at_us"),
            std::string::npos);
  EXPECT_NE(testing::config_error_message([] { testing::make_config({{"power", {{"checkpoint_interval_pages", 8}}}}); })
                .find("power.checkpoint_interval_pages"),
            std::string::npos);
  EXPECT_NE(testing::config_error_message([] {
              testing::make_config({{"power", {{"enabled", true}}}, {"ftl", {{"gc", {{"policy", "mdc"}}}}}});
            }).find("power.enabled"),
            std::string::npos);
}

}  // namespace
}  // namespace ssdtlm
