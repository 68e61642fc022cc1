// Multi-plane merging: queued commands of one die on different planes run as one operation.
#include <gtest/gtest.h>

#include "models/controller/multi_plane_merge.h"
#include "tests/unit/controller/controller_bench.h"
#include "tests/unit/controller/flash_commands.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm::testing {
namespace {

class MultiPlaneTest : public FlashTimingTest {};

TEST_F(MultiPlaneTest, TwoPlaneReadSharesOneArrayReadAndTransfersBothPages) {
  ControllerBench bench(small_geometry(), nand_, bus_);
  bench.die(0).backdoor_program(0, 2, 0);
  bench.die(0).backdoor_program(1, 5, 0);
  const auto a = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, read_command(0, 0, 2, 0));
  const auto b = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, read_command(0, 1, 5, 0));
  sc_core::sc_start();
  const sc_core::sc_time expected = ps(2 * P() + B() + tR() + 2 * X());
  EXPECT_EQ(bench.ftl.completion_time(a), expected);
  EXPECT_EQ(bench.ftl.completion_time(b), expected);
  EXPECT_EQ(bench.controller.multi_plane_operations(), 1u);
  EXPECT_EQ(bench.controller.multi_plane_merged_commands(), 2u);
  EXPECT_EQ(bench.die(0).counters().multi_plane_operations, 1u);
}

TEST_F(MultiPlaneTest, TwoPlaneProgramSendsBothPagesThenProgramsOnce) {
  ControllerBench bench(small_geometry(), nand_, bus_);
  const auto a = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, program_command(0, 0, 1, 0));
  const auto b = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, program_command(0, 1, 1, 0));
  sc_core::sc_start();
  const sc_core::sc_time expected = ps(2 * (P() + X()) + B() + tPROG());
  EXPECT_EQ(bench.ftl.completion_time(a), expected);
  EXPECT_EQ(bench.ftl.completion_time(b), expected);
}

TEST_F(MultiPlaneTest, TwoPlaneEraseErasesBothBlocksInOneEraseTime) {
  ControllerBench bench(small_geometry(), nand_, bus_);
  const auto a = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, erase_command(0, 0, 3));
  const auto b = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, erase_command(0, 1, 6));
  sc_core::sc_start();
  const sc_core::sc_time expected = ps(2 * E() + B() + tBERS());
  EXPECT_EQ(bench.ftl.completion_time(a), expected);
  EXPECT_EQ(bench.ftl.completion_time(b), expected);
  EXPECT_EQ(bench.die(0).erase_count(0, 3), 1u);
  EXPECT_EQ(bench.die(0).erase_count(1, 6), 1u);
}

TEST_F(MultiPlaneTest, DifferentPageIndicesDoNotMerge) {
  ControllerBench bench(small_geometry(), nand_, bus_);
  bench.die(0).backdoor_program(1, 0, 0);
  const auto a = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, program_command(0, 0, 0, 0));
  const auto b = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, program_command(0, 1, 0, 1));
  sc_core::sc_start();
  const std::uint64_t program = P() + X() + tPROG();
  EXPECT_EQ(bench.ftl.completion_time(a), ps(program));
  EXPECT_EQ(bench.ftl.completion_time(b), ps(2 * program));
  EXPECT_EQ(bench.controller.multi_plane_operations(), 0u);
}

TEST_F(MultiPlaneTest, DisabledMergingRunsPlanesOneAfterAnother) {
  FlashControllerConfig config;
  config.multi_plane = false;
  ControllerBench bench(small_geometry(), nand_, bus_, config);
  const auto a = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, program_command(0, 0, 1, 0));
  const auto b = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, program_command(0, 1, 1, 0));
  sc_core::sc_start();
  const std::uint64_t program = P() + X() + tPROG();
  EXPECT_EQ(bench.ftl.completion_time(a), ps(program));
  EXPECT_EQ(bench.ftl.completion_time(b), ps(2 * program));
}

TEST_F(MultiPlaneTest, CommandsAlreadyWaitingMergeWhenTheDieFreesUp) {
  ControllerBench bench(small_geometry(), nand_, bus_);
  const auto erase = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, erase_command(0, 0, 7));
  const auto a = bench.ftl.issue_at(ps(1000), program_command(0, 0, 0, 0));
  const auto b = bench.ftl.issue_at(ps(2000), program_command(0, 1, 0, 0));
  sc_core::sc_start();
  const std::uint64_t erase_end = E() + tBERS();
  EXPECT_EQ(bench.ftl.completion_time(erase), ps(erase_end));
  EXPECT_EQ(bench.ftl.completion_time(a), ps(erase_end + 2 * (P() + X()) + B() + tPROG()));
  EXPECT_EQ(bench.ftl.completion_time(b), bench.ftl.completion_time(a));
}

// Merge selection on its own: the hazard rule keeps programs of a block in order.
TEST(MultiPlaneMergeTest, ACandidateMayNotPassAnOlderCommandOnItsBlock) {
  FlashCommand pick = program_command(0, 0, 0, 2);
  FlashCommand older_same_block = program_command(0, 1, 4, 1);
  FlashCommand candidate = program_command(0, 1, 4, 2);
  FlashCommand other_plane_erase = erase_command(0, 1, 5);
  DieQueue queue{{nullptr, &pick, 0}, {nullptr, &older_same_block, 1}, {nullptr, &candidate, 2}};
  MergeSelection selection = select_multi_plane(queue, 0, 2);
  EXPECT_EQ(selection.count, 1u);  // candidate would pass the program of page 1 of its block

  queue = {{nullptr, &pick, 0}, {nullptr, &other_plane_erase, 1}, {nullptr, &candidate, 2}};
  selection = select_multi_plane(queue, 0, 2);
  ASSERT_EQ(selection.count, 2u);
  EXPECT_EQ(selection.indices[1], 2u);
}

TEST(MultiPlaneMergeTest, MergesAtMostOneCommandPerPlane) {
  FlashCommand a = erase_command(0, 0, 0);
  FlashCommand b = erase_command(0, 0, 1);
  FlashCommand c = erase_command(0, 1, 0);
  FlashCommand d = erase_command(0, 2, 0);
  const DieQueue queue{{nullptr, &a, 0}, {nullptr, &b, 1}, {nullptr, &c, 2}, {nullptr, &d, 3}};
  const MergeSelection two_planes = select_multi_plane(queue, 0, 2);
  ASSERT_EQ(two_planes.count, 2u);
  EXPECT_EQ(two_planes.indices[1], 2u);
  const MergeSelection four_planes = select_multi_plane(queue, 0, 4);
  EXPECT_EQ(four_planes.count, 3u);
}

}  // namespace
}  // namespace ssdtlm::testing
