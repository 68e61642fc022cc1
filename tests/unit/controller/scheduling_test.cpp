// Scheduling policies: the registry, the hazard rule, and read-first inside the controller.
#include <gtest/gtest.h>

#include "models/common/config/config_error.h"
#include "models/controller/command_hazard.h"
#include "models/controller/fifo_scheduling.h"
#include "models/controller/read_first_scheduling.h"
#include "models/controller/scheduling_registry.h"
#include "tests/unit/controller/controller_bench.h"
#include "tests/unit/controller/flash_commands.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm::testing {
namespace {

TEST(SchedulingRegistryTest, KnowsFifoAndReadFirst) {
  EXPECT_STREQ(make_scheduling_policy("fifo")->name(), "fifo");
  EXPECT_STREQ(make_scheduling_policy("read-first")->name(), "read-first");
  EXPECT_EQ(scheduling_policy_names(), (std::vector<std::string>{"fifo", "read-first"}));
}

TEST(SchedulingRegistryTest, UnknownNameIsAConfigErrorListingTheKnownNames) {
  try {
    make_scheduling_policy("shortest-job");
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("controller.scheduling_policy"), std::string::npos) << message;
    EXPECT_NE(message.find("shortest-job"), std::string::npos) << message;
    EXPECT_NE(message.find("fifo, read-first"), std::string::npos) << message;
  }
}

TEST(CommandHazardTest, ReadsPassReadsAndCommandsOnOtherBlocks) {
  const FlashCommand read_b1 = read_command(0, 0, 1, 0);
  const FlashCommand read_b1_again = read_command(0, 0, 1, 3);
  const FlashCommand program_b1 = program_command(0, 0, 1, 4);
  const FlashCommand program_b2 = program_command(0, 0, 2, 0);
  const FlashCommand program_b1_plane1 = program_command(0, 1, 1, 0);
  EXPECT_TRUE(may_overtake(read_b1_again, read_b1));
  EXPECT_TRUE(may_overtake(read_b1, program_b2));
  EXPECT_TRUE(may_overtake(read_b1, program_b1_plane1));
  EXPECT_FALSE(may_overtake(read_b1, program_b1));
}

TEST(CommandHazardTest, EraseNeverPassesAReadOfItsBlockNorAReadAnErase) {
  const FlashCommand read_b1 = read_command(0, 0, 1, 0);
  const FlashCommand erase_b1 = erase_command(0, 0, 1);
  EXPECT_FALSE(may_overtake(erase_b1, read_b1));
  EXPECT_FALSE(may_overtake(read_b1, erase_b1));
}

TEST(CommandHazardTest, CopybackConflictsOnSourceAndDestination) {
  const FlashCommand copy = copyback_command(0, 0, 1, 0, 5, 0);
  EXPECT_FALSE(may_overtake(read_command(0, 0, 5, 0), copy));
  EXPECT_FALSE(may_overtake(erase_command(0, 0, 1), copy));
  EXPECT_TRUE(may_overtake(read_command(0, 0, 1, 0), program_command(0, 0, 2, 0)));
}

TEST(ReadFirstSchedulingTest, PicksTheOldestReadThatMayPassEverythingBeforeIt) {
  FlashCommand program_b1 = program_command(0, 0, 1, 1);
  FlashCommand read_b1 = read_command(0, 0, 1, 0);  // blocked by the program
  FlashCommand read_b2 = read_command(0, 0, 2, 0);
  const DieQueue queue{{nullptr, &program_b1, 0}, {nullptr, &read_b1, 1}, {nullptr, &read_b2, 2}};
  EXPECT_EQ(ReadFirstScheduling().pick(queue), 2u);
  EXPECT_EQ(FifoScheduling().pick(queue), 0u);
  const DieQueue no_reads{{nullptr, &program_b1, 0}};
  EXPECT_EQ(ReadFirstScheduling().pick(no_reads), 0u);
}

