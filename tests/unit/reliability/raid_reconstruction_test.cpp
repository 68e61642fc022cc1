// An uncorrectable page in a RAID member (NAND fault model, docs/reliability.md): the member
// answers the read with an error status and the array controller rebuilds the block from the
// stripe's other members through its degraded-read path (for a write's read-modify-write,
// through its degraded-write path); in data mode the host gets exactly the data it wrote and
// the parity stays right.
#include <gtest/gtest.h>

#include <cstdio>

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

// A small write's read-modify-write (or reconstruct-write) reads old data and parity; when such a
// read fails, the old content is rebuilt from the stripe's other members as a degraded write
// would, so the parity written stays right. Member 1 of a 5-member RAID-5 fails every read: each
// small write touching a unit or a parity on it needs that. The end-of-run check compares every
// stripe's parity with its data, and every block is read back (those on member 1 through parity).
TEST_F(ReliabilityRaidTest, UncorrectableReadInAWritesReadModifyWriteIsReconstructed) {
  const nlohmann::json top = {
      {"member_overrides",
       {{"1", {{"nand.reliability.rber.base", 0.1}, {"nand.reliability.read_retry.max_steps", 0}}}}}};
  const RaidConfig config = testing::make_raid_config(
      {{"level", "raid5"}, {"members", 5}, {"stripe_unit_bytes", 8192}}, true, top);
  RaidPlatform platform("array", config);
  // 8 full stripes (4 data units of 8 KiB: no reads), then 96 single-block writes into them
  // (read-modify-write: old block + parity, fewer reads than the 3 other units of a
  // reconstruct-write), then every block read back. Few enough writes that no member runs GC,
  // whose reads on member 1 would lose pages.
  const int stripes = 8, blocks = stripes * 8;
  std::vector<HostRequest> requests;
  for (int s = 0; s < stripes; ++s) requests.push_back(testing::page_request(HostOp::Write, s, 4 * 8192));
  std::uint64_t x = 12345;
  for (int i = 0; i < 96; ++i) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    requests.push_back(testing::page_request(HostOp::Write, (x >> 33) % blocks, 4096));
  }
  for (int block = 0; block < blocks; ++block) requests.push_back(testing::page_request(HostOp::Read, block, 4096));
  platform.attach_workload(std::make_unique<testing::VectorRequestSource>(requests, ArrivalMode::ClosedLoop, 4));
  platform.run();
  ASSERT_TRUE(platform.workload_done());

  const nlohmann::json stats = platform.statistics();
  testing::expect_clean_array(stats);  // parity of every stripe matches its data; every read as written
  const auto& array = stats["raid"];
  ASSERT_TRUE(array.contains("read_errors")) << array.dump();
  const auto& errors = array["read_errors"];
  EXPECT_GT(errors["reconstructed_writes"].get<std::uint64_t>(), 10u) << errors.dump();
  EXPECT_EQ(errors["unrecoverable_writes"], 0);
  EXPECT_GT(errors["reconstructed_reads"].get<std::uint64_t>(), 5u);
  EXPECT_EQ(errors["unrecoverable_reads"], 0);
  EXPECT_GT(array["stripe_operations"]["write_rmw"].get<std::uint64_t>(), 50u);
  EXPECT_GT(array["stripe_operations"]["write_degraded"].get<std::uint64_t>(), 10u) << "the re-planned writes";
  EXPECT_EQ(stats["data_integrity"]["controller"]["blocks_checked"].get<std::uint64_t>(), std::uint64_t(blocks));
  EXPECT_EQ(stats["devices"][1]["ssd"]["reliability"]["lost_pages"], 0);
  std::printf("[ figures  ] read_errors %s, write_rmw %llu, write_degraded %llu, blocks checked %llu\n", errors.dump().c_str(),
              (unsigned long long)array["stripe_operations"]["write_rmw"].get<std::uint64_t>(),
              (unsigned long long)array["stripe_operations"]["write_degraded"].get<std::uint64_t>(),
              (unsigned long long)stats["data_integrity"]["controller"]["blocks_checked"].get<std::uint64_t>());
}

}  // namespace
}  // namespace ssdtlm
