// Exact times through the RAID controller: an idle array request costs exactly the member
// command plus the controller's configured overheads and parity-engine time.
#include <gtest/gtest.h>

#include "platforms/raid_platform.h"
#include "tests/unit/raid/raid_test_config.h"
#include "tests/unit/support/systemc_fixture.h"
#include "tests/unit/support/vector_request_source.h"

namespace ssdtlm {
namespace {

using testing::page_request;

class RaidTimingTest : public testing::SystemCTest {};

TEST_F(RaidTimingTest, IdleReadCostsTheMemberReadPlusControllerOverheads) {
  RaidConfig config = testing::make_raid_config({{"level", "raid0"},
                                                 {"members", 2},
                                                 {"stripe_unit_bytes", 4096},
                                                 {"controller", {{"command_overhead_us", 2.0}, {"completion_overhead_us", 1.5}}}});
  RaidPlatform platform("array", config);
  // Write block 3 (member 1), then read it back, one at a time.
  std::vector<HostRequest> requests = {page_request(HostOp::Write, 3, 4096), page_request(HostOp::Read, 3, 4096)};
  platform.attach_workload(std::make_unique<testing::VectorRequestSource>(requests, ArrivalMode::ClosedLoop, 1));
  platform.run();
  ASSERT_TRUE(platform.workload_done());
  const nlohmann::json stats = platform.statistics();
  const LatencyStatistics& member = platform.controller().member_latency(1);
  ASSERT_EQ(member.count(), 2u);  // the write and the read, both on member 1
  EXPECT_EQ(platform.controller().member_latency(0).count(), 0u);
  const double array_read_us = stats["array"]["read"]["latency_us"]["mean"].get<double>();
  const double member_read_us = stats["raid"]["devices"][1]["latency_us"]["min"].get<double>();
  EXPECT_NEAR(array_read_us, member_read_us + 2.0 + 1.5, 1e-6);
  // A member read costs at least the array read time tR.
  EXPECT_GE(member_read_us, 25.0);
}

TEST_F(RaidTimingTest, FullStripeWriteWaitsForTheParityEngine) {
  RaidConfig config = testing::make_raid_config({{"level", "raid5"},
                                                 {"members", 4},
                                                 {"stripe_unit_bytes", 4096},
                                                 {"parity", {{"xor_mbps", 1000.0}, {"setup_ns", 500}}}});
  RaidPlatform platform("array", config);
  HostRequest full;  // stripe 0: three data blocks
  full.op = HostOp::Write;
  full.offset_bytes = 0;
  full.size_bytes = 3 * 4096;
  platform.attach_workload(std::make_unique<testing::VectorRequestSource>(std::vector<HostRequest>{full},
                                                                          ArrivalMode::ClosedLoop, 1));
  platform.run();
  const nlohmann::json stats = platform.statistics();
  EXPECT_EQ(stats["raid"]["stripe_operations"]["write_full_row"], 1);
  // 3 x 4096 B of input at 1000 MB/s is 12.288 us, plus 0.5 us setup.
  EXPECT_EQ(stats["raid"]["parity_engine"]["busy_ns"], 12788);
  double slowest_member_us = 0;
  for (int d = 0; d < 4; ++d) {
    ASSERT_EQ(stats["raid"]["devices"][d]["writes"], 1) << "every member gets one write";
    slowest_member_us = std::max(slowest_member_us, stats["raid"]["devices"][d]["latency_us"]["max"].get<double>());
  }
  EXPECT_NEAR(stats["array"]["write"]["latency_us"]["mean"].get<double>(), 12.788 + slowest_member_us, 1e-6);
}

}  // namespace
}  // namespace ssdtlm
