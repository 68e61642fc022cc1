// NandDie::execute, the controller's direct call: the answer in ps, rejected commands, and its
// fast path (one plane, no fault model) against the plain path (execute_checked) on a long mixed
// script of legal and illegal commands.
#include <cstdint>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "models/nand/nand_die.h"
#include "tests/unit/nand/expected_flash_error.h"
#include "tests/unit/nand/nand_test_geometry.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

using testing::small_die_geometry;
using testing::tlc_timing;

// Flash-rule errors recorded and NOT thrown while alive (a real run stops at the first one).
class RecordedFlashErrors : public testing::ExpectedFlashError {
 public:
  RecordedFlashErrors() : ExpectedFlashError(OnError::Record) {}
};

FlashCommand command_of(FlashOpcode opcode, std::uint32_t plane, std::uint32_t block, std::uint32_t page,
                        std::uint64_t tag = 0) {
  FlashCommand command;
  command.opcode = opcode;
  command.die = 3;
  command.targets[0].plane = plane;
  command.targets[0].block_in_plane = block;
  command.targets[0].page = page;
  command.targets[0].data_tag = tag;
  return command;
}

class NandDieExecuteTest : public testing::SystemCTest {};

TEST_F(NandDieExecuteTest, AnswersWithTheArrayPhasesOfThePageTypeInPs) {
  NandDie die("die", DieId(3), small_die_geometry(), tlc_timing(), /*data_mode=*/true);
  for (std::uint32_t page = 0; page < 6; ++page) {
    FlashCommand program = command_of(FlashOpcode::Program, 1, 2, page, 100 + page);
    const NandDieAnswer answer = die.execute(program);
    EXPECT_TRUE(answer.accepted);
    EXPECT_EQ(answer.array.first_ps, std::uint64_t{500000000} + (page % 3) * 1000000000) << "page " << page;
    EXPECT_EQ(answer.array.second_ps, 0u);
    EXPECT_EQ(program.status, FlashStatus::Ok);
  }
  FlashCommand read = command_of(FlashOpcode::Read, 1, 2, 4);
  NandDieAnswer answer = die.execute(read);
  EXPECT_TRUE(answer.accepted);
  EXPECT_EQ(answer.array.first_ps, 70000000u);
  EXPECT_EQ(read.targets[0].data_tag, 104u);

  FlashCommand copyback = command_of(FlashOpcode::Copyback, 1, 2, 5);
  copyback.targets[0].dest_block_in_plane = 3;
  copyback.targets[0].dest_page = 0;
  answer = die.execute(copyback);
  EXPECT_TRUE(answer.accepted);
  EXPECT_EQ(answer.array.first_ps, 90000000u);    // tR of page type 2
  EXPECT_EQ(answer.array.second_ps, 500000000u);  // tPROG of page type 0
  EXPECT_EQ(die.backdoor_read(1, 3, 0), 105u);

  FlashCommand erase = command_of(FlashOpcode::Erase, 1, 2, 0);
  answer = die.execute(erase);
  EXPECT_TRUE(answer.accepted);
  EXPECT_EQ(answer.array.first_ps, 4000000000u);
  EXPECT_EQ(answer.array.second_ps, 0u);
  EXPECT_EQ(die.next_program_page(1, 2), 0u);
  EXPECT_EQ(die.erase_count(1, 2), 1u);
  EXPECT_EQ(die.counters().page_programs, 6u);
  EXPECT_EQ(die.counters().page_reads, 1u);
  EXPECT_EQ(die.counters().copybacks, 1u);
  EXPECT_EQ(die.counters().block_erases, 1u);
}

