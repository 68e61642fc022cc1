// NandDie on its own: flash rules, array times per page type, state, storage modes, backdoor.
#include "models/nand/nand_die.h"

#include <gtest/gtest.h>
#include <tlm_utils/simple_initiator_socket.h>

#include "tests/unit/nand/expected_flash_error.h"
#include "tests/unit/nand/nand_test_geometry.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

using testing::small_die_geometry;
using testing::tlc_timing;

using testing::ExpectedFlashError;

sc_core::sc_time ns(std::uint64_t nanoseconds) {
  return sc_core::sc_time(static_cast<double>(nanoseconds), sc_core::SC_NS);
}

class NandDieTest : public testing::SystemCTest {
 protected:
  void make_die(const NandTiming& timing, bool data_mode = false) {
    die_ = std::make_unique<NandDie>("die", DieId(3), small_die_geometry(), timing, data_mode);
    command_ = new FlashCommand();
    payload_.set_extension(command_);
  }
  void TearDown() override {
    payload_.clear_extension(command_);
    delete command_;
  }

  // Hands one die-level command to the die; returns the array time it took.
  sc_core::sc_time send(FlashOpcode opcode, std::uint32_t plane, std::uint32_t block,
                        std::uint32_t page, std::uint64_t tag = 0) {
    *command_ = FlashCommand();
    command_->opcode = opcode;
    command_->die = 3;
    command_->targets[0] = {plane, block, page, tag, 0, 0};
    return send_prepared();
  }
  sc_core::sc_time send_prepared() {
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    die_->b_transport(payload_, delay);
    return delay;
  }

  std::unique_ptr<NandDie> die_;
  tlm::tlm_generic_payload payload_;
  FlashCommand* command_ = nullptr;
};

// The controller reaches the die through its TLM socket, from inside the simulation.
struct DieDriver : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<DieDriver> socket{"socket"};
  tlm::tlm_generic_payload* payload = nullptr;
  sc_core::sc_time delay = sc_core::sc_time(10, sc_core::SC_NS);
  SC_HAS_PROCESS(DieDriver);
  explicit DieDriver(sc_core::sc_module_name name) : sc_core::sc_module(name) { SC_THREAD(run); }
  void run() { socket->b_transport(*payload, delay); }
};

TEST_F(NandDieTest, SocketCarriesCommandsAndAnnotatesTheArrayTime) {
  make_die(NandTiming{});
  DieDriver driver("driver");
  driver.socket.bind(die_->socket);
  *command_ = FlashCommand();
  command_->opcode = FlashOpcode::Program;
  command_->die = 3;
  driver.payload = &payload_;
  sc_core::sc_start();
  EXPECT_EQ(driver.delay, ns(10 + 200000));
  EXPECT_EQ(payload_.get_response_status(), tlm::TLM_OK_RESPONSE);
  EXPECT_EQ(die_->page_state(0, 0, 0), PageState::Programmed);
}

TEST_F(NandDieTest, ArrayTimesFollowThePageTypeOfTlcPages) {
  const NandTiming timing = tlc_timing();
  make_die(timing);
  for (std::uint32_t page = 0; page < 6; ++page) {
    EXPECT_EQ(send(FlashOpcode::Program, 0, 1, page), ns(timing.program_ns[page % 3]))
        << "page " << page;
  }
  EXPECT_EQ(send(FlashOpcode::Read, 0, 1, 0), ns(50000));
  EXPECT_EQ(send(FlashOpcode::Read, 0, 1, 4), ns(70000));
  EXPECT_EQ(send(FlashOpcode::Read, 0, 1, 5), ns(90000));
  EXPECT_EQ(send(FlashOpcode::Erase, 0, 1, 0), ns(4000000));
  EXPECT_EQ(payload_.get_response_status(), tlm::TLM_OK_RESPONSE);
}

TEST_F(NandDieTest, SlcUsesOneReadAndProgramTimeForEveryPage) {
  NandTiming timing;  // SLC 25 / 200 / 1500 us
  make_die(timing);
  EXPECT_EQ(send(FlashOpcode::Program, 1, 0, 0), ns(200000));
  EXPECT_EQ(send(FlashOpcode::Program, 1, 0, 1), ns(200000));
  EXPECT_EQ(send(FlashOpcode::Read, 1, 0, 1), ns(25000));
  EXPECT_EQ(send(FlashOpcode::Erase, 1, 0, 0), ns(1500000));
}

