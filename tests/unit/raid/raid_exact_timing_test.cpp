// Exact simulated times of the RAID controller's operation phases over idle members: every
// expectation is built from the configured member, controller and parity-engine times, so a
// phase that is skipped, serialized where it should overlap, or charged twice fails here.
#include <cmath>

#include <gtest/gtest.h>

#include "platforms/raid_platform.h"
#include "tests/unit/raid/raid_test_config.h"
#include "tests/unit/support/systemc_fixture.h"
#include "tests/unit/support/vector_request_source.h"

namespace ssdtlm {
namespace {

using testing::page_request;
using testing::VectorRequestSource;

constexpr std::uint64_t kCommandOverheadPs = 2'000'000;     // raid.controller.command_overhead_us = 2
constexpr std::uint64_t kCompletionOverheadPs = 1'500'000;  // raid.controller.completion_overhead_us = 1.5
constexpr double kXorMbps = 1000.0;
constexpr double kRsMbps = 500.0;
constexpr std::uint64_t kParitySetupPs = 500'000;  // raid.parity.setup_ns = 500

// Members with firmware and NVMe overheads, so every stage of a member command shows.
nlohmann::json member_ssd() {
  nlohmann::json ssd = testing::tiny_raid_ssd();
  ssd["channel"] = {{"transfer_rate_mts", 333}, {"bus_width_bits", 8}, {"command_cycle_ns", 5}, {"address_cycles", 5}};
  ssd["ftl"]["cpu"] = {{"clock_mhz", 500}, {"cycles_per_host_read", 500}, {"cycles_per_host_write", 750}};
  ssd["host"] = {{"nvme", {{"command_overhead_ns", 300}}}, {"pcie", {{"lanes", 4}, {"lane_bandwidth_mbps", 1000}}}};
  return ssd;
}

RaidConfig timing_config(nlohmann::json raid) {
  raid["stripe_unit_bytes"] = 4096;
  raid["controller"] = {{"command_overhead_us", 2.0}, {"completion_overhead_us", 1.5}};
  raid["parity"] = {{"xor_mbps", kXorMbps}, {"rs_mbps", kRsMbps}, {"setup_ns", 500}};
  return testing::make_raid_config(raid, false, {{"ssd", member_ssd()}});
}

// An idle member's 4 KiB read of a written page and 4 KiB write, as in the SSD timing tests.
std::uint64_t member_read_ps(const SsdConfig& ssd) {
  const auto& pcie = ssd.host_interface.pcie;
  const auto& bus = ssd.bus_timing;
  return pcie.transfer_ps(64) + 300'000 + 1'000'000 + bus.page_command_ps() + 25'000'000 + bus.transfer_ps(4096) +
         pcie.transfer_ps(4096) + pcie.transfer_ps(16);
}
std::uint64_t member_write_ps(const SsdConfig& ssd) {
  const auto& pcie = ssd.host_interface.pcie;
  const auto& bus = ssd.bus_timing;
  return pcie.transfer_ps(64) + pcie.transfer_ps(4096) + 300'000 + 1'500'000 + bus.page_command_ps() +
         bus.transfer_ps(4096) + 200'000'000 + pcie.transfer_ps(16);
}
std::uint64_t parity_ps(std::uint64_t xor_bytes, std::uint64_t rs_bytes) {
  double ps = double(kParitySetupPs) + double(xor_bytes) * 1e6 / kXorMbps + double(rs_bytes) * 1e6 / kRsMbps;
  return static_cast<std::uint64_t>(ps + 0.5);
}

std::uint64_t latency_ps(const HostOpStatistics& op) { return static_cast<std::uint64_t>(std::llround(op.latency.max_ns() * 1000.0)); }

// Requests one after another (closed loop, depth 1), starting after `gap_ns` each so the
// members are idle again: each request's latency is its own exact cost.
std::vector<HostRequest> spaced(std::vector<HostRequest> requests, std::uint64_t gap_ns) {
  for (std::size_t i = 0; i < requests.size(); ++i) requests[i].arrival_ns = i * gap_ns;
  return requests;
}

class RaidExactTimingTest : public testing::SystemCTest {};

// RAID-5 of 5, 4 KiB units: array block 0 is data index 0 of stripe 0. A one-block write reads
// the old data and the old parity (in parallel, on two members), XORs old data, new data and
// old parity on the engine, then writes data and parity (in parallel). (With 4 members,
// reconstruct-write reads as few blocks, 2, and is chosen, as Linux md does on a tie.)
TEST_F(RaidExactTimingTest, Raid5SmallWriteIsTwoReadsParityAndTwoWrites) {
  const RaidConfig config = timing_config({{"level", "raid5"}, {"members", 5}});
  RaidPlatform platform("array", config);
  platform.attach_workload(std::make_unique<VectorRequestSource>(
      spaced({page_request(HostOp::Write, 0, 4096)}, 0), ArrivalMode::OpenLoop, 1));
  platform.precondition(PreconditionMode::Fill);  // the old data and parity are on flash
  platform.run();
  ASSERT_TRUE(platform.workload_done());
  const nlohmann::json stats = platform.statistics();
  ASSERT_EQ(stats["raid"]["stripe_operations"]["write_rmw"], 1);
  const SsdConfig& ssd = config.devices[0];
  const std::uint64_t expected = kCommandOverheadPs + member_read_ps(ssd) + parity_ps(3 * 4096, 0) +
                                 member_write_ps(ssd) + kCompletionOverheadPs;
  EXPECT_EQ(latency_ps(platform.host_statistics().op(HostOp::Write)), expected);
  std::uint32_t reads = 0, writes = 0;
  for (int d = 0; d < 5; ++d) {
    reads += stats["raid"]["devices"][d]["reads"].get<std::uint32_t>();
    writes += stats["raid"]["devices"][d]["writes"].get<std::uint32_t>();
  }
  EXPECT_EQ(reads, 2u);
  EXPECT_EQ(writes, 2u);
}

// RAID-6 of 7 (read-modify-write reads 3 blocks, reconstruct-write 4): the same small write also reads old Q and runs the GF(2^8) unit over the
// same three blocks, then writes data, P and Q.
TEST_F(RaidExactTimingTest, Raid6SmallWriteAddsQOnTheReedSolomonUnit) {
  const RaidConfig config = timing_config({{"level", "raid6"}, {"members", 7}});
  RaidPlatform platform("array", config);
  platform.attach_workload(std::make_unique<VectorRequestSource>(
      spaced({page_request(HostOp::Write, 0, 4096)}, 0), ArrivalMode::OpenLoop, 1));
  platform.precondition(PreconditionMode::Fill);
  platform.run();
  ASSERT_TRUE(platform.workload_done());
  EXPECT_EQ(platform.statistics()["raid"]["stripe_operations"]["write_rmw"], 1);
  const SsdConfig& ssd = config.devices[0];
  const std::uint64_t expected = kCommandOverheadPs + member_read_ps(ssd) + parity_ps(3 * 4096, 3 * 4096) +
                                 member_write_ps(ssd) + kCompletionOverheadPs;
  EXPECT_EQ(latency_ps(platform.host_statistics().op(HostOp::Write)), expected);
}

// A read of a failed member's block reads the same row from every survivor (in parallel) and
// XORs them on the engine; a read of a surviving member's block costs one member read.
TEST_F(RaidExactTimingTest, DegradedReadIsSurvivorReadsPlusReconstruction) {
  RaidConfig config = timing_config({{"level", "raid5"}, {"members", 4}, {"fail_member", 0}, {"fail_member_at_us", 0}});
  RaidPlatform platform("array", config);
  // Stripe 0 under left-symmetric rotation: P on member 3, data 0..2 on members 0..2.
  ASSERT_EQ(platform.controller().layout().place(0).p, 3u);
  ASSERT_EQ(platform.controller().layout().place(0).data_member(0), 0u);
  platform.attach_workload(std::make_unique<VectorRequestSource>(
      spaced({page_request(HostOp::Read, 0, 4096)}, 0), ArrivalMode::OpenLoop, 1));
  platform.precondition(PreconditionMode::Fill);
  platform.run();
  ASSERT_TRUE(platform.workload_done());
  const nlohmann::json stats = platform.statistics();
  EXPECT_EQ(stats["raid"]["stripe_operations"]["read_degraded"], 1);
  const SsdConfig& ssd = config.devices[0];
  const std::uint64_t expected =
      kCommandOverheadPs + member_read_ps(ssd) + parity_ps(3 * 4096, 0) + kCompletionOverheadPs;
  EXPECT_EQ(latency_ps(platform.host_statistics().op(HostOp::Read)), expected);
  EXPECT_EQ(stats["raid"]["devices"][0]["reads"], 0) << "the failed member is not read";
  for (int d = 1; d < 4; ++d) EXPECT_EQ(stats["raid"]["devices"][d]["reads"], 1) << "survivor " << d;
}

TEST_F(RaidExactTimingTest, ReadOfASurvivingMemberCostsOneMemberRead) {
  RaidConfig config = timing_config({{"level", "raid5"}, {"members", 4}, {"fail_member", 0}, {"fail_member_at_us", 0}});
  RaidPlatform platform("array", config);
  platform.attach_workload(std::make_unique<VectorRequestSource>(
      spaced({page_request(HostOp::Read, 1, 4096)}, 0), ArrivalMode::OpenLoop, 1));  // data 1: member 1
  platform.precondition(PreconditionMode::Fill);
  platform.run();
  const SsdConfig& ssd = config.devices[0];
  EXPECT_EQ(latency_ps(platform.host_statistics().op(HostOp::Read)),
            kCommandOverheadPs + member_read_ps(ssd) + kCompletionOverheadPs);
}

// A full-stripe write needs no reads: parity from the new data alone, then every member writes.
TEST_F(RaidExactTimingTest, Raid5FullStripeWriteIsParityThenWrites) {
  const RaidConfig config = timing_config({{"level", "raid5"}, {"members", 4}});
  RaidPlatform platform("array", config);
  HostRequest full = page_request(HostOp::Write, 0, 4096);
  full.size_bytes = 3 * 4096;
  platform.attach_workload(std::make_unique<VectorRequestSource>(spaced({full}, 0), ArrivalMode::OpenLoop, 1));
  platform.precondition(PreconditionMode::Fill);
  platform.run();
  const SsdConfig& ssd = config.devices[0];
  EXPECT_EQ(latency_ps(platform.host_statistics().op(HostOp::Write)),
            kCommandOverheadPs + parity_ps(3 * 4096, 0) + member_write_ps(ssd) + kCompletionOverheadPs);
}

// Member commands beyond raid.controller.member_queue_depth wait in the controller: two
// one-block reads of member 1 with depth 1 finish one member read apart.
TEST_F(RaidExactTimingTest, MemberQueueDepthSerializesCommandsInTheController) {
  nlohmann::json raid = {{"level", "raid0"}, {"members", 2}};
  RaidConfig config = timing_config(raid);
  config.controller.member_queue_depth = 1;
  RaidPlatform platform("array", config);
  // Blocks 1 and 3 are both on member 1 (4 KiB units over 2 members).
  platform.attach_workload(std::make_unique<VectorRequestSource>(
      spaced({page_request(HostOp::Read, 1, 4096), page_request(HostOp::Read, 3, 4096)}, 0), ArrivalMode::OpenLoop, 2));
  platform.precondition(PreconditionMode::Fill);
  platform.run();
  const SsdConfig& ssd = config.devices[0];
  // The controller firmware is serial: the second request is planned one command overhead
  // later, but its member command starts only when the first one completes.
  EXPECT_EQ(latency_ps(platform.host_statistics().op(HostOp::Read)),
            kCommandOverheadPs + 2 * member_read_ps(ssd) + kCompletionOverheadPs);
}

// A member's flush with nothing buffered: command fetch, NVMe overhead, completion entry.
std::uint64_t member_empty_flush_ps(const SsdConfig& ssd) {
  const auto& pcie = ssd.host_interface.pcie;
  return pcie.transfer_ps(64) + 300'000 + pcie.transfer_ps(16);
}

HostRequest flush_at(std::uint64_t arrival_ns) {
  HostRequest flush;
  flush.op = HostOp::Flush;
  flush.arrival_ns = arrival_ns;
  return flush;
}

// An array flush with nothing before it: the firmware takes it, every member in service
// flushes (in parallel, all idle), the completion is posted. The spare is not flushed.
TEST_F(RaidExactTimingTest, FlushOfAnIdleArrayFlushesEveryMemberInService) {
  RaidConfig config = timing_config({{"level", "raid5"}, {"members", 4}, {"spares", 1}});
  RaidPlatform platform("array", config);
  platform.attach_workload(std::make_unique<VectorRequestSource>(std::vector<HostRequest>{flush_at(0)},
                                                                 ArrivalMode::OpenLoop, 1));
  platform.run();
  ASSERT_TRUE(platform.workload_done());
  const SsdConfig& ssd = config.devices[0];
  EXPECT_EQ(latency_ps(platform.host_statistics().op(HostOp::Flush)),
            kCommandOverheadPs + member_empty_flush_ps(ssd) + kCompletionOverheadPs);
  const nlohmann::json stats = platform.statistics();
  EXPECT_EQ(stats["array"]["flush"]["count"], 1);
  for (int d = 0; d < 4; ++d) EXPECT_EQ(stats["raid"]["devices"][d]["flushes"], 1) << "member " << d;
  EXPECT_EQ(stats["raid"]["devices"][4]["flushes"], 0) << "the spare holds no array data";
}

// A flush 1 us after a small write waits until the write is answered, then flushes the
// members: it ends one member flush and one completion after the write's answer.
TEST_F(RaidExactTimingTest, FlushWaitsForTheWritesBeforeIt) {
  const RaidConfig config = timing_config({{"level", "raid5"}, {"members", 5}});
  RaidPlatform platform("array", config);
  platform.attach_workload(std::make_unique<VectorRequestSource>(
      std::vector<HostRequest>{page_request(HostOp::Write, 0, 4096, 0), flush_at(1000)}, ArrivalMode::OpenLoop, 2));
  platform.precondition(PreconditionMode::Fill);
  platform.run();
  ASSERT_TRUE(platform.workload_done());
  const SsdConfig& ssd = config.devices[0];
  const std::uint64_t write_answered_ps = kCommandOverheadPs + member_read_ps(ssd) + parity_ps(3 * 4096, 0) +
                                          member_write_ps(ssd) + kCompletionOverheadPs;
  EXPECT_EQ(latency_ps(platform.host_statistics().op(HostOp::Write)), write_answered_ps);
  EXPECT_EQ(latency_ps(platform.host_statistics().op(HostOp::Flush)),
            write_answered_ps + member_empty_flush_ps(ssd) + kCompletionOverheadPs - 1'000'000);
}

}  // namespace
}  // namespace ssdtlm
