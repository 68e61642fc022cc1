// Data mode through the array: every host read is checked against the data last written
// (through GC in the members), parity and mirrors are recomputed block by block at the end,
// and a member failure with rebuild onto a spare keeps every read correct before, during
// and after the rebuild.
#include <gtest/gtest.h>

#include "models/host/workload/request_source_factory.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/raid_platform.h"
#include "tests/unit/raid/raid_data_checks.h"
#include "tests/unit/raid/raid_test_config.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

struct LevelCase {
  const char* name;
  const char* level;
  int members;
  int stripe_unit_bytes;
};

class RaidDataModeTest : public testing::SystemCTest, public ::testing::WithParamInterface<LevelCase> {};

void expect_clean(const nlohmann::json& stats) {
  testing::expect_clean_array(stats);
  for (const auto& device : stats["devices"]) {
    EXPECT_EQ(device["ssd"]["data_integrity"]["mismatches"], 0) << "device " << device["device"];
  }
}

TEST_P(RaidDataModeTest, ReadsReturnTheLastWriteAndParityMatchesTheData) {
  const LevelCase& c = GetParam();
  RaidConfig config = testing::make_raid_config(
      {{"level", c.level}, {"members", c.members}, {"stripe_unit_bytes", c.stripe_unit_bytes}}, true);
  RaidPlatform platform("array", config);
  const WorkloadSpec spec =
      parse_workload_spec("mixed:qd=8,count=2500,read=0.4,size=4KiB:4/8KiB:2/16KiB:1/28KiB:1", "test");
  platform.attach_workload(make_request_source(spec, platform.logical_bytes(), 4096, config.seed));
  platform.run();
  ASSERT_TRUE(platform.workload_done());
  const nlohmann::json stats = platform.statistics();
  expect_clean(stats);
  EXPECT_GT(stats["data_integrity"]["controller"]["blocks_checked"].get<std::uint64_t>(), 1000u);
  EXPECT_EQ(stats["data_integrity"]["array_blocks_checked"].get<std::uint64_t>(), platform.logical_bytes() / 4096);
  std::uint64_t gc_victims = 0;
  for (const auto& device : stats["devices"]) gc_victims += device["ssd"]["gc"]["victims"].get<std::uint64_t>();
  EXPECT_GT(gc_victims, 10u) << "members must collect garbage during the test";
  if (std::string(c.level) == "raid5" || std::string(c.level) == "raid6") {
    const auto& modes = stats["raid"]["stripe_operations"];
    EXPECT_GT(modes["write_rmw"].get<std::uint64_t>() + modes["write_rcw"].get<std::uint64_t>(), 0u);
    EXPECT_GT(stats["data_integrity"]["redundancy_rows_checked"].get<std::uint64_t>(), 0u);
  }
}

INSTANTIATE_TEST_SUITE_P(Levels, RaidDataModeTest,
                         ::testing::Values(LevelCase{"raid0", "raid0", 3, 8192}, LevelCase{"raid1", "raid1", 2, 4096},
                                           LevelCase{"raid10", "raid10", 4, 8192}, LevelCase{"raid5", "raid5", 4, 8192},
                                           LevelCase{"raid6", "raid6", 5, 4096}),
                         [](const ::testing::TestParamInfo<LevelCase>& info) { return std::string(info.param.name); });

struct FailureCase {
  const char* name;
  const char* level;
  int members;
  int failed_slot;
};

class RaidRebuildTest : public testing::SystemCTest, public ::testing::WithParamInterface<FailureCase> {};

TEST_P(RaidRebuildTest, ReadsStayCorrectBeforeDuringAndAfterTheRebuild) {
  const FailureCase& c = GetParam();
  const double fail_at_us = 20000, rebuild_delay_us = 10000;
  RaidConfig config = testing::failure_raid_config(c.level, c.members, c.failed_slot, fail_at_us, rebuild_delay_us);
  RaidPlatform platform("array", config);
  const WorkloadSpec spec = parse_workload_spec("mixed:qd=4,count=6000,read=0.5,size=4KiB:3/12KiB:1", "test");
  platform.attach_workload(make_request_source(spec, platform.logical_bytes(), 4096, config.seed));
  RaidController& raid = platform.controller();
  const RaidDataModel& data = *raid.data_model();

  // Healthy.
  platform.run(sc_core::sc_time(fail_at_us - 1, sc_core::SC_US));
  // A run with a limit ends exactly there, so the slices below add up (platforms/run_to_time.h).
  EXPECT_EQ(sc_core::sc_time_stamp(), sc_core::sc_time(fail_at_us - 1, sc_core::SC_US));
  const std::uint64_t checked_healthy = data.counters().blocks_checked;
  EXPECT_GT(checked_healthy, 0u);
  EXPECT_FALSE(raid.device_failed(c.failed_slot));
  // Degraded, before the rebuild starts: reads of the failed member are rebuilt from parity.
  platform.run(sc_core::sc_time(rebuild_delay_us / 2, sc_core::SC_US));
  EXPECT_EQ(sc_core::sc_time_stamp(), sc_core::sc_time(fail_at_us - 1 + rebuild_delay_us / 2, sc_core::SC_US));
  EXPECT_TRUE(raid.device_failed(c.failed_slot));
  EXPECT_FALSE(raid.rebuild_running());
  EXPECT_GT(data.counters().blocks_checked, checked_healthy);
  // Rebuilding.
  platform.run(sc_core::sc_time(rebuild_delay_us, sc_core::SC_US));
  ASSERT_TRUE(raid.rebuild_running()) << "the test expects the rebuild to take a while";
  EXPECT_GT(raid.rebuilt_stripes(), 0u);
  const std::uint64_t checked_rebuilding = data.counters().blocks_checked;
  platform.run(sc_core::sc_time(2000, sc_core::SC_US));
  EXPECT_GT(data.counters().blocks_checked, checked_rebuilding);
  // To the end: the rebuild completes, the spare serves the slot.
  platform.run();
  ASSERT_TRUE(platform.workload_done());
  EXPECT_FALSE(raid.rebuild_running());
  EXPECT_EQ(raid.device_of_slot(c.failed_slot), static_cast<MemberId>(c.members)) << "the spare took the slot";
  const nlohmann::json stats = platform.statistics();
  EXPECT_GT(stats["raid"]["rebuild"]["completed_us"].get<double>(), fail_at_us + rebuild_delay_us);
  EXPECT_LT(stats["raid"]["rebuild"]["completed_us"].get<double>(), stats["sim_time_ns"].get<double>() / 1000.0)
      << "host reads must also run after the rebuild";
  const bool parity = std::string(c.level) == "raid5" || std::string(c.level) == "raid6";
  if (parity) {
    EXPECT_GT(stats["data_integrity"]["controller"]["blocks_reconstructed"].get<std::uint64_t>(), 0u);
  }
  expect_clean(stats);
}

