// raid.parity_engine = rtl: the RAID controller's parity jobs run the Verilog P/Q block on the
// rows' content tags (data mode), its P and Q are checked against the controller's own parity
// (a mismatch is an SC_REPORT_ERROR, which fails these tests), and each job takes
// cycles x rtl.clock_period_ns + rtl.transactor_overhead_ns.
#include <cmath>
#include <cstdint>

#include <gtest/gtest.h>

#include "models/common/config/config_error.h"
#include "models/raid/parity_math.h"
#include "models/rtl/raid/rtl_parity_job_timer.h"
#include "models/host/workload/request_source_factory.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/raid_platform.h"
#include "tests/unit/raid/raid_data_checks.h"
#include "tests/unit/raid/raid_test_config.h"
#include "tests/unit/support/systemc_fixture.h"
#include "tests/unit/support/vector_request_source.h"

namespace ssdtlm {
namespace {

constexpr std::uint64_t kClockPeriodPs = 4'000;          // rtl.clock_period_ns = 4
constexpr std::uint64_t kTransactorOverheadPs = 30'000;  // rtl.transactor_overhead_ns = 30
const nlohmann::json kRtlKeys = {{"rtl", {{"clock_period_ns", 4.0}, {"transactor_overhead_ns", 30.0}}}};

// The block's cycles for one row of `units` 4 KiB blocks (512 words each, the RTL's largest
// unit), from its protocol (raid_parity_engine.v): start, one cycle per input word, one per
// output word.
constexpr std::uint64_t kBlockWords = 4096 / 8;
constexpr std::uint64_t row_cycles(std::uint64_t units) { return 1 + units * kBlockWords + kBlockWords; }

struct LevelCase {
  const char* name;
  const char* level;
  int members;
  int failed_slot;
  bool small_writes_rmw;  // enough members that a one-block write is a read-modify-write
};

class RaidRtlParityRebuildTest : public testing::SystemCTest, public ::testing::WithParamInterface<LevelCase> {};

// Writes, a member failure, degraded reads and writes, the rebuild onto the spare and reads
// after it, with every parity job computed and checked by the RTL.
TEST_P(RaidRtlParityRebuildTest, DataStaysCorrectThroughFailureAndRebuild) {
  const LevelCase& c = GetParam();
  const double fail_at_us = 20000, rebuild_delay_us = 10000;
  RaidConfig config = testing::failure_raid_config(c.level, c.members, c.failed_slot, fail_at_us, rebuild_delay_us,
                                                   {{"parity_engine", "rtl"}}, kRtlKeys);
  RaidPlatform platform("array", config);
  const WorkloadSpec spec = parse_workload_spec("mixed:qd=4,count=6000,read=0.5,size=4KiB:3/12KiB:1", "test");
  platform.attach_workload(make_request_source(spec, platform.logical_bytes(), 4096, config.seed));
  RaidController& raid = platform.controller();
  platform.run(sc_core::sc_time(fail_at_us + rebuild_delay_us / 2, sc_core::SC_US));
  EXPECT_TRUE(raid.device_failed(c.failed_slot));
  EXPECT_FALSE(raid.rebuild_running());
  platform.run(sc_core::sc_time(rebuild_delay_us, sc_core::SC_US));
  ASSERT_TRUE(raid.rebuild_running()) << "the test expects the rebuild to take a while";
  platform.run();
  ASSERT_TRUE(platform.workload_done());
  EXPECT_FALSE(raid.rebuild_running());
  EXPECT_EQ(raid.device_of_slot(c.failed_slot), static_cast<MemberId>(c.members)) << "the spare took the slot";
  const nlohmann::json stats = platform.statistics();
  EXPECT_LT(stats["raid"]["rebuild"]["completed_us"].get<double>(), stats["sim_time_ns"].get<double>() / 1000.0)
      << "host reads must also run after the rebuild";
  EXPECT_GT(stats["data_integrity"]["controller"]["blocks_reconstructed"].get<std::uint64_t>(), 0u);
  const auto& modes = stats["raid"]["stripe_operations"];
  EXPECT_GT(modes["read_degraded"].get<std::uint64_t>(), 0u);
  EXPECT_GT(modes["write_rcw"].get<std::uint64_t>() + modes["write_full_row"].get<std::uint64_t>(), 0u);
  if (c.small_writes_rmw) {
    EXPECT_GT(modes["write_rmw"].get<std::uint64_t>(), 0u);
  }
  testing::expect_clean_array(stats);
  const auto& engine = stats["raid"]["parity_engine"];
  const std::uint64_t jobs = engine["jobs"].get<std::uint64_t>();
  const std::uint64_t cycles = engine["rtl_cycles"].get<std::uint64_t>();
  EXPECT_GT(jobs, 1000u);
  EXPECT_GE(cycles, jobs * row_cycles(1));
  // Each job is its cycles at the RTL clock plus one transactor overhead.
  EXPECT_EQ(engine["busy_ns"].get<std::uint64_t>(), (cycles * kClockPeriodPs + jobs * kTransactorOverheadPs) / 1000);
}

INSTANTIATE_TEST_SUITE_P(Levels, RaidRtlParityRebuildTest,
                         ::testing::Values(LevelCase{"raid5", "raid5", 4, 1, false}, LevelCase{"raid6", "raid6", 5, 0, false},
                                           LevelCase{"raid5_rmw", "raid5", 5, 2, true},
                                           LevelCase{"raid6_rmw", "raid6", 7, 3, true}),
                         [](const ::testing::TestParamInfo<LevelCase>& info) { return std::string(info.param.name); });

// The same RAID-5 small write twice (block 0, 20 ms apart, so the members are idle) with the
// tlm engine at a known throughput and with the rtl engine: the latencies differ by exactly
// the RTL job's time minus the tlm job's.
struct SmallWriteRun {
  std::uint64_t max_latency_ps = 0;
  nlohmann::json engine;
};

SmallWriteRun run_small_writes(const char* parity_engine) {
  const RaidConfig config = testing::make_raid_config({{"level", "raid5"},
                                                       {"members", 5},
                                                       {"stripe_unit_bytes", 4096},
                                                       {"parity_engine", parity_engine},
                                                       {"parity", {{"xor_mbps", 1000.0}, {"setup_ns", 500}}}},
                                                      true, kRtlKeys);
  RaidPlatform platform("array", config);
  std::vector<HostRequest> requests = {testing::page_request(HostOp::Write, 0, 4096, 0),
                                       testing::page_request(HostOp::Write, 0, 4096, 20'000'000)};
  platform.attach_workload(
      std::make_unique<testing::VectorRequestSource>(std::move(requests), ArrivalMode::OpenLoop, 1));
  platform.run();
  EXPECT_TRUE(platform.workload_done());
  const nlohmann::json stats = platform.statistics();
  EXPECT_EQ(stats["raid"]["stripe_operations"]["write_rmw"], 2);
  testing::expect_clean_array(stats);
  SmallWriteRun run;
  run.max_latency_ps = static_cast<std::uint64_t>(
      std::llround(platform.host_statistics().op(HostOp::Write).latency.max_ns() * 1000.0));
  run.engine = stats["raid"]["parity_engine"];
  return run;
}

class RaidRtlParityTimingTest : public testing::SystemCTest {};

TEST_F(RaidRtlParityTimingTest, Raid5SmallWriteTakesTheRtlCyclesInsteadOfTheThroughputModel) {
  const SmallWriteRun tlm = run_small_writes("tlm");
  testing::fresh_kernel();  // a second platform needs its own elaboration
  const SmallWriteRun rtl = run_small_writes("rtl");
  // Read-modify-write of one block: the tlm engine reads old data, new data and old parity
  // (3 x 4 KiB at 1000 MB/s after 500 ns of setup); the RTL gets the old and new data tags
  // (its delta goes into the old parity), so one row of 2 units.
  const std::uint64_t tlm_job_ps = 500'000 + 3ull * 4096 * 1'000'000 / 1000;
  const std::uint64_t rtl_job_cycles = row_cycles(2);
  const std::uint64_t rtl_job_ps = rtl_job_cycles * kClockPeriodPs + kTransactorOverheadPs;
  ASSERT_EQ(tlm.engine["jobs"], 2);
  ASSERT_EQ(rtl.engine["jobs"], 2);
  EXPECT_EQ(tlm.engine["busy_ns"].get<std::uint64_t>(), 2 * tlm_job_ps / 1000);
  EXPECT_EQ(rtl.engine["rtl_cycles"].get<std::uint64_t>(), 2 * rtl_job_cycles);
  EXPECT_FALSE(tlm.engine.contains("rtl_cycles"));
  EXPECT_EQ(std::int64_t(rtl.max_latency_ps) - std::int64_t(tlm.max_latency_ps),
            std::int64_t(rtl_job_ps) - std::int64_t(tlm_job_ps));
}

// The transactor on its own: the block's P and Q of a row, and an SC_REPORT_ERROR when they
// differ from what the controller computed.
TEST(RtlParityJobTimer, ChecksPAndQAndTimesTheCycles) {
  testing::fresh_kernel();
  ParityEngineConfig config;
  config.kind = "rtl";
  config.rtl_clock_period_ps = kClockPeriodPs;
  config.rtl_transactor_overhead_ps = kTransactorOverheadPs;
  RtlParityJobTimer timer(config);
  const std::vector<std::uint64_t> data = {0x0123456789abcdefull, 0xfedcba9876543210ull, 0x00ff00ff00ff00ffull};
  ParityRow row;
  for (std::uint32_t k = 0; k < data.size(); ++k) row.add(data[k], k);
  row.has_q = true;
  row.expected_p = xor_parity(data);
  row.expected_q = q_parity(data);
  EXPECT_EQ(timer.job_ps(3 * 4096, 3 * 4096, {row, row}), 2 * row_cycles(3) * kClockPeriodPs + kTransactorOverheadPs);
  EXPECT_EQ(timer.rtl_cycles(), 2 * row_cycles(3));

  sc_core::sc_report_handler::set_handler(sc_core::sc_report_handler::default_handler);
  ParityRow wrong_q = row;
  wrong_q.expected_q ^= 0x100;
  EXPECT_THROW(timer.job_ps(3 * 4096, 3 * 4096, {wrong_q}), sc_core::sc_report);
  ParityRow wrong_p = row;
  wrong_p.expected_p ^= 1;
  EXPECT_THROW(timer.job_ps(3 * 4096, 0, {wrong_p}), sc_core::sc_report);
  testing::install_failing_report_handler();
}

std::string config_error_of(const nlohmann::json& raid, bool data_mode) {
  try {
    testing::make_raid_config(raid, data_mode, kRtlKeys);
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "";
}

TEST(RaidRtlParityConfig, RejectsUnknownEnginesAndRtlWithoutDataMode) {
  EXPECT_EQ(testing::make_raid_config({{"level", "raid5"}}).controller.parity_engine.kind, "tlm");
  const RaidConfig rtl = testing::make_raid_config({{"level", "raid5"}, {"parity_engine", "rtl"}}, true, kRtlKeys);
  EXPECT_EQ(rtl.controller.parity_engine.kind, "rtl");
  EXPECT_EQ(rtl.controller.parity_engine.rtl_clock_period_ps, kClockPeriodPs);
  EXPECT_EQ(rtl.controller.parity_engine.rtl_transactor_overhead_ps, kTransactorOverheadPs);
  EXPECT_NE(config_error_of({{"level", "raid5"}, {"parity_engine", "verilog"}}, true).find("raid.parity_engine"),
            std::string::npos);
  EXPECT_NE(config_error_of({{"level", "raid5"}, {"parity_engine", "rtl"}}, false).find("raid.parity_engine"),
            std::string::npos);
}

}  // namespace
}  // namespace ssdtlm
