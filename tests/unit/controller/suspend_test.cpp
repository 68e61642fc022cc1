// Program/erase suspend and resume (docs/nand-and-controller.md, "Suspend and resume"): exact
// completion times of a host read that interrupts an erase or a program, of the interrupted
// operation, and the rules that decide whether a read may suspend at all.
#include <gtest/gtest.h>

#include "tests/unit/controller/controller_bench.h"
#include "tests/unit/controller/flash_commands.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm::testing {
namespace {

class SuspendTest : public FlashTimingTest {
 protected:
  void SetUp() override {
    FlashTimingTest::SetUp();
    nand_.program_suspend_ns = 20'000;
    nand_.erase_suspend_ns = 40'000;
    nand_.resume_ns = 5'000;
    config_.suspend_enabled = true;
    config_.max_suspensions_per_operation = 3;
  }
  std::uint64_t tESPD() const { return nand_.erase_suspend_ns * 1000; }
  std::uint64_t tPSPD() const { return nand_.program_suspend_ns * 1000; }
  std::uint64_t tRES() const { return nand_.resume_ns * 1000; }
  std::uint64_t read_ps() const { return P() + tR() + X(); }
  static constexpr std::uint64_t kUs = 1'000'000;

  FlashControllerConfig config_;
};

TEST_F(SuspendTest, ReadDuringEraseWaitsOneSuspendLatency) {
  ControllerBench bench(small_geometry(), nand_, bus_, config_);
  bench.controller.die(0).backdoor_program(0, 0, 0);
  const auto erase = bench.ftl.issue_at(ps(0), erase_command(0, 0, 2, OpOrigin::Gc));
  const auto read = bench.ftl.issue_at(ps(500 * kUs), read_command(0, 0, 0, 0));
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.completion_time(read), ps(500 * kUs + tESPD() + read_ps()));
  EXPECT_EQ(bench.ftl.completion_time(erase), ps(E() + tBERS() + tESPD() + read_ps() + tRES()));
  EXPECT_EQ(bench.controller.erase_suspensions(), 1u);
  EXPECT_EQ(bench.controller.reads_during_suspension(), 1u);
  EXPECT_EQ(bench.controller.die_array_time(0), ps(tBERS() + tR()));
}

TEST_F(SuspendTest, ReadDuringProgramWaitsOneSuspendLatency) {
  ControllerBench bench(small_geometry(), nand_, bus_, config_);
  bench.controller.die(0).backdoor_program(0, 0, 0);
  const auto program = bench.ftl.issue_at(ps(0), program_command(0, 0, 1, 0, 0, OpOrigin::Gc));
  const auto read = bench.ftl.issue_at(ps(100 * kUs), read_command(0, 0, 0, 0));
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.completion_time(read), ps(100 * kUs + tPSPD() + read_ps()));
  EXPECT_EQ(bench.ftl.completion_time(program), ps(P() + X() + tPROG() + tPSPD() + read_ps() + tRES()));
  EXPECT_EQ(bench.controller.program_suspensions(), 1u);
}

TEST_F(SuspendTest, ReadsQueuedDuringTheSuspendLatencyShareOneSuspension) {
  ControllerBench bench(small_geometry(), nand_, bus_, config_);
  bench.controller.die(0).backdoor_program(0, 0, 0);
  bench.controller.die(0).backdoor_program(0, 0, 1);
  const auto erase = bench.ftl.issue_at(ps(0), erase_command(0, 0, 2, OpOrigin::Gc));
  const auto first = bench.ftl.issue_at(ps(500 * kUs), read_command(0, 0, 0, 0));
  const auto second = bench.ftl.issue_at(ps(510 * kUs), read_command(0, 0, 0, 1));
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.completion_time(first), ps(500 * kUs + tESPD() + read_ps()));
  EXPECT_EQ(bench.ftl.completion_time(second), ps(500 * kUs + tESPD() + 2 * read_ps()));
  EXPECT_EQ(bench.ftl.completion_time(erase), ps(E() + tBERS() + tESPD() + 2 * read_ps() + tRES()));
  EXPECT_EQ(bench.controller.erase_suspensions(), 1u);
}

