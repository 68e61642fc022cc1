// GC coordination: a GC round reaches every member, each coordinator starts rounds when it
// should, and coordination never keeps a member from collecting at its hard threshold.
#include <gtest/gtest.h>

#include "models/kernel/timed_callback_queue.h"
#include "models/host/workload/request_source_factory.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/raid_platform.h"
#include "tests/unit/raid/raid_test_config.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

class GcCoordinationTest : public testing::SystemCTest {};

void attach(RaidPlatform& platform, const std::string& workload) {
  const WorkloadSpec spec = parse_workload_spec(workload, "test");
  platform.attach_workload(make_request_source(spec, platform.logical_bytes(), 4096, platform.config().seed));
}

std::uint64_t gc_cycles(const nlohmann::json& stats, int device) {
  return stats["devices"][device]["ssd"]["gc"]["invocations"].get<std::uint64_t>();
}

// Idle rounds between reads: reads alone never make an SSD collect, so every GC cycle of a run
// of this array is a forced one.
RaidConfig idle_rounds_over_reads_config(int members) {
  return testing::make_raid_config({{"level", "raid0"},
                                    {"members", members},
                                    {"stripe_unit_bytes", 8192},
                                    {"gc_coordination", "idle"},
                                    {"gc", {{"idle_threshold_us", 200}}}});
}

TEST_F(GcCoordinationTest, AnIdleRoundForcesGcOnEveryMember) {
  const RaidConfig config = idle_rounds_over_reads_config(4);
  RaidPlatform platform("array", config);
  attach(platform, "random-read:arrival=fixed,rate=500,count=20,size=4KiB");
  platform.precondition(PreconditionMode::Steady);
  std::vector<std::uint32_t> before;
  for (MemberId d = 0; d < 4; ++d) {
    const MemberGcStatus status = platform.controller().device_status(d);
    EXPECT_LT(status.min_free_blocks, status.forced_target_blocks) << "device " << d << " has something to collect";
    before.push_back(status.min_free_blocks);
  }
  platform.run();
  ASSERT_TRUE(platform.workload_done());
  const nlohmann::json stats = platform.statistics();
  EXPECT_GE(stats["raid"]["gc_coordination"]["rounds"].get<std::uint64_t>(), 1u);
  EXPECT_GE(stats["raid"]["gc_coordination"]["rounds_by_reason"]["idle"].get<std::uint64_t>(), 1u);
  for (MemberId d = 0; d < 4; ++d) {
    EXPECT_GT(gc_cycles(stats, static_cast<int>(d)), 0u) << "device " << d;
    const MemberGcStatus status = platform.controller().device_status(d);
    EXPECT_GE(status.min_free_blocks, status.forced_target_blocks) << "device " << d << " reached the target";
    EXPECT_EQ(stats["devices"][d]["ssd"]["flash"]["programs"]["host"], 0);
  }
}

// Harmonia section V.A: a forced GC cleans each element "until the number of free blocks exceeds
// an internal threshold" (the member's own stop point): a plane below it collects exactly up to
// it in one cycle, a plane already there does no work (here: in every round after the first).
TEST_F(GcCoordinationTest, AForcedRoundLiftsEachPlaneToItsOwnStopPointAndNoFurther) {
  const RaidConfig config = idle_rounds_over_reads_config(3);
  RaidPlatform platform("array", config);
  attach(platform, "random-read:arrival=fixed,rate=500,count=20,size=4KiB");
  platform.precondition(PreconditionMode::Steady);
  const std::uint32_t own_stop = config.devices[0].ftl_core.gc_high_watermark_blocks + 1;
  std::vector<std::vector<std::uint32_t>> before(3);
  for (MemberId d = 0; d < 3; ++d) {
    ASSERT_EQ(platform.controller().device_status(d).forced_target_blocks, own_stop);
    const FtlCore& core = platform.device(d).core();
    for (UnitId u = 0; u < core.units(); ++u) {
      before[d].push_back(core.free_blocks(u));
    }
  }
  platform.run();
  const nlohmann::json stats = platform.statistics();
  ASSERT_GE(stats["raid"]["gc_coordination"]["rounds"].get<std::uint64_t>(), 2u);
  for (MemberId d = 0; d < 3; ++d) {
    const FtlCore& core = platform.device(d).core();
    std::uint64_t planes_below = 0;
    for (UnitId u = 0; u < core.units(); ++u) {
      if (before[d][u] < own_stop) {
        ++planes_below;
        EXPECT_EQ(core.free_blocks(u), own_stop) << "device " << d << " plane " << u;
      } else {
        EXPECT_EQ(core.free_blocks(u), before[d][u]) << "device " << d << " plane " << u << " did no work";
      }
    }
    EXPECT_GT(planes_below, 0u);
    EXPECT_EQ(gc_cycles(stats, static_cast<int>(d)), planes_below)
        << "one forced cycle per plane below its stop point, none in later rounds";
  }
}