TEST_F(NandDieTest, CopybackTakesReadPlusProgramAndMovesTheTag) {
  const NandTiming timing = tlc_timing();
  make_die(timing, /*data_mode=*/true);
  send(FlashOpcode::Program, 0, 0, 0, 0xAAAA);
  send(FlashOpcode::Program, 0, 0, 1, 0xBBBB);
  *command_ = FlashCommand();
  command_->opcode = FlashOpcode::Copyback;
  command_->die = 3;
  command_->targets[0].plane = 0;
  command_->targets[0].block_in_plane = 0;
  command_->targets[0].page = 1;  // read time of page type 1
  command_->targets[0].dest_block_in_plane = 2;
  command_->targets[0].dest_page = 0;  // program time of page type 0
  EXPECT_EQ(send_prepared(), ns(70000 + 500000));
  EXPECT_EQ(die_->backdoor_read(0, 2, 0), 0xBBBBu);
  EXPECT_EQ(die_->page_state(0, 2, 0), PageState::Programmed);
  EXPECT_EQ(die_->counters().copybacks, 1u);
}

TEST_F(NandDieTest, MultiPlaneOperationTakesOneArrayTime) {
  NandTiming timing;
  make_die(timing);
  *command_ = FlashCommand();
  command_->opcode = FlashOpcode::Program;
  command_->die = 3;
  command_->plane_count = 2;
  command_->targets[0] = {0, 1, 0, 0, 0, 0};
  command_->targets[1] = {1, 3, 0, 0, 0, 0};
  EXPECT_EQ(send_prepared(), ns(200000));
  command_->opcode = FlashOpcode::Read;
  EXPECT_EQ(send_prepared(), ns(25000));
  command_->opcode = FlashOpcode::Erase;
  EXPECT_EQ(send_prepared(), ns(1500000));
  EXPECT_EQ(die_->erase_count(0, 1), 1u);
  EXPECT_EQ(die_->erase_count(1, 3), 1u);
  EXPECT_EQ(die_->counters().multi_plane_operations, 3u);
  EXPECT_EQ(die_->counters().page_programs, 2u);
}

TEST_F(NandDieTest, DataModeReadReturnsTheLastProgrammedTag) {
  make_die(NandTiming{}, /*data_mode=*/true);
  send(FlashOpcode::Program, 1, 2, 0, 111);
  send(FlashOpcode::Read, 1, 2, 0);
  EXPECT_EQ(command_->targets[0].data_tag, 111u);
  send(FlashOpcode::Erase, 1, 2, 0);
  send(FlashOpcode::Program, 1, 2, 0, 222);
  send(FlashOpcode::Read, 1, 2, 0);
  EXPECT_EQ(command_->targets[0].data_tag, 222u);
}

TEST_F(NandDieTest, NoStorageModeReadsReturnZeroAndKeepLessThanOneBytePerPage) {
  make_die(NandTiming{}, /*data_mode=*/false);
  send(FlashOpcode::Program, 0, 0, 0, 111);
  send(FlashOpcode::Read, 0, 0, 0);
  EXPECT_EQ(command_->targets[0].data_tag, 0u);

  FlashGeometry large;
  large.planes_per_die = 2;
  large.blocks_per_plane = 2048;
  large.pages_per_block = 256;
  const std::uint64_t pages = std::uint64_t(large.blocks_per_die()) * large.pages_per_block;
  EXPECT_LE(NandArrayState(large, false).state_bytes(), pages / 8);  // at most a bit per page
  EXPECT_EQ(NandArrayState(large, true).state_bytes(), pages * 8 + large.blocks_per_die() * 8);
}

TEST_F(NandDieTest, EraseCountsArePerBlock) {
  make_die(NandTiming{});
  send(FlashOpcode::Erase, 0, 1, 0);
  send(FlashOpcode::Erase, 0, 1, 0);
  send(FlashOpcode::Erase, 1, 1, 0);
  EXPECT_EQ(die_->erase_count(0, 1), 2u);
  EXPECT_EQ(die_->erase_count(1, 1), 1u);
  EXPECT_EQ(die_->erase_count(0, 0), 0u);
  EXPECT_EQ(die_->counters().block_erases, 3u);
}

TEST_F(NandDieTest, PagesAreErasedUntilProgrammedAndAfterErase) {
  make_die(NandTiming{});
  EXPECT_EQ(die_->page_state(0, 0, 0), PageState::Erased);
  send(FlashOpcode::Program, 0, 0, 0);
  send(FlashOpcode::Program, 0, 0, 1);
  EXPECT_EQ(die_->page_state(0, 0, 1), PageState::Programmed);
  EXPECT_EQ(die_->page_state(0, 0, 2), PageState::Erased);
  EXPECT_EQ(die_->next_program_page(0, 0), 2u);
  send(FlashOpcode::Erase, 0, 0, 0);
  EXPECT_EQ(die_->page_state(0, 0, 0), PageState::Erased);
  EXPECT_EQ(die_->next_program_page(0, 0), 0u);
}

