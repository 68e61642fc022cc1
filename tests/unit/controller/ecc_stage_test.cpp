// EccStage alone (a module holds it, as FlashController does): when a command may join its die
// queue after its page's encode, the first come, first served order of a channel's engine, the
// decode of a read, the engines' busy time and counters, and a stage that takes no time.
#include <gtest/gtest.h>

#include <cstdint>
#include <functional>

#include "models/controller/ecc_stage.h"
#include "tests/unit/controller/controller_bench.h"
#include "tests/unit/controller/flash_commands.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm::testing {
namespace {

constexpr std::uint64_t kLatencyNs = 800;
constexpr std::uint64_t kL = kLatencyNs * 1000;  // one engine operation, in ps

// Holds the stage as FlashController does, and runs a test's steps in a thread of the
// simulation (once elaborated, the engines' sockets are bound; wait() moves time on).
struct EccStageHolder : sc_core::sc_module {
  SC_HAS_PROCESS(EccStageHolder);
  EccStageHolder(sc_core::sc_module_name name, const EccConfig& config, const FlashGeometry& geometry,
                 bool data_mode = false)
      : sc_core::sc_module(name), stage(config, geometry, data_mode) {
    SC_THREAD(run);
  }
  void run() {
    if (steps) steps();
  }
  EccStage stage;
  std::function<void()> steps;
};

EccConfig fixed_latency() {
  EccConfig config;
  config.latency_ns = kLatencyNs;
  return config;
}

class EccStageTest : public SystemCTest {
 protected:
  // Two channels, one die each: die 0 on channel 0, die 1 on channel 1.
  FlashGeometry geometry_ = small_geometry(/*channels=*/2, /*dies_per_channel=*/1, /*planes=*/1);
};

TEST_F(EccStageTest, TakesNoTimeAndBuildsNoEngineByDefault) {
  EccStageHolder holder("holder", EccConfig{}, geometry_);
  EXPECT_FALSE(holder.stage.enabled());
  EXPECT_EQ(holder.stage.busy_time(0), sc_core::SC_ZERO_TIME);
}

TEST_F(EccStageTest, AProgramJoinsItsQueueAfterItsEncodeAndLaterCommandsOfItsDieWaitForIt) {
  EccStageHolder holder("holder", fixed_latency(), geometry_);
  EccStage& stage = holder.stage;
  ASSERT_TRUE(stage.enabled());
  holder.steps = [&] {
    sc_core::sc_time ready;
    EXPECT_TRUE(stage.hold_for_encode(program_command(0, 0, 1, 0), ready));
    EXPECT_EQ(ready, ps(kL));
    // Channel 0's engine is busy: the second encode runs after the first.
    EXPECT_TRUE(stage.hold_for_encode(program_command(0, 0, 1, 1), ready));
    EXPECT_EQ(ready, ps(2 * kL));
    // A read needs no encode, but does not overtake the programs of its die that wait.
    EXPECT_TRUE(stage.hold_for_encode(read_command(0, 0, 2, 0), ready));
    EXPECT_EQ(ready, ps(2 * kL));
    // Nothing waits on die 1: its read joins at once.
    EXPECT_FALSE(stage.hold_for_encode(read_command(1, 0, 2, 0), ready));
    // Once the three waiting commands of die 0 are queued, its next read joins at once too.
    for (int i = 0; i < 3; ++i) stage.joined_queue(0);
    EXPECT_FALSE(stage.hold_for_encode(read_command(0, 0, 3, 0), ready));
    EXPECT_EQ(stage.counters().encodes, 2u);
    EXPECT_EQ(stage.counters().decodes, 0u);
  };
  sc_core::sc_start();
  EXPECT_EQ(stage.counters().encodes, 2u);  // the steps ran
}

TEST_F(EccStageTest, ADecodeEndsOneEngineOperationLaterAndCountsAsBusyAsItElapses) {
  EccStageHolder holder("holder", fixed_latency(), geometry_);
  EccStage& stage = holder.stage;
  holder.steps = [&] {
    const EccStage::Decoded first = stage.decode(1, read_command(1, 0, 2, 0));
    const EccStage::Decoded second = stage.decode(1, read_command(1, 0, 2, 1));
    EXPECT_EQ(first.end, ps(kL));
    EXPECT_EQ(second.end, ps(2 * kL));
    EXPECT_FALSE(first.uncorrectable);
    EXPECT_EQ(stage.counters().decodes, 2u);
    EXPECT_EQ(stage.busy_time(1), sc_core::SC_ZERO_TIME);  // booked ahead, not yet elapsed
    EXPECT_EQ(stage.busy_time(0), sc_core::SC_ZERO_TIME);
    sc_core::wait(ps(kL + kL / 2));
    EXPECT_EQ(stage.busy_time(1), ps(kL + kL / 2));
    sc_core::wait(ps(kL));
    EXPECT_EQ(stage.busy_time(1), ps(2 * kL));
  };
  sc_core::sc_start();
  EXPECT_EQ(stage.counters().decodes, 2u);  // the steps ran
}

TEST_F(EccStageTest, PageContentIsTheDataTagInDataModeElseFollowsFromTheAddress) {
  EccStageHolder tagged("tagged", fixed_latency(), geometry_, /*data_mode=*/true);
  EccStageHolder untagged("untagged", fixed_latency(), geometry_, /*data_mode=*/false);
  const FlashCommand program = program_command(0, 0, 1, 2, /*tag=*/0xabcdef);
  EXPECT_EQ(tagged.stage.content(0, program.targets[0]), 0xabcdefu);
  const FlashCommand other_page = program_command(0, 0, 1, 3);
  const std::uint64_t content = untagged.stage.content(0, program.targets[0]);
  EXPECT_EQ(untagged.stage.content(0, program.targets[0]), content);
  EXPECT_NE(untagged.stage.content(0, other_page.targets[0]), content);
  EXPECT_NE(untagged.stage.content(1, program.targets[0]), content);
}

TEST_F(EccStageTest, ACommandCoversAWholePageUnlessItSaysOtherwise) {
  EccStageHolder holder("holder", fixed_latency(), geometry_);
  FlashCommand read = read_command(0, 0, 1, 0);
  EXPECT_EQ(holder.stage.transfer_bytes_of(read), geometry_.page_size_bytes);
  read.transfer_bytes = 512;
  EXPECT_EQ(holder.stage.transfer_bytes_of(read), 512u);
}

}  // namespace
}  // namespace ssdtlm::testing
