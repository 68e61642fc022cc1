// Contention for a die and for a channel bus: modelled, not averaged.
#include <gtest/gtest.h>

#include "tests/unit/controller/controller_bench.h"
#include "tests/unit/controller/flash_commands.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm::testing {
namespace {

class ContentionTest : public FlashTimingTest {
 protected:
  std::uint64_t read_latency() const { return P() + tR() + X(); }
  // Dies 0 and 1 each read a programmed page at time 0; returns both handles.
  static std::pair<std::size_t, std::size_t> read_on_dies_0_and_1(ControllerBench& bench) {
    bench.die(0).backdoor_program(0, 0, 0);
    bench.die(1).backdoor_program(0, 0, 0);
    return {bench.ftl.issue_at(sc_core::SC_ZERO_TIME, read_command(0, 0, 0, 0)),
            bench.ftl.issue_at(sc_core::SC_ZERO_TIME, read_command(1, 0, 0, 0))};
  }
};

TEST_F(ContentionTest, TwoReadsOnOneDieSerialize) {
  ControllerBench bench(small_geometry(), nand_, bus_);
  bench.die(0).backdoor_program(0, 0, 0);
  bench.die(0).backdoor_program(0, 1, 0);
  const auto first = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, read_command(0, 0, 0, 0));
  const auto second = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, read_command(0, 0, 1, 0));
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.completion_time(first), ps(read_latency()));
  // The die is reserved until the first read's data is out, then the second starts.
  EXPECT_EQ(bench.ftl.completion_time(second), ps(2 * read_latency()));
  EXPECT_EQ(bench.controller.die_busy_time(0), ps(2 * read_latency()));
  EXPECT_EQ(bench.controller.die_array_time(0), ps(2 * tR()));
}

TEST_F(ContentionTest, TwoDiesOnOneChannelOverlapArraysButNotTransfers) {
  ASSERT_GT(X(), P()) << "the expected times below assume a transfer outlasts a command phase";
  ControllerBench bench(small_geometry(/*channels=*/1, /*dies_per_channel=*/2), nand_, bus_);
  const auto [first, second] = read_on_dies_0_and_1(bench);
  sc_core::sc_start();
  // Die 1's command phase waits for die 0's (P), its tR overlaps die 0's, and its data
  // waits for die 0's transfer: one transfer later than die 0.
  EXPECT_EQ(bench.ftl.completion_time(first), ps(read_latency()));
  EXPECT_EQ(bench.ftl.completion_time(second), ps(read_latency() + X()));
  EXPECT_LT(bench.ftl.completion_time(second), ps(2 * read_latency()));
  EXPECT_EQ(bench.controller.channel_busy_time(0), ps(2 * (P() + X())));
  // Die 1 stays reserved while its data waits in the page register.
  EXPECT_EQ(bench.controller.die_busy_time(1), ps(read_latency() + X()));
  EXPECT_EQ(bench.controller.die_array_time(1), ps(tR()));
}

TEST_F(ContentionTest, AnOperationStartingWhileTheBusIsHeldWaitsForTheTenure) {
  // Die 1's program starts (its die is idle) while die 0's read holds the channel for its data:
  // the program's first Bus step is requested at its start and granted at the read's release.
  ControllerBench bench(small_geometry(/*channels=*/1, /*dies_per_channel=*/2), nand_, bus_);
  bench.die(0).backdoor_program(0, 0, 0);
  const std::uint64_t program_issue_ps = P() + tR() + 1000;  // 1 ns into the read's data-out
  const auto read = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, read_command(0, 0, 0, 0));
  const auto program = bench.ftl.issue_at(ps(program_issue_ps), program_command(1, 0, 1, 0));
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.completion_time(read), ps(read_latency()));
  EXPECT_EQ(bench.ftl.completion_time(program), ps(read_latency() + P() + X() + tPROG()));
  EXPECT_EQ(bench.controller.channel_busy_time(0), ps(2 * (P() + X())));
  EXPECT_EQ(bench.controller.die_busy_time(1), ps(read_latency() + P() + X() + tPROG() - program_issue_ps));
  EXPECT_EQ(bench.controller.die_array_time(1), ps(tPROG()));
}

TEST_F(ContentionTest, TwoDiesOnTwoChannelsCompleteTogether) {
  ControllerBench bench(small_geometry(/*channels=*/2, /*dies_per_channel=*/1), nand_, bus_);
  ASSERT_EQ(bench.controller.geometry().channel_of_die(1), 1u);
  const auto [first, second] = read_on_dies_0_and_1(bench);
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.completion_time(first), ps(read_latency()));
  EXPECT_EQ(bench.ftl.completion_time(second), ps(read_latency()));
  EXPECT_EQ(bench.controller.channel_busy_time(0), ps(P() + X()));
  EXPECT_EQ(bench.controller.channel_busy_time(1), ps(P() + X()));
}

TEST_F(ContentionTest, ResponsesWaitForEndRespWhenTheFtlAcceptsThem) {
  ControllerBench bench(small_geometry(/*channels=*/2, /*dies_per_channel=*/1), nand_, bus_);
  bench.ftl.end_responses_after(ps(1000000));
  const auto [first, second] = read_on_dies_0_and_1(bench);
  sc_core::sc_start();
  // Both finish at the same time; the base protocol holds the second response until the FTL
  // has ended the first.
  EXPECT_EQ(bench.ftl.completion_time(first), ps(read_latency()));
  EXPECT_EQ(bench.ftl.completion_time(second), ps(read_latency() + 1000000));
}

TEST_F(ContentionTest, BusIsGrantedFirstComeFirstServedAcrossDies) {
  // Four dies program at once on one channel: data-in phases go back to back in issue order,
  // array programs overlap, so completions are one data-in phase apart.
  ControllerBench bench(small_geometry(1, 4), nand_, bus_);
  std::size_t ids[4];
  for (DieId die = 0; die < 4; ++die) {
    ids[die] = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, program_command(die, 0, 0, 0));
  }
  sc_core::sc_start();
  const std::uint64_t data_in = P() + X();
  for (DieId die = 0; die < 4; ++die) {
    EXPECT_EQ(bench.ftl.completion_time(ids[die]),
              ps((die + 1) * data_in + tPROG()))
        << "die " << die;
  }
}

}  // namespace
}  // namespace ssdtlm::testing