INSTANTIATE_TEST_SUITE_P(Levels, RaidRebuildTest,
                         ::testing::Values(FailureCase{"raid5", "raid5", 4, 1}, FailureCase{"raid6", "raid6", 5, 0},
                                           FailureCase{"raid10", "raid10", 4, 3}, FailureCase{"raid1", "raid1", 2, 0}),
                         [](const ::testing::TestParamInfo<FailureCase>& info) { return std::string(info.param.name); });

class RaidDoubleFailureTest : public testing::SystemCTest {};

TEST_F(RaidDoubleFailureTest, Raid6ReadsStayCorrectWithTwoMembersLost) {
  RaidConfig config = testing::make_raid_config({{"level", "raid6"}, {"members", 5}, {"stripe_unit_bytes", 4096}}, true);
  RaidPlatform platform("array", config);
  const WorkloadSpec spec = parse_workload_spec("mixed:qd=4,count=3000,read=0.5,size=4KiB:3/12KiB:1", "test");
  platform.attach_workload(make_request_source(spec, platform.logical_bytes(), 4096, config.seed));
  platform.controller().schedule_member_failure(1, sc_core::sc_time(5, sc_core::SC_MS));
  platform.controller().schedule_member_failure(3, sc_core::sc_time(10, sc_core::SC_MS));
  platform.run();
  ASSERT_TRUE(platform.workload_done());
  const nlohmann::json stats = platform.statistics();
  EXPECT_EQ(stats["raid"]["failures"].size(), 2u);
  EXPECT_GT(stats["raid"]["stripe_operations"]["read_degraded"].get<std::uint64_t>(), 0u);
  const auto& d = stats["data_integrity"];
  EXPECT_EQ(d["array_block_mismatches"], 0);
  EXPECT_EQ(d["controller"]["mismatches"], 0);
}

// Beyond what the parity covers (two members of a RAID-5 lost, no spare), a read of a lost
// block completes with an error status: it is neither rebuilt from too few survivors nor
// checked as if it had been read.
TEST_F(RaidDoubleFailureTest, Raid5ReadsOfLostDataFailInsteadOfReturningWrongData) {
  RaidConfig config = testing::make_raid_config({{"level", "raid5"}, {"members", 4}, {"stripe_unit_bytes", 4096}}, true);
  RaidPlatform platform("array", config);
  const WorkloadSpec spec = parse_workload_spec("mixed:qd=4,count=3000,read=0.5,size=4KiB:3/12KiB:1", "test");
  platform.attach_workload(make_request_source(spec, platform.logical_bytes(), 4096, config.seed));
  platform.controller().schedule_member_failure(1, sc_core::sc_time(5, sc_core::SC_MS));
  platform.controller().schedule_member_failure(3, sc_core::sc_time(10, sc_core::SC_MS));
  // The second failure's warning is expected; any other report still fails the test.
  sc_core::sc_report_handler::set_handler([](const sc_core::sc_report& report, const sc_core::sc_actions& actions) {
    const bool expected = report.get_severity() == sc_core::SC_WARNING &&
                          std::string(report.get_msg()).find("exceed what the level tolerates") != std::string::npos;
    if (expected) return;
    testing::failing_report_handler(report, actions);
  });
  platform.run();  // a read returning other than the last write fails the test here
  testing::install_failing_report_handler();
  ASSERT_TRUE(platform.workload_done());
  const nlohmann::json stats = platform.statistics();
  EXPECT_GT(stats["raid"]["lost_data_operations"].get<std::uint64_t>(), 0u);
  ASSERT_TRUE(stats["raid"].contains("read_errors")) << stats["raid"].dump();
  EXPECT_GT(stats["raid"]["read_errors"]["unrecoverable_reads"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(stats["raid"]["read_errors"]["member_reads_failed"], 0);
  EXPECT_EQ(stats["data_integrity"]["controller"]["mismatches"], 0);
  EXPECT_GT(stats["data_integrity"]["controller"]["blocks_checked"].get<std::uint64_t>(), 0u);
}

}  // namespace
}  // namespace ssdtlm
