// Host flush and durable trims (docs/reliability.md, "Power loss and recovery"): exact times on
// a one-die device with an ideal bus, where a program takes exactly tPROG. A flush completes
// when every write that reached the FTL before it has been programmed (with a write buffer, the
// drain of the buffer); with power.enabled a trim completes when the trim-table page recording
// it has been programmed, and trims arriving during that program ride in the next one.
#include <gtest/gtest.h>

#include "platforms/ssd_platform.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"
#include "tests/unit/support/vector_request_source.h"

namespace ssdtlm {
namespace {

using testing::page_request;
using testing::VectorRequestSource;

constexpr std::uint64_t kProgramPs = 200'000'000;  // tPROG = 200 us

// One die on one channel, one plane of 8 blocks x 8 pages, an ideal bus (no command cycles,
// transfer time or status read): a program takes exactly tPROG. GC watermarks of one block.
nlohmann::json one_die(int write_buffer_pages, bool power) {
  return {
      {"nand", {{"pages_per_block", 8}, {"blocks_per_plane", 8}, {"planes_per_die", 1},
                {"timing", {{"read_us", 25.0}, {"program_us", 200.0}, {"status_read_ns", 0.0}}}}},
      {"controller", {{"channels", 1}, {"chips_per_channel", 1}}},
      {"channel", {{"transfer_rate_mts", 0}, {"command_cycle_ns", 0.0}}},
      {"ftl", {{"spare_factor", 0.5},
               {"gc", {{"free_block_low_watermark", 0.125}, {"free_block_high_watermark", 0.125}}},
               {"write_buffer", {{"pages", write_buffer_pages}, {"access_ns", 0.0}}}}},
      {"host", {{"nvme", {{"command_overhead_ns", 300}}}}},
      {"power", {{"enabled", power}}},
  };
}

HostRequest flush() {
  HostRequest r;
  r.op = HostOp::Flush;
  return r;
}

class ReliabilityDurabilityTest : public testing::SystemCTest {};

// Three writes then a flush, all submitted at t = 0 (queue depth 4). The host link fetches each
// write's command (c) and pulls its data (d); the front end adds o. W0 reaches the FTL at
// t0 = c + d + o, is acknowledged from the buffer at once and programmed from t0; W1 and W2
// follow c + d apart and queue behind it on the die. The flush reaches the FTL at 4c + 3d + o,
// long before the programs end: it completes with the last one, at t0 + 3 tPROG, and its
// completion entry crosses the link (e).
TEST_F(ReliabilityDurabilityTest, FlushCompletesWhenTheWriteBufferHasDrained) {
  const SsdConfig config = testing::make_config(one_die(8, false));
  SsdPlatform platform("ssd", config);
  platform.attach_workload(std::make_unique<VectorRequestSource>(
      std::vector<HostRequest>{page_request(HostOp::Write, 0, 4096), page_request(HostOp::Write, 1, 4096),
                               page_request(HostOp::Write, 2, 4096), flush()},
      ArrivalMode::ClosedLoop, 4));
  platform.run();
  ASSERT_TRUE(platform.workload_done());
  const auto& pcie = config.host_interface.pcie;
  const std::uint64_t c = pcie.transfer_ps(64), d = pcie.transfer_ps(4096), o = 300'000, e = pcie.transfer_ps(16);
  const std::uint64_t t0 = c + d + o;
  EXPECT_EQ(sc_core::sc_time_stamp().value(), t0 + 3 * kProgramPs + e);
  const auto stats = platform.statistics();
  EXPECT_EQ(stats["ftl"]["flushes"]["commands"], 1);
  EXPECT_EQ(stats["ftl"]["flushes"]["waited"], 1);
  EXPECT_EQ(stats["host"]["flush"]["count"], 1);
  // The writes were acknowledged from the buffer, long before the flush.
  EXPECT_LT(platform.host_statistics().op(HostOp::Write).latency.max_ns(), 10'000.0);
  EXPECT_EQ(stats["flash"]["programs"]["host"], 3);
}

// A flush with nothing written before it completes at once: fetch, front end, completion.
TEST_F(ReliabilityDurabilityTest, FlushWithNothingToDrainCompletesAtOnce) {
  const SsdConfig config = testing::make_config(one_die(8, false));
  SsdPlatform platform("ssd", config);
  platform.attach_workload(std::make_unique<VectorRequestSource>(std::vector<HostRequest>{flush()}, ArrivalMode::ClosedLoop, 1));
  platform.run();
  const auto& pcie = config.host_interface.pcie;
  EXPECT_EQ(sc_core::sc_time_stamp().value(), pcie.transfer_ps(64) + 300'000 + pcie.transfer_ps(16));
  EXPECT_EQ(platform.statistics()["ftl"]["flushes"]["waited"], 0);
}

// A flush waits only for what arrived before it: W0, then the flush, then W1 (queue depth 1
// for W0: the flush and W1 are submitted as W0 completes from the buffer). The flush completes
// with W0's program, W1's program follows.
TEST_F(ReliabilityDurabilityTest, FlushDoesNotWaitForWritesThatArriveAfterIt) {
  const SsdConfig config = testing::make_config(one_die(8, false));
  SsdPlatform platform("ssd", config);
  platform.attach_workload(std::make_unique<VectorRequestSource>(
      std::vector<HostRequest>{page_request(HostOp::Write, 0, 4096), flush(), page_request(HostOp::Write, 1, 4096)},
      ArrivalMode::ClosedLoop, 1));
  platform.run();
  ASSERT_TRUE(platform.workload_done());
  const auto& flush_latency = platform.host_statistics().op(HostOp::Flush).latency;
  const auto& pcie = config.host_interface.pcie;
  const std::uint64_t c = pcie.transfer_ps(64), d = pcie.transfer_ps(4096), o = 300'000, e = pcie.transfer_ps(16);
  // W0 is programmed from t0 = c + d + o and acknowledged at t0 + e; the flush is submitted
  // then and completes with W0's program, at t0 + tPROG + e: a latency of exactly tPROG. W1,
  // submitted then, reaches the FTL c + d + o later and the run ends with its program.
  EXPECT_DOUBLE_EQ(flush_latency.max_ns(), double(kProgramPs) / 1000.0);
  EXPECT_EQ(sc_core::sc_time_stamp().value(), 2 * (c + d + o) + 2 * kProgramPs + e);
}

// power.enabled: a trim is acknowledged when the trim-table page recording it is programmed.
// Three trims submitted together reach the FTL c apart: T0 starts the table page's program at
// c + o; T1 and T2 arrive during it and ride in the next program, which starts when the first
// ends. Two table programs, trims acknowledged at c + o + tPROG and c + o + 2 tPROG.
TEST_F(ReliabilityDurabilityTest, TrimIsAcknowledgedWhenItsTrimTablePageIsProgrammed) {
  const SsdConfig config = testing::make_config(one_die(0, true));
  SsdPlatform platform("ssd", config);
  platform.attach_workload(std::make_unique<VectorRequestSource>(
      std::vector<HostRequest>{page_request(HostOp::Trim, 0, 4096), page_request(HostOp::Trim, 1, 4096),
                               page_request(HostOp::Trim, 2, 4096)},
      ArrivalMode::ClosedLoop, 3));
  platform.run();
  ASSERT_TRUE(platform.workload_done());
  const auto& pcie = config.host_interface.pcie;
  const std::uint64_t c = pcie.transfer_ps(64), o = 300'000, e = pcie.transfer_ps(16);
  // The last two completions cross the link one after the other.
  EXPECT_EQ(sc_core::sc_time_stamp().value(), c + o + 2 * kProgramPs + 2 * e);
  const auto stats = platform.statistics();
  EXPECT_EQ(stats["power"]["trim_table_writes"], 2);
  EXPECT_EQ(stats["flash"]["programs"]["other"], 2) << "table pages are flash programs of origin other";
  EXPECT_EQ(stats["host"]["trim"]["count"], 3);
}

// Without power modelling trims stay what they were: a map update, acknowledged at once.
TEST_F(ReliabilityDurabilityTest, WithoutPowerModellingATrimCostsNoProgram) {
  const SsdConfig config = testing::make_config(one_die(0, false));
  SsdPlatform platform("ssd", config);
  platform.attach_workload(std::make_unique<VectorRequestSource>(
      std::vector<HostRequest>{page_request(HostOp::Trim, 0, 4096)}, ArrivalMode::ClosedLoop, 1));
  platform.run();
  const auto& pcie = config.host_interface.pcie;
  EXPECT_EQ(sc_core::sc_time_stamp().value(), pcie.transfer_ps(64) + 300'000 + pcie.transfer_ps(16));
  EXPECT_EQ(platform.statistics()["flash"]["programs"]["other"], 0);
}

}  // namespace
}  // namespace ssdtlm