TEST_F(NandDieExecuteTest, RejectedCommandAnswersNoTimeSetsItsStatusAndChangesNothing) {
  NandDie die("die", DieId(3), small_die_geometry(), tlc_timing(), /*data_mode=*/true);
  FlashCommand first = command_of(FlashOpcode::Program, 0, 1, 0, 7);
  ASSERT_TRUE(die.execute(first).accepted);
  RecordedFlashErrors recorded;

  FlashCommand read = command_of(FlashOpcode::Read, 0, 1, 1);
  NandDieAnswer answer = die.execute(read);
  EXPECT_FALSE(answer.accepted);
  EXPECT_EQ(answer.array.total_ps(), 0u);
  EXPECT_EQ(read.status, FlashStatus::UncorrectableRead);

  FlashCommand again = command_of(FlashOpcode::Program, 0, 1, 0, 8);
  answer = die.execute(again);
  EXPECT_FALSE(answer.accepted);
  EXPECT_EQ(again.status, FlashStatus::ProgramFailed);

  FlashCommand erase = command_of(FlashOpcode::Erase, 2, 0, 0);
  answer = die.execute(erase);
  EXPECT_FALSE(answer.accepted);
  EXPECT_EQ(erase.status, FlashStatus::EraseFailed);

  FlashCommand copyback = command_of(FlashOpcode::Copyback, 0, 1, 0);
  copyback.targets[0].dest_block_in_plane = 1;
  copyback.targets[0].dest_page = 3;
  answer = die.execute(copyback);
  EXPECT_FALSE(answer.accepted);
  EXPECT_EQ(answer.array.total_ps(), 0u);

  FlashCommand elsewhere = command_of(FlashOpcode::Read, 0, 1, 0);
  elsewhere.die = 4;
  EXPECT_FALSE(die.execute(elsewhere).accepted);

  const std::vector<std::string> expected = {
      "ssdtlm/nand: die 3 plane 0 block 1 page 1: read: read of an erased (never programmed) page",
      "ssdtlm/nand: die 3 plane 0 block 1 page 0: program: program of a page that already holds data "
      "(erase before program) (next programmable page is 1)",
      "ssdtlm/nand: die 3 plane 2 block 0 page 0: erase: plane beyond the die's geometry",
      "ssdtlm/nand: die 3 plane 0 block 1 page 3: copyback destination: program out of order (pages of a "
      "block are programmed in order) (next programmable page is 1)",
      "ssdtlm/nand: command for die 4 delivered to die 3",
  };
  EXPECT_EQ(RecordedFlashErrors::messages(), expected);
  EXPECT_EQ(die.next_program_page(0, 1), 1u);
  EXPECT_EQ(die.backdoor_read(0, 1, 0), 7u);
  EXPECT_EQ(die.erase_count(0, 1), 0u);
  EXPECT_EQ(die.counters().page_programs, 1u);
  EXPECT_EQ(die.counters().page_reads, 0u);
  EXPECT_EQ(die.counters().copybacks, 0u);
}

