// An uncorrectable page in a RAID member (NAND fault model, docs/reliability.md): the member
// answers the read with an error status and the array controller rebuilds the block from the
// stripe's other members through its degraded-read path; in data mode the host gets exactly
// the data it wrote.
#include <gtest/gtest.h>

#include "platforms/raid_platform.h"
#include "tests/unit/raid/raid_data_checks.h"
#include "tests/unit/raid/raid_test_config.h"
#include "tests/unit/support/systemc_fixture.h"
#include "tests/unit/support/vector_request_source.h"

namespace ssdtlm {
namespace {

class ReliabilityRaidTest : public testing::SystemCTest {};

TEST_F(ReliabilityRaidTest, UncorrectableMemberReadIsReconstructedFromTheOtherMembers) {
  // Member 1 reads every page with RBER 0.1 and no retry: all its reads are uncorrectable.
  const nlohmann::json top = {
      {"member_overrides",
       {{"1", {{"nand.reliability.rber.base", 0.1}, {"nand.reliability.read_retry.max_steps", 0}}}}}};
  const RaidConfig config = testing::make_raid_config(
      {{"level", "raid5"}, {"members", 4}, {"stripe_unit_bytes", 8192}}, true, top);
  RaidPlatform platform("array", config);
  // Full-stripe writes (3 data units of 8 KiB: no read-modify-write, so parity never depends
  // on a failed read), then every 4 KiB block read back.
  const int stripes = 16;
  std::vector<HostRequest> requests;
  for (int s = 0; s < stripes; ++s) requests.push_back(testing::page_request(HostOp::Write, s, 3 * 8192));
  for (int block = 0; block < stripes * 6; ++block) requests.push_back(testing::page_request(HostOp::Read, block, 4096));
  platform.attach_workload(std::make_unique<testing::VectorRequestSource>(requests, ArrivalMode::ClosedLoop, 4));
  platform.run();
  ASSERT_TRUE(platform.workload_done());

  const nlohmann::json stats = platform.statistics();
  testing::expect_clean_array(stats);
  const auto& array = stats["raid"];
  // A quarter of the units sit on member 1 (data and rotating parity): its data units are read.
  ASSERT_TRUE(array.contains("read_errors")) << array.dump();
  const auto failed = array["read_errors"]["member_reads_failed"].get<std::uint64_t>();
  EXPECT_GT(failed, 10u);
  EXPECT_EQ(array["read_errors"]["reconstructed_reads"].get<std::uint64_t>(), failed);
  EXPECT_EQ(array["read_errors"]["unrecoverable_reads"], 0);
  EXPECT_GT(array["stripe_operations"]["read_degraded"].get<std::uint64_t>(), 0u);
  // Every host read was checked against the data written, reconstructed ones included.
  EXPECT_GE(stats["data_integrity"]["controller"]["blocks_checked"].get<std::uint64_t>(), std::uint64_t(stripes * 6));
  EXPECT_EQ(stats["devices"][1]["ssd"]["reliability"]["host_read_errors"].get<std::uint64_t>(), failed);
}

}  // namespace
}  // namespace ssdtlm