// The members' WA series: consecutive windows on a fixed grid, each the members' host and GC
// pages programmed in it; absent unless asked for.
TEST_F(GcCoordinationTest, MemberWaWindowsSplitTheMembersProgramsOnAFixedGrid) {
  const nlohmann::json raid = {{"level", "raid0"}, {"members", 3}, {"stripe_unit_bytes", 4096},
                               {"gc_coordination", "reactive"}};
  RaidPlatform platform("array", testing::make_raid_config(raid, false, {{"stats", {{"member_wa_window_us", 1000}}}}));
  attach(platform, "random-write:arrival=poisson,rate=600,count=1500,size=8KiB");
  platform.precondition(PreconditionMode::Steady);
  platform.run();
  const nlohmann::json stats = platform.statistics();
  const nlohmann::json& windows = stats["raid"]["member_wa_windows"];
  ASSERT_GT(windows.size(), 100u);
  std::uint64_t host_pages = 0, gc_pages = 0, members_host = 0, members_gc = 0;
  for (std::size_t i = 0; i < windows.size(); ++i) {
    const nlohmann::json& w = windows[i];
    if (i > 0) {
      EXPECT_EQ(w["start_us"].get<double>(), windows[i - 1]["end_us"].get<double>());
    }
    if (i + 1 < windows.size()) {
      // Sampled at the first member completion at or after each multiple of the window.
      EXPECT_GE(w["end_us"].get<double>() + 1e-6, 1000.0 * std::floor(w["end_us"].get<double>() / 1000.0 + 1e-9));
      EXPECT_GT(std::floor((w["end_us"].get<double>() + 1e-6) / 1000.0), std::floor(w["start_us"].get<double>() / 1000.0));
    }
    const std::uint64_t host = w["host_pages"], gc = w["gc_pages"];
    if (host) {
      EXPECT_DOUBLE_EQ(w["write_amplification"].get<double>(), double(host + gc) / double(host));
    }
    host_pages += host;
    gc_pages += gc;
  }
  for (int d = 0; d < 3; ++d) {
    members_host += stats["devices"][d]["ssd"]["flash"]["programs"]["host"].get<std::uint64_t>();
    members_gc += stats["devices"][d]["ssd"]["gc"]["pages_moved"].get<std::uint64_t>();
  }
  EXPECT_LE(host_pages, members_host);
  EXPECT_GE(host_pages + 16, members_host) << "all but the first completion's pages";
  EXPECT_EQ(gc_pages, members_gc) << "no GC before the first completion";
}

TEST_F(GcCoordinationTest, NoMemberWaWindowsUnlessAskedFor) {
  RaidPlatform platform("array", testing::make_raid_config({{"level", "raid0"}, {"members", 2}}));
  attach(platform, "random-write:arrival=poisson,rate=600,count=10,size=8KiB");
  platform.run();
  EXPECT_FALSE(platform.statistics()["raid"].contains("member_wa_windows"));
}

