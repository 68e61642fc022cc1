// Idle latency of each command through FlashController: exactly the configured command,
// array, transfer and overhead times (operation_script.h), nothing more.
#include <gtest/gtest.h>

#include "tests/unit/controller/controller_bench.h"
#include "tests/unit/controller/flash_commands.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm::testing {
namespace {

class IdleLatencyTest : public FlashTimingTest {};

TEST_F(IdleLatencyTest, ReadIsCommandPlusArrayReadPlusTransfer) {
  ControllerBench bench(small_geometry(), nand_, bus_);
  bench.die(0).backdoor_program(0, 0, 0);
  const auto read = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, read_command(0, 0, 0, 0));
  sc_core::sc_start();
  ASSERT_TRUE(bench.ftl.completed(read));
  EXPECT_EQ(bench.ftl.completion_time(read), ps(P() + tR() + X()));
  EXPECT_EQ(bench.ftl.response_status(read), tlm::TLM_OK_RESPONSE);
  // 4 KiB at 333 MB/s, 7 command/address cycles of 5 ns: the numbers behind the formula.
  EXPECT_EQ(P(), 35000u);
  EXPECT_EQ(X(), 12300301u);
}

TEST_F(IdleLatencyTest, ReadAddsStatusReadAndControllerOverheadWhenConfigured) {
  nand_.status_read_ns = 150;
  FlashControllerConfig config;
  config.command_overhead_ns = 2000;
  ControllerBench bench(small_geometry(), nand_, bus_, config);
  bench.die(0).backdoor_program(1, 2, 0);
  const sc_core::sc_time start = ps(7000000);
  const auto read = bench.ftl.issue_at(start, read_command(0, 1, 2, 0));
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.completion_time(read),
            start + ps(2000000 + P() + tR() + 150000 + X()));
}

TEST_F(IdleLatencyTest, PartialPageReadTransfersOnlyItsBytes) {
  FlashGeometry geometry = small_geometry();
  geometry.page_size_bytes = 16384;
  ControllerBench bench(geometry, nand_, bus_);
  bench.die(0).backdoor_program(0, 0, 0);
  FlashCommand command = read_command(0, 0, 0, 0);
  command.transfer_bytes = 4096;
  const auto read = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, command);
  const auto whole = bench.ftl.issue_after(read, read_command(0, 0, 0, 0));
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.completion_time(read), ps(P() + tR() + X(4096)));
  EXPECT_EQ(bench.ftl.completion_time(whole), ps(2 * (P() + tR()) + X(4096) + X(16384)));
}

TEST_F(IdleLatencyTest, ProgramIsCommandPlusDataInPlusArrayProgram) {
  ControllerBench bench(small_geometry(), nand_, bus_);
  const auto program = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, program_command(0, 0, 0, 0));
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.completion_time(program), ps(P() + X() + tPROG()));
}

TEST_F(IdleLatencyTest, ProgramOfAnMlcUpperPageTakesTheUpperPageTime) {
  nand_.cell_type = CellType::MLC;
  nand_.program_ns = {300000, 1200000, 0, 0};
  ControllerBench bench(small_geometry(), nand_, bus_);
  bench.die(0).backdoor_program(0, 0, 0);
  const auto upper = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, program_command(0, 0, 0, 1));
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.completion_time(upper), ps(P() + X() + 1200000000));
}

TEST_F(IdleLatencyTest, EraseIsEraseCommandPlusArrayErase) {
  ControllerBench bench(small_geometry(), nand_, bus_);
  const auto erase = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, erase_command(0, 1, 5));
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.completion_time(erase), ps(E() + tBERS()));
  EXPECT_EQ(E(), 25000u);
}

TEST_F(IdleLatencyTest, CopybackIsTwoCommandPhasesAndReadPlusProgramWithoutTransfer) {
  ControllerBench bench(small_geometry(), nand_, bus_);
  bench.die(0).backdoor_program(0, 0, 0);
  const auto copy =
      bench.ftl.issue_at(sc_core::SC_ZERO_TIME, copyback_command(0, 0, 0, 0, 3, 0));
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.completion_time(copy), ps(P() + tR() + P() + tPROG()));
  EXPECT_EQ(bench.die(0).page_state(0, 3, 0), PageState::Programmed);
}

TEST_F(IdleLatencyTest, ReadStatusCostsOneCommandCycleAndOneByte) {
  ControllerBench bench(small_geometry(), nand_, bus_);
  const auto status = bench.ftl.issue_at(sc_core::SC_ZERO_TIME,
                                         flash_command(FlashOpcode::ReadStatus, 0, 0, 0));
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.completion_time(status), ps(5000 + X(1)));
}

// A ReadStatus never calls the die's array: its answer must not be whatever the operation
// slot held before (on a fresh die: a rejection).
TEST_F(IdleLatencyTest, ReadStatusOnAFreshDieIsAnsweredOk) {
  ControllerBench bench(small_geometry(), nand_, bus_);
  const auto status = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, flash_command(FlashOpcode::ReadStatus, 0, 0, 0));
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.response_status(status), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(bench.ftl.result(status).status, FlashStatus::Ok);
}

TEST_F(IdleLatencyTest, AnnotatedRequestDelayShiftsTheArrival) {
  ControllerBench bench(small_geometry(), nand_, bus_);
  const auto program =
      bench.ftl.issue_at(ps(1000000), program_command(0, 0, 0, 0), ps(123456));
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.completion_time(program), ps(1000000 + 123456 + P() + X() + tPROG()));
}

}  // namespace
}  // namespace ssdtlm::testing