TEST(ReadFirstSchedulingTest, LeavesAnEraseBehindEarlierReadsOfItsBlock) {
  FlashCommand read_b1 = read_command(0, 0, 1, 0);
  FlashCommand erase_b1 = erase_command(0, 0, 1);
  FlashCommand read_b1_later = read_command(0, 0, 1, 1);
  const DieQueue queue{{nullptr, &read_b1, 0}, {nullptr, &erase_b1, 1}, {nullptr, &read_b1_later, 2}};
  EXPECT_EQ(ReadFirstScheduling().pick(queue), 0u);
  const DieQueue rest{{nullptr, &erase_b1, 1}, {nullptr, &read_b1_later, 2}};
  EXPECT_EQ(ReadFirstScheduling().pick(rest), 0u);  // the read may not pass the erase
}

class ControllerSchedulingTest : public FlashTimingTest {
 protected:
  // While die 0 erases block 7, a program of block 1 and a read of block 2 queue up.
  struct Outcome {
    sc_core::sc_time erase_end, program_end, read_end;
  };
  Outcome run(const std::string& policy) {
    FlashControllerConfig config;
    config.scheduling_policy = policy;
    config.multi_plane = false;
    ControllerBench bench(small_geometry(), nand_, bus_, config);
    bench.die(0).backdoor_program(0, 2, 0);
    const auto erase = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, erase_command(0, 0, 7));
    const auto program = bench.ftl.issue_at(ps(1000000), program_command(0, 0, 1, 0));
    const auto read = bench.ftl.issue_at(ps(2000000), read_command(0, 0, 2, 0));
    sc_core::sc_start();
    return {bench.ftl.completion_time(erase), bench.ftl.completion_time(program),
            bench.ftl.completion_time(read)};
  }
};

TEST_F(ControllerSchedulingTest, FifoRunsTheQueuedProgramFirst) {
  const Outcome outcome = run("fifo");
  const std::uint64_t program = P() + X() + tPROG();
  EXPECT_EQ(outcome.program_end, outcome.erase_end + ps(program));
  EXPECT_EQ(outcome.read_end, outcome.erase_end + ps(program + P() + tR() + X()));
}

TEST_F(ControllerSchedulingTest, ReadFirstRunsTheQueuedReadFirst) {
  const Outcome outcome = run("read-first");
  const std::uint64_t read = P() + tR() + X();
  EXPECT_EQ(outcome.read_end, outcome.erase_end + ps(read));
  EXPECT_EQ(outcome.program_end, outcome.erase_end + ps(read + P() + X() + tPROG()));
}

TEST_F(ControllerSchedulingTest, ReadFirstNeverReadsABlockBeforeItsQueuedEraseAndProgram) {
  FlashControllerConfig config;
  config.scheduling_policy = "read-first";
  config.data_mode = true;
  ControllerBench bench(small_geometry(), nand_, bus_, config);
  FlashController& controller = bench.controller;
  bench.die(0).backdoor_program(0, 3, 0, /*tag=*/111);
  bench.die(0).backdoor_program(0, 2, 0, /*tag=*/7);
  const auto busy = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, erase_command(0, 0, 6));
  const auto erase = bench.ftl.issue_at(ps(1000), erase_command(0, 0, 3));
  const auto program = bench.ftl.issue_at(ps(2000), program_command(0, 0, 3, 0, /*tag=*/222));
  const auto read_b3 = bench.ftl.issue_at(ps(3000), read_command(0, 0, 3, 0));
  const auto read_b2 = bench.ftl.issue_at(ps(4000), read_command(0, 0, 2, 0));
  sc_core::sc_start();
  const std::vector<std::size_t> expected_order{busy, read_b2, erase, program, read_b3};
  EXPECT_EQ(bench.ftl.completion_order(), expected_order);
  EXPECT_EQ(bench.ftl.result(read_b3).targets[0].data_tag, 222u);
  EXPECT_EQ(bench.ftl.result(read_b2).targets[0].data_tag, 7u);
}

TEST_F(ControllerSchedulingTest, UnknownPolicyNameFailsConstruction) {
  FlashControllerConfig config;
  config.scheduling_policy = "lifo";
  EXPECT_THROW(FlashController("controller", small_geometry(), nand_, bus_, config), ConfigError);
}

}  // namespace
}  // namespace ssdtlm::testing