TEST_F(GcCoordinationTest, ReactiveRoundsStartAtTheSoftThresholdAndReachEveryMember) {
  RaidConfig config = testing::make_raid_config(
      {{"level", "raid0"}, {"members", 3}, {"stripe_unit_bytes", 4096}, {"gc_coordination", "reactive"},
       {"gc", {{"min_round_interval_us", 100}}}});
  RaidPlatform platform("array", config);
  attach(platform, "random-write:arrival=poisson,rate=600,count=3000,size=8KiB");
  platform.precondition(PreconditionMode::Steady);
  platform.run();
  const nlohmann::json stats = platform.statistics();
  const auto& coordination = stats["raid"]["gc_coordination"];
  EXPECT_GT(coordination["rounds_by_reason"]["soft-threshold"].get<std::uint64_t>(), 2u);
  EXPECT_EQ(coordination["force_commands"].get<std::uint64_t>(), 3 * coordination["rounds"].get<std::uint64_t>());
  for (int d = 0; d < 3; ++d) EXPECT_GT(gc_cycles(stats, d), 0u);
}

TEST_F(GcCoordinationTest, ProactivePollsAndStartsRounds) {
  RaidConfig config = testing::make_raid_config(
      {{"level", "raid0"}, {"members", 3}, {"stripe_unit_bytes", 4096}, {"gc_coordination", "proactive"},
       {"gc", {{"poll_interval_us", 200}, {"min_round_interval_us", 100}}}});
  RaidPlatform platform("array", config);
  attach(platform, "random-write:arrival=bursty,rate=4000,on=5ms,off=5ms,count=2000,size=12KiB");
  platform.precondition(PreconditionMode::Steady);
  platform.run();
  const nlohmann::json stats = platform.statistics();
  EXPECT_GT(stats["raid"]["gc_coordination"]["rounds"].get<std::uint64_t>(), 2u);
}

// While the array idles, the proactive look-ahead starts a round only if some plane is below the
// forced target: once a round has lifted every plane there, polls start no more (reads alone
// never lower the free blocks).
TEST_F(GcCoordinationTest, ProactiveIdleLookaheadStopsOnceEveryPlaneIsAtTheTarget) {
  RaidConfig config = testing::make_raid_config(
      {{"level", "raid0"}, {"members", 3}, {"stripe_unit_bytes", 4096}, {"gc_coordination", "proactive"},
       {"gc", {{"poll_interval_us", 200}, {"min_round_interval_us", 100}}}});
  RaidPlatform platform("array", config);
  attach(platform, "random-read:arrival=fixed,rate=100,count=50,size=4KiB");  // 0.5 s, 2,500 polls
  platform.precondition(PreconditionMode::Steady);
  platform.run();
  const nlohmann::json stats = platform.statistics();
  // Rounds follow each other every poll while the forced cycles run (about 20 ms here), then stop.
  const nlohmann::json& round_times_us = stats["raid"]["gc_coordination"]["round_times_us"];
  ASSERT_GE(round_times_us.size(), 1u);
  EXPECT_LT(round_times_us.back().get<double>(), 50000.0) << "no round in the last 450 ms of idle polls";
  for (MemberId d = 0; d < 3; ++d) {
    EXPECT_FALSE(platform.controller().device_status(d).below_forced_target()) << "device " << d;
  }
}

// Samples every plane of every member: a plane below its hard threshold must be collecting.
class PlaneWatch : public sc_core::sc_module {
 public:
  PlaneWatch(sc_core::sc_module_name name, RaidPlatform& platform)
      : sc_core::sc_module(name), platform_(platform), timer_("timer") {
    timer_.schedule_at(sc_core::SC_ZERO_TIME, [this]() { sample(); });
  }
  std::uint64_t samples = 0;
  std::uint64_t below_hard = 0;
  std::uint64_t below_hard_not_collecting = 0;