// The same script through execute() (the fast path), execute_checked() (the plain path), a die
// with a fault model that never fails (execute() leaves its fast path for a die with one) and
// b_transport must give the same answers, statuses, data, reports, state and counters, and
// b_transport the same time.
TEST_F(NandDieExecuteTest, FastPathAgreesWithTheCheckedPathOnLegalAndIllegalCommands) {
  const FlashGeometry geometry = small_die_geometry();
  NandDie fast("fast", DieId(3), geometry, tlc_timing(), /*data_mode=*/true);
  NandDie checked("checked", DieId(3), geometry, tlc_timing(), /*data_mode=*/true);
  NandDie faulted("faulted", DieId(3), geometry, tlc_timing(), /*data_mode=*/true);
  faulted.set_fault_model(std::make_unique<NandFaultModel>(NandReliabilityConfig{}, geometry, DieId(3)));
  NandDie socket_side("socket_side", DieId(3), geometry, tlc_timing(), /*data_mode=*/true);
  auto* extension = new FlashCommand();
  tlm::tlm_generic_payload payload;
  payload.set_extension(extension);

  RecordedFlashErrors recorded;
  std::uint64_t state = 12345;  // a fixed LCG: the same script every run
  auto next = [&state](std::uint32_t bound) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::uint32_t>((state >> 33) % bound);
  };
  const FlashOpcode opcodes[] = {FlashOpcode::Program, FlashOpcode::Program, FlashOpcode::Read,
                                 FlashOpcode::CacheRead, FlashOpcode::CacheProgram, FlashOpcode::Erase,
                                 FlashOpcode::Copyback};
  int accepted = 0, rejected = 0;
  std::size_t messages_before = 0;
  for (int i = 0; i < 4000; ++i) {
    const FlashOpcode opcode = opcodes[next(7)];
    // Mostly legal addresses (the next page to program, a programmed page to read), some wild
    // ones beyond the geometry or out of order, and now and then a command for another die.
    const std::uint32_t plane = next(10) == 0 ? 2 : next(2);
    const std::uint32_t block = next(10) == 0 ? 4 + next(2) : next(4);
    const std::uint32_t programmed = plane < 2 && block < 4 ? fast.next_program_page(plane, block) : 0;
    std::uint32_t page = next(7);
    if (next(4) != 0) {
      page = opcode == FlashOpcode::Read || opcode == FlashOpcode::CacheRead || opcode == FlashOpcode::Copyback
                 ? (programmed == 0 ? 0 : next(programmed))
                 : programmed;
    }
    FlashCommand command = command_of(opcode, plane, block, page, 1000 + std::uint64_t(i));
    if (next(50) == 0) command.die = 2;
    if (opcode == FlashOpcode::Copyback) {
      command.targets[0].dest_block_in_plane = next(4);
      command.targets[0].dest_page =
          next(4) == 0 || plane >= 2 ? next(7) : fast.next_program_page(plane, command.targets[0].dest_block_in_plane);
    }
    FlashCommand via_fast = command, via_checked = command, via_faulted = command;
    *extension = command;
    const NandDieAnswer a = fast.execute(via_fast);
    const std::size_t fast_messages = RecordedFlashErrors::messages().size();
    const NandDieAnswer b = checked.execute_checked(via_checked);
    const NandDieAnswer c = faulted.execute(via_faulted);
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket_side.b_transport(payload, delay);

    SCOPED_TRACE("command " + std::to_string(i) + ": " + to_string(opcode));
    ASSERT_EQ(a.accepted, b.accepted);
    EXPECT_EQ(a.array.first_ps, b.array.first_ps);
    EXPECT_EQ(a.array.second_ps, b.array.second_ps);
    EXPECT_EQ(via_fast.status, via_checked.status);
    EXPECT_EQ(via_fast.targets[0].data_tag, via_checked.targets[0].data_tag);
    EXPECT_EQ(via_fast.targets[0].failed, via_checked.targets[0].failed);
    ASSERT_EQ(c.accepted, a.accepted);
    EXPECT_EQ(c.array.total_ps(), a.array.total_ps());
    EXPECT_EQ(via_faulted.status, via_fast.status);
    EXPECT_EQ(via_faulted.targets[0].data_tag, via_fast.targets[0].data_tag);
    EXPECT_EQ(delay.value(), a.array.total_ps());
    EXPECT_EQ(payload.is_response_ok(), a.accepted);
    EXPECT_EQ(extension->status, via_fast.status);
    const auto& messages = RecordedFlashErrors::messages();
    const std::size_t reported = fast_messages - messages_before;
    EXPECT_EQ(reported, a.accepted ? 0u : 1u);
    ASSERT_EQ(messages.size(), messages_before + 4 * reported);  // the same report from each die
    for (std::size_t m = 0; m < reported; ++m) {
      EXPECT_EQ(messages[messages_before + m], messages[fast_messages + m]);
      EXPECT_EQ(messages[messages_before + m], messages[fast_messages + reported + m]);
      EXPECT_EQ(messages[messages_before + m], messages[fast_messages + 2 * reported + m]);
    }
    messages_before = messages.size();
    ++(a.accepted ? accepted : rejected);
  }
  payload.clear_extension(extension);
  delete extension;

  // Both paths were exercised often.
  EXPECT_GT(accepted, 1000);
  EXPECT_GT(rejected, 500);
  for (std::uint32_t plane = 0; plane < 2; ++plane) {
    for (std::uint32_t block = 0; block < 4; ++block) {
      EXPECT_EQ(fast.next_program_page(plane, block), checked.next_program_page(plane, block));
      EXPECT_EQ(fast.erase_count(plane, block), checked.erase_count(plane, block));
      EXPECT_EQ(fast.next_program_page(plane, block), socket_side.next_program_page(plane, block));
      EXPECT_EQ(fast.next_program_page(plane, block), faulted.next_program_page(plane, block));
      EXPECT_EQ(fast.erase_count(plane, block), faulted.erase_count(plane, block));
      for (std::uint32_t page = 0; page < fast.next_program_page(plane, block); ++page) {
        EXPECT_EQ(fast.backdoor_read(plane, block, page), checked.backdoor_read(plane, block, page));
        EXPECT_EQ(fast.backdoor_read(plane, block, page), socket_side.backdoor_read(plane, block, page));
      }
    }
  }
  EXPECT_EQ(fast.counters().page_reads, checked.counters().page_reads);
  EXPECT_EQ(fast.counters().page_programs, checked.counters().page_programs);
  EXPECT_EQ(fast.counters().block_erases, checked.counters().block_erases);
  EXPECT_EQ(fast.counters().copybacks, checked.counters().copybacks);
  EXPECT_EQ(fast.counters().page_programs, faulted.counters().page_programs);
  EXPECT_EQ(fast.counters().copybacks, faulted.counters().copybacks);
  EXPECT_EQ(fast.counters().page_reads, socket_side.counters().page_reads);
  EXPECT_EQ(fast.counters().page_programs, socket_side.counters().page_programs);
}

}  // namespace
}  // namespace ssdtlm