TEST_F(SuspendTest, TheLimitPerOperationBoundsTheDelayOfTheErase) {
  config_.max_suspensions_per_operation = 1;
  ControllerBench bench(small_geometry(), nand_, bus_, config_);
  bench.controller.die(0).backdoor_program(0, 0, 0);
  const auto erase = bench.ftl.issue_at(ps(0), erase_command(0, 0, 2, OpOrigin::Gc));
  const auto first = bench.ftl.issue_at(ps(300 * kUs), read_command(0, 0, 0, 0));
  const auto second = bench.ftl.issue_at(ps(900 * kUs), read_command(0, 0, 0, 0));
  sc_core::sc_start();
  const std::uint64_t erase_end = E() + tBERS() + tESPD() + read_ps() + tRES();
  EXPECT_EQ(bench.ftl.completion_time(first), ps(300 * kUs + tESPD() + read_ps()));
  EXPECT_EQ(bench.ftl.completion_time(erase), ps(erase_end));
  EXPECT_EQ(bench.ftl.completion_time(second), ps(erase_end + read_ps()));  // no second suspension
  EXPECT_EQ(bench.controller.erase_suspensions(), 1u);
}

TEST_F(SuspendTest, NoSuspendForGcReadsReadsOfTheSameBlockOrANearlyDoneOperation) {
  ControllerBench bench(small_geometry(), nand_, bus_, config_);
  bench.controller.die(0).backdoor_program(0, 0, 0);
  bench.controller.die(0).backdoor_program(0, 1, 0);
  // A program of block 1 page 1: a host read of block 1 waits for it (same block), and so does
  // a GC read of block 0.
  const auto program = bench.ftl.issue_at(ps(0), program_command(0, 0, 1, 1, 0, OpOrigin::Gc));
  const auto same_block = bench.ftl.issue_at(ps(100 * kUs), read_command(0, 0, 1, 0));
  const auto gc_read = bench.ftl.issue_at(ps(110 * kUs), read_command(0, 0, 0, 0, OpOrigin::Gc));
  // An erase with less left than the suspend latency: the read waits for its end.
  const std::uint64_t erase_start = P() + X() + tPROG() + 2 * read_ps();
  const auto erase = bench.ftl.issue_after(gc_read, erase_command(0, 0, 3, OpOrigin::Gc));
  const std::uint64_t erase_end = erase_start + E() + tBERS();
  const auto late = bench.ftl.issue_at(ps(erase_end - 30 * kUs), read_command(0, 0, 0, 0));
  sc_core::sc_start();
  const std::uint64_t program_end = P() + X() + tPROG();
  EXPECT_EQ(bench.ftl.completion_time(program), ps(program_end));
  EXPECT_EQ(bench.ftl.completion_time(same_block), ps(program_end + read_ps()));
  EXPECT_EQ(bench.ftl.completion_time(gc_read), ps(program_end + 2 * read_ps()));
  EXPECT_EQ(bench.ftl.completion_time(erase), ps(erase_end));
  EXPECT_EQ(bench.ftl.completion_time(late), ps(erase_end + read_ps()));
  EXPECT_EQ(bench.controller.program_suspensions() + bench.controller.erase_suspensions(), 0u);
}

TEST_F(SuspendTest, DisabledTheReadWaitsForTheErase) {
  config_.suspend_enabled = false;
  ControllerBench bench(small_geometry(), nand_, bus_, config_);
  bench.controller.die(0).backdoor_program(0, 0, 0);
  bench.ftl.issue_at(ps(0), erase_command(0, 0, 2, OpOrigin::Gc));
  const auto read = bench.ftl.issue_at(ps(500 * kUs), read_command(0, 0, 0, 0));
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.completion_time(read), ps(E() + tBERS() + read_ps()));
}

}  // namespace
}  // namespace ssdtlm::testing