 private:
  void sample() {
    for (MemberId d = 0; d < platform_.config().controller.members; ++d) {
      FtlCore& core = platform_.device(d).core();
      const std::uint32_t hard = platform_.config().gc_thresholds[d].hard_blocks;
      for (UnitId u = 0; u < core.units(); ++u) {
        ++samples;
        if (core.free_blocks(u) >= hard) continue;
        ++below_hard;
        if (!core.gc_wanted(u)) ++below_hard_not_collecting;
      }
    }
    if (!platform_.workload_done()) timer_.schedule_in(sc_core::sc_time(20, sc_core::SC_US), [this]() { sample(); });
  }
  RaidPlatform& platform_;
  TimedCallbackQueue timer_;
};

struct HoldCase {
  const char* name;
  nlohmann::json raid;
  bool starts_rounds;
};

struct HoldRun {
  nlohmann::json stats;
  std::uint64_t samples, below_hard, below_hard_not_collecting;
};

HoldRun run_hold_case(nlohmann::json raid) {
  raid["level"] = "raid0";
  raid["members"] = 3;
  raid["stripe_unit_bytes"] = 4096;
  RaidConfig config = testing::make_raid_config(raid);
  RaidPlatform platform("array", config);
  // A rate the members' GC keeps up with: saturated, a timed plane can run its pool empty and
  // stay in in-place collection, below its low watermark without a watermark cycle.
  attach(platform, "random-write:arrival=poisson,rate=600,count=3000,size=8KiB");
  PlaneWatch watch("watch", platform);
  platform.precondition(PreconditionMode::Steady);
  platform.run();
  EXPECT_TRUE(platform.workload_done());
  return {platform.statistics(), watch.samples, watch.below_hard, watch.below_hard_not_collecting};
}

class HardThresholdTest : public testing::SystemCTest, public ::testing::WithParamInterface<HoldCase> {};

// Members collect on their own at the hard threshold whatever the coordinator does: a plane
// below it is always collecting. Coordinators set up to start no round (a gather, a poll
// period or an idle period longer than the run) still see every member collect on its own.
TEST_P(HardThresholdTest, CoordinationNeverHoldsAMemberBelowItsHardThreshold) {
  const HoldCase& c = GetParam();
  const HoldRun run = run_hold_case(c.raid);
  EXPECT_GT(run.samples, 1000u);
  EXPECT_GT(run.below_hard, 0u) << "the workload must take planes below the hard threshold";
  EXPECT_EQ(run.below_hard_not_collecting, 0u) << run.below_hard << " samples below the hard threshold";
  const std::uint64_t rounds = run.stats["raid"]["gc_coordination"]["rounds"].get<std::uint64_t>();
  EXPECT_EQ(rounds > 0, c.starts_rounds) << rounds << " rounds";
  for (int d = 0; d < 3; ++d) EXPECT_GT(gc_cycles(run.stats, d), 0u) << "device " << d;
}

INSTANTIATE_TEST_SUITE_P(
    Coordinators, HardThresholdTest,
    ::testing::Values(
        HoldCase{"reactive_gathering", {{"gc_coordination", "reactive"}, {"gc", {{"reactive_gather_us", 1e9}}}}, false},
        HoldCase{"proactive_not_yet_polled", {{"gc_coordination", "proactive"}, {"gc", {{"poll_interval_us", 1e9}}}},
                 false},
        HoldCase{"idle_waiting", {{"gc_coordination", "idle"}, {"gc", {{"idle_threshold_us", 1e9}}}}, false},
        HoldCase{"reactive_active", {{"gc_coordination", "reactive"}, {"gc", {{"min_round_interval_us", 100}}}}, true},
        HoldCase{"proactive_active", {{"gc_coordination", "proactive"}, {"gc", {{"poll_interval_us", 200}}}}, true},
        HoldCase{"idle_active", {{"gc_coordination", "idle"}, {"gc", {{"idle_threshold_us", 100}}}}, true}),
    [](const ::testing::TestParamInfo<HoldCase>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace ssdtlm
