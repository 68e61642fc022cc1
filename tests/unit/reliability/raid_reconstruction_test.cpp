// An uncorrectable page in a RAID member (NAND fault model, docs/reliability.md): the member
// answers the read with an error status and the array controller rebuilds the block from the
// stripe's other members through its degraded-read path (for a write's read-modify-write,
// through its degraded-write path); in data mode the host gets exactly the data it wrote and
// the parity stays right.
#include <gtest/gtest.h>

#include <cstdio>

#include "models/host/workload/request_source_factory.h"
#include "models/host/workload/workload_spec.h"
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

// Every member with a raw bit error rate that makes a few percent of member reads
// uncorrectable: sometimes a write's old data cannot be read nor rebuilt (two failed reads in
// one row of a RAID-5 stripe), so the parity it writes is computed from a guess and the row
// is stale. A later read that has to rebuild a block of that row must fail with an error
// status, never return data rebuilt from the stale parity; the same for RAID-6, mirrors and a
// rebuild onto a spare (whose reads fail too). Data mode checks every read and, at the end,
// every block and every row the controller does not know to be lost.
struct UnreliableCase {
  const char* name;
  const char* level;
  int members;
  double rber;
  bool fail_and_rebuild;  // slot 1 fails at 20 ms and is rebuilt onto a spare
  bool stale_rows_expected;
};

class UnreliableMembersTest : public testing::SystemCTest, public ::testing::WithParamInterface<UnreliableCase> {};

TEST_P(UnreliableMembersTest, ReadsFailRatherThanReturnDataRebuiltFromAStaleRow) {
  const UnreliableCase& c = GetParam();
  nlohmann::json raid = {{"level", c.level}, {"members", c.members}, {"stripe_unit_bytes", 8192}};
  if (c.fail_and_rebuild) {
    raid.update({{"spares", 1}, {"fail_member", 1}, {"fail_member_at_us", 20000},
                 {"rebuild", {{"stripes_in_flight", 4}, {"start_delay_us", 1000}}}});
  }
  nlohmann::json ssd = testing::tiny_raid_ssd(true);
  ssd["nand"]["reliability"] = {{"rber", {{"base", c.rber}}}};
  const RaidConfig config = testing::make_raid_config(raid, true, {{"ssd", ssd}});
  RaidPlatform platform("array", config);
  const WorkloadSpec spec = parse_workload_spec("mixed:read=0.3,count=5000,size=4KiB:2/8KiB:1/16KiB:1,qd=8", "test");
  platform.attach_workload(make_request_source(spec, platform.logical_bytes(), 4096, config.seed));
  platform.run();  // a read returning other than the last write fails the test here
  ASSERT_TRUE(platform.workload_done());

  const nlohmann::json stats = platform.statistics();
  const auto& d = stats["data_integrity"];
  EXPECT_EQ(d["array_block_mismatches"], 0) << d.dump();
  EXPECT_EQ(d["redundancy_mismatches"], 0) << d.dump();
  EXPECT_EQ(d["controller"]["mismatches"], 0);
  EXPECT_EQ(d["controller"]["missing_member_contents"], 0);
  EXPECT_GT(d["controller"]["blocks_checked"].get<std::uint64_t>(), 1000u);
  const auto& errors = stats["raid"]["read_errors"];
  ASSERT_TRUE(errors.is_object()) << stats["raid"].dump();
  EXPECT_GT(errors["member_reads_failed"].get<std::uint64_t>(), 50u);
  EXPECT_GT(errors["reconstructed_reads"].get<std::uint64_t>(), 10u);
  EXPECT_GT(errors["unrecoverable_reads"].get<std::uint64_t>(), 0u) << "reads answered with an error status";
  if (c.stale_rows_expected) {
    EXPECT_GT(errors["unrecoverable_writes"].get<std::uint64_t>(), 0u) << errors.dump();
    EXPECT_GT(errors["stale_parity_rows"].get<std::uint64_t>(), 0u) << errors.dump();
    EXPECT_EQ(d["stale_parity_rows"], errors["stale_parity_rows"]);
  }
  if (c.fail_and_rebuild) {
    EXPECT_GT(stats["raid"]["rebuild"]["completed_us"].get<double>(), 20000.0);
    if (c.stale_rows_expected) {  // with this seed, rebuild steps also write guesses to the spare
      EXPECT_GT(errors["unreadable_blocks"].get<std::uint64_t>(), 0u) << errors.dump();
      EXPECT_EQ(d["known_lost_blocks"], errors["unreadable_blocks"]);
    }
  }
  std::printf("[ figures  ] %s: read_errors %s, known lost blocks %s\n", c.name, errors.dump().c_str(),
              d.value("known_lost_blocks", nlohmann::json(0)).dump().c_str());
}

INSTANTIATE_TEST_SUITE_P(
    Levels, UnreliableMembersTest,
    ::testing::Values(UnreliableCase{"raid5", "raid5", 4, 0.0035, false, true},
                      UnreliableCase{"raid6", "raid6", 5, 0.0035, false, true},
                      UnreliableCase{"raid10", "raid10", 4, 0.0035, false, false},
                      UnreliableCase{"raid1", "raid1", 2, 0.0035, false, false},
                      UnreliableCase{"raid5_rebuild", "raid5", 4, 0.0035, true, true},
                      UnreliableCase{"raid1_rebuild", "raid1", 2, 0.0035, true, false}),
    [](const ::testing::TestParamInfo<UnreliableCase>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace ssdtlm
