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
  bench.die(0).backdoor_program(0, 0, 0);
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
  bench.die(0).backdoor_program(0, 0, 0);
  const auto program = bench.ftl.issue_at(ps(0), program_command(0, 0, 1, 0, 0, OpOrigin::Gc));
  const auto read = bench.ftl.issue_at(ps(100 * kUs), read_command(0, 0, 0, 0));
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.completion_time(read), ps(100 * kUs + tPSPD() + read_ps()));
  EXPECT_EQ(bench.ftl.completion_time(program), ps(P() + X() + tPROG() + tPSPD() + read_ps() + tRES()));
  EXPECT_EQ(bench.controller.program_suspensions(), 1u);
}

TEST_F(SuspendTest, ReadsQueuedDuringTheSuspendLatencyShareOneSuspension) {
  ControllerBench bench(small_geometry(), nand_, bus_, config_);
  bench.die(0).backdoor_program(0, 0, 0);
  bench.die(0).backdoor_program(0, 0, 1);
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
  bench.die(0).backdoor_program(0, 0, 0);
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

// The limit counts the suspensions of one operation: every program of a stream may be
// suspended up to it, however many programs the die's operation slot ran before.
TEST_F(SuspendTest, TheLimitAppliesToEachOperationNotToTheDie) {
  config_.max_suspensions_per_operation = 1;
  ControllerBench bench(small_geometry(), nand_, bus_, config_);
  bench.die(0).backdoor_program(0, 0, 0);
  constexpr std::uint32_t kPrograms = 6;
  const std::uint64_t read_offset_ps = P() + X() + 100 * kUs;  // half-way through tPROG
  // A program suspended once: its own time, the suspend latency, one read and the resume.
  const std::uint64_t suspended_program_ps = P() + X() + tPROG() + tPSPD() + read_ps() + tRES();
  std::size_t programs[kPrograms], reads[kPrograms];
  for (std::uint32_t k = 0; k < kPrograms; ++k) {
    programs[k] = bench.ftl.issue_at(ps(0), program_command(0, 0, 1, k, 0, OpOrigin::Gc));
    reads[k] = bench.ftl.issue_at(ps(k * suspended_program_ps + read_offset_ps), read_command(0, 0, 0, 0));
  }
  sc_core::sc_start();
  for (std::uint32_t k = 0; k < kPrograms; ++k) {
    const std::uint64_t start_ps = k * suspended_program_ps;
    EXPECT_EQ(bench.ftl.completion_time(reads[k]), ps(start_ps + read_offset_ps + tPSPD() + read_ps())) << "read " << k;
    EXPECT_EQ(bench.ftl.completion_time(programs[k]), ps(start_ps + suspended_program_ps)) << "program " << k;
  }
  EXPECT_EQ(bench.controller.program_suspensions(), kPrograms);
  EXPECT_EQ(bench.controller.reads_during_suspension(), kPrograms);
}

// Erases alike: each is suspended up to the limit (2 here) by the reads that reach it, and a
// read beyond the limit waits for the erase's end.
TEST_F(SuspendTest, EveryEraseMaySuspendUpToTheLimit) {
  config_.max_suspensions_per_operation = 2;
  ControllerBench bench(small_geometry(), nand_, bus_, config_);
  bench.die(0).backdoor_program(0, 0, 0);
  constexpr std::uint32_t kErases = 4;
  // An erase suspended twice: two suspend latencies, two reads, two resumes.
  const std::uint64_t suspension_ps = tESPD() + read_ps() + tRES();
  const std::uint64_t suspended_erase_ps = E() + tBERS() + 2 * suspension_ps;
  const std::uint64_t first_read_ps = E() + 300 * kUs;
  const std::uint64_t second_read_ps = first_read_ps + suspension_ps + 400 * kUs;  // after the resume
  std::size_t erases[kErases], first[kErases], second[kErases];
  for (std::uint32_t k = 0; k < kErases; ++k) {
    const std::uint64_t start_ps = k * suspended_erase_ps;
    erases[k] = bench.ftl.issue_at(ps(0), erase_command(0, 0, 2 + k, OpOrigin::Gc));
    first[k] = bench.ftl.issue_at(ps(start_ps + first_read_ps), read_command(0, 0, 0, 0));
    second[k] = bench.ftl.issue_at(ps(start_ps + second_read_ps), read_command(0, 0, 0, 0));
  }
  const std::uint64_t last_start_ps = (kErases - 1) * suspended_erase_ps;
  const auto third = bench.ftl.issue_at(ps(last_start_ps + second_read_ps + suspension_ps + 100 * kUs),
                                        read_command(0, 0, 0, 0));
  sc_core::sc_start();
  for (std::uint32_t k = 0; k < kErases; ++k) {
    const std::uint64_t start_ps = k * suspended_erase_ps;
    EXPECT_EQ(bench.ftl.completion_time(first[k]), ps(start_ps + first_read_ps + tESPD() + read_ps())) << k;
    EXPECT_EQ(bench.ftl.completion_time(second[k]), ps(start_ps + second_read_ps + tESPD() + read_ps())) << k;
    EXPECT_EQ(bench.ftl.completion_time(erases[k]), ps(start_ps + suspended_erase_ps)) << k;
  }
  EXPECT_EQ(bench.ftl.completion_time(third), ps(last_start_ps + suspended_erase_ps + read_ps()));
  EXPECT_EQ(bench.controller.erase_suspensions(), 2 * kErases);
  EXPECT_EQ(bench.controller.reads_during_suspension(), 2 * kErases);
}

TEST_F(SuspendTest, NoSuspendForGcReadsReadsOfTheSameBlockOrANearlyDoneOperation) {
  ControllerBench bench(small_geometry(), nand_, bus_, config_);
  bench.die(0).backdoor_program(0, 0, 0);
  bench.die(0).backdoor_program(0, 1, 0);
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
  bench.die(0).backdoor_program(0, 0, 0);
  bench.ftl.issue_at(ps(0), erase_command(0, 0, 2, OpOrigin::Gc));
  const auto read = bench.ftl.issue_at(ps(500 * kUs), read_command(0, 0, 0, 0));
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.completion_time(read), ps(E() + tBERS() + read_ps()));
}

}  // namespace
}  // namespace ssdtlm::testing