TEST_F(NandDieTest, ReadOfAnErasedPageIsReportedWithItsAddress) {
  make_die(NandTiming{});
  ExpectedFlashError expected;
  EXPECT_THROW(send(FlashOpcode::Read, 1, 2, 0), sc_core::sc_report);
  ASSERT_EQ(ExpectedFlashError::messages().size(), 1u);
  EXPECT_EQ(ExpectedFlashError::messages()[0],
            "ssdtlm/nand: die 3 plane 1 block 2 page 0: read: read of an erased (never "
            "programmed) page");
}

TEST_F(NandDieTest, ProgrammingAProgrammedPageNeedsAnEraseFirst) {
  make_die(NandTiming{});
  send(FlashOpcode::Program, 0, 0, 0);
  ExpectedFlashError expected;
  EXPECT_THROW(send(FlashOpcode::Program, 0, 0, 0), sc_core::sc_report);
  ASSERT_EQ(ExpectedFlashError::messages().size(), 1u);
  EXPECT_NE(ExpectedFlashError::messages()[0].find("erase before program"), std::string::npos);
}

TEST_F(NandDieTest, ProgrammingOutOfOrderIsReported) {
  make_die(NandTiming{});
  ExpectedFlashError expected;
  EXPECT_THROW(send(FlashOpcode::Program, 0, 0, 2), sc_core::sc_report);
  ASSERT_EQ(ExpectedFlashError::messages().size(), 1u);
  EXPECT_NE(ExpectedFlashError::messages()[0].find("out of order"), std::string::npos);
  EXPECT_NE(ExpectedFlashError::messages()[0].find("next programmable page is 0"),
            std::string::npos);
}

TEST_F(NandDieTest, OperationsBeyondTheGeometryAreReported) {
  make_die(NandTiming{});
  ExpectedFlashError expected;
  EXPECT_THROW(send(FlashOpcode::Erase, 0, 4, 0), sc_core::sc_report);
  EXPECT_THROW(send(FlashOpcode::Erase, 2, 0, 0), sc_core::sc_report);
  EXPECT_THROW(send(FlashOpcode::Program, 0, 0, 6), sc_core::sc_report);
  ASSERT_EQ(ExpectedFlashError::messages().size(), 3u);
  EXPECT_NE(ExpectedFlashError::messages()[0].find("block beyond"), std::string::npos);
  EXPECT_NE(ExpectedFlashError::messages()[1].find("plane beyond"), std::string::npos);
  EXPECT_NE(ExpectedFlashError::messages()[2].find("page beyond"), std::string::npos);
}

TEST_F(NandDieTest, RejectedMultiPlaneCommandChangesNoPlane) {
  make_die(NandTiming{});
  *command_ = FlashCommand();
  command_->opcode = FlashOpcode::Program;
  command_->die = 3;
  command_->plane_count = 2;
  command_->targets[0] = {0, 0, 0, 0, 0, 0};
  command_->targets[1] = {1, 0, 1, 0, 0, 0};  // different page index: not a legal pair
  {
    ExpectedFlashError expected;
    EXPECT_THROW(send_prepared(), sc_core::sc_report);
  }
  EXPECT_EQ(die_->page_state(0, 0, 0), PageState::Erased);
  EXPECT_EQ(die_->counters().page_programs, 0u);
}

TEST_F(NandDieTest, BackdoorAppliesTheRulesWithoutTimeOrCounters) {
  make_die(NandTiming{}, /*data_mode=*/true);
  die_->backdoor_program(1, 3, 0, 42);
  die_->backdoor_program(1, 3, 1, 43);
  EXPECT_EQ(die_->backdoor_read(1, 3, 1), 43u);
  EXPECT_EQ(send(FlashOpcode::Read, 1, 3, 0), ns(25000));
  EXPECT_EQ(command_->targets[0].data_tag, 42u);
  die_->backdoor_erase(1, 3);
  EXPECT_EQ(die_->erase_count(1, 3), 1u);
  EXPECT_EQ(die_->counters().page_programs, 0u);
  EXPECT_EQ(die_->counters().block_erases, 0u);
  ExpectedFlashError expected;
  EXPECT_THROW(die_->backdoor_program(1, 3, 1, 0), sc_core::sc_report);
  EXPECT_THROW(die_->backdoor_read(1, 3, 0), sc_core::sc_report);
}

}  // namespace
}  // namespace ssdtlm
