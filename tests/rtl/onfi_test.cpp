// The RTL ONFI command sequencer (models/rtl/onfi/onfi_sequencer.v) driving NandDie through
// the pin-level OnfiTarget: its READ, PROGRAM and ERASE leave the die in the same state, and
// take the same time, as the same commands through FlashController on the TLM path, when the
// pin timing matches the bus timing (tWC = tRC = command_cycle_ns, one byte per cycle).
#include <gtest/gtest.h>

#include <vector>

#include "models/nand/nand_die.h"
#include "models/rtl/onfi/onfi_pins.h"
#include "models/rtl/onfi/onfi_sequencer_rtl.h"
#include "models/rtl/onfi/onfi_target.h"
#include "tests/unit/controller/controller_bench.h"
#include "tests/unit/controller/flash_commands.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm::testing {
namespace {

// 10 ns sequencer clock, WE#/RE# low one cycle and high one: 20 ns per bus cycle. The TLM bus
// with the same cycle: command_cycle_ns 20, 50 MT/s x 8 bit.
constexpr std::uint64_t kClockPs = 10000;
constexpr std::uint32_t kPageBytes = 4096;

struct Step {
  FlashOpcode opcode;
  std::uint32_t plane, block, page;
  std::uint64_t tag;
};

// Operations spaced far apart; each starts at k x 5 ms on both paths.
const std::vector<Step>& script() {
  static const std::vector<Step> steps = {
      {FlashOpcode::Program, 0, 3, 0, 0x1111222233334444ull},
      {FlashOpcode::Program, 0, 3, 1, 0x5555666677778888ull},
      {FlashOpcode::Program, 1, 3, 0, 0x0123456789abcdefull},
      {FlashOpcode::Read, 0, 3, 1, 0},
      {FlashOpcode::Erase, 0, 3, 0, 0},
      {FlashOpcode::Read, 1, 3, 0, 0},
      {FlashOpcode::Program, 0, 3, 0, 0x0badc0ffee000001ull},
  };
  return steps;
}
sc_core::sc_time start_of(std::size_t k) { return ps((k + 1) * 5000000000ull); }

OnfiTargetTiming target_timing() {
  OnfiTargetTiming timing;
  timing.t_wb_ps = kClockPs;  // tWB = tWH: busy starts where the TLM bus step ends
  return timing;
}

// RTL sequencer -> ONFI pins -> OnfiTarget -> NandDie.
struct PinBench {
  PinBench(const FlashGeometry& geometry, const NandTiming& timing, bool data_mode)
      : die("die", 0, geometry, timing, data_mode),
        target("onfi_target", 0, geometry, target_timing()),
        sequencer("onfi_sequencer", kClockPs) {
    target.die_socket.bind(die.socket);
    pins.bind_controller(sequencer);
    pins.bind_target(target);
  }
  NandDie die;
  OnfiTarget target;
  OnfiSequencerRtl sequencer;
  OnfiPins pins;
};

class OnfiTest : public FlashTimingTest {
 protected:
  void SetUp() override {
    FlashTimingTest::SetUp();
    bus_.command_cycle_ns = 20;
    bus_.transfer_rate_mts = 50;
    bus_.bus_width_bits = 8;
    geometry_ = small_geometry(1, 1, 2);
    geometry_.page_size_bytes = kPageBytes;
  }

  // Die state both paths must agree on.
  struct DieState {
    std::vector<int> page_states;
    std::vector<std::uint64_t> tags;
    std::vector<std::uint32_t> erase_counts;
    NandDieCounters counters;
  };
  DieState state_of(const NandDie& die) const {
    DieState state;
    for (std::uint32_t plane = 0; plane < geometry_.planes_per_die; ++plane) {
      for (std::uint32_t block = 0; block < geometry_.blocks_per_plane; ++block) {
        state.erase_counts.push_back(die.erase_count(plane, block));
        for (std::uint32_t page = 0; page < geometry_.pages_per_block; ++page) {
          const PageState page_state = die.page_state(plane, block, page);
          state.page_states.push_back(static_cast<int>(page_state));
          state.tags.push_back(page_state == PageState::Programmed ? die.backdoor_read(plane, block, page) : 0);
        }
      }
    }
    state.counters = die.counters();
    return state;
  }

  FlashGeometry geometry_;
};

std::vector<std::uint8_t> page_bytes(std::uint64_t tag) {
  std::vector<std::uint8_t> bytes(kPageBytes);
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    bytes[i] = i < 8 ? static_cast<std::uint8_t>(tag >> (8 * i)) : static_cast<std::uint8_t>(i * 7);
  }
  return bytes;
}

TEST_F(OnfiTest, SequencerOperationsMatchTheTlmPathInDieStateAndTiming) {
  // TLM path: FlashController + NandDie.
  std::vector<sc_core::sc_time> tlm_latency;
  std::vector<std::uint64_t> tlm_read_tags;
  DieState tlm_state;
  {
    FlashControllerConfig config;
    config.data_mode = true;
    ControllerBench bench(geometry_, nand_, bus_, config);
    std::vector<std::size_t> ids;
    for (std::size_t k = 0; k < script().size(); ++k) {
      const Step& s = script()[k];
      ids.push_back(bench.ftl.issue_at(start_of(k), flash_command(s.opcode, 0, s.plane, s.block, s.page, s.tag)));
    }
    sc_core::sc_start();
    for (std::size_t k = 0; k < ids.size(); ++k) {
      ASSERT_TRUE(bench.ftl.completed(ids[k]));
      tlm_latency.push_back(bench.ftl.completion_time(ids[k]) - start_of(k));
      if (script()[k].opcode == FlashOpcode::Read) tlm_read_tags.push_back(bench.ftl.result(ids[k]).targets[0].data_tag);
    }
    tlm_state = state_of(bench.die(0));
  }

  // Pin path.
  fresh_kernel();
  PinBench bench(geometry_, nand_, /*data_mode=*/true);
  NandDie& die = bench.die;
  OnfiTarget& target = bench.target;
  OnfiSequencerRtl& sequencer = bench.sequencer;
  for (std::size_t k = 0; k < script().size(); ++k) {
    const Step& s = script()[k];
    OnfiOperation operation;
    operation.row = target.row_address(s.plane, s.block, s.page);
    operation.start_at = start_of(k);
    switch (s.opcode) {
      case FlashOpcode::Read:
        operation.kind = OnfiOperationKind::Read;
        operation.bytes = kPageBytes;
        break;
      case FlashOpcode::Program:
        operation.kind = OnfiOperationKind::Program;
        operation.data = page_bytes(s.tag);
        break;
      default:
        operation.kind = OnfiOperationKind::Erase;
    }
    sequencer.issue(operation);
  }
  sc_core::sc_start();

  ASSERT_EQ(sequencer.completed(), script().size());
  std::size_t read_index = 0;
  for (std::size_t k = 0; k < script().size(); ++k) {
    const OnfiOperationResult& result = sequencer.result(k);
    ASSERT_TRUE(result.done) << k;
    EXPECT_EQ(result.started, start_of(k)) << k;
    EXPECT_EQ(result.completed - result.started, tlm_latency[k]) << "operation " << k;
    EXPECT_EQ(result.cycles * kClockPs, (result.completed - result.started).value() + kClockPs) << k;
    if (script()[k].opcode == FlashOpcode::Read) {
      ASSERT_EQ(result.data.size(), kPageBytes);
      std::uint64_t tag = 0;
      for (int i = 0; i < 8; ++i) tag |= std::uint64_t(result.data[i]) << (8 * i);
      EXPECT_EQ(tag, tlm_read_tags[read_index++]) << k;
      EXPECT_EQ(result.data[8], 0xff);
    }
  }
  // The formulas behind the comparison.
  EXPECT_EQ(tlm_latency[0], ps(P() + X(kPageBytes) + tPROG()));
  EXPECT_EQ(tlm_latency[3], ps(P() + tR() + X(kPageBytes)));
  EXPECT_EQ(tlm_latency[4], ps(E() + tBERS()));
  EXPECT_EQ(P(), 7u * 20000u);
  EXPECT_EQ(X(kPageBytes), kPageBytes * 20000u);
  EXPECT_EQ(tlm_read_tags, (std::vector<std::uint64_t>{0x5555666677778888ull, 0x0123456789abcdefull}));
  // R/B# was low exactly for the array time of the last operation.
  EXPECT_EQ(target.last_busy_end() - target.last_busy_start(), ps(tPROG()));

  const DieState pin_state = state_of(die);
  EXPECT_EQ(pin_state.page_states, tlm_state.page_states);
  EXPECT_EQ(pin_state.tags, tlm_state.tags);
  EXPECT_EQ(pin_state.erase_counts, tlm_state.erase_counts);
  EXPECT_EQ(pin_state.counters.page_reads, tlm_state.counters.page_reads);
  EXPECT_EQ(pin_state.counters.page_programs, tlm_state.counters.page_programs);
  EXPECT_EQ(pin_state.counters.block_erases, tlm_state.counters.block_erases);
  EXPECT_EQ(target.counters().bytes_in, 4u * kPageBytes);
  EXPECT_EQ(target.counters().bytes_out, 2u * kPageBytes);
}

TEST_F(OnfiTest, StatusReadAfterProgramAndEraseCostsTheTlmStatusTime) {
  // 70h (one write cycle) + one status byte (one read cycle) = 40 ns = NandTiming::status_read_ns.
  nand_.status_read_ns = 40;
  sc_core::sc_time tlm_program, tlm_erase;
  {
    ControllerBench bench(geometry_, nand_, bus_);
    const auto program = bench.ftl.issue_at(start_of(0), program_command(0, 1, 2, 0));
    const auto erase = bench.ftl.issue_at(start_of(1), erase_command(0, 1, 2));
    sc_core::sc_start();
    tlm_program = bench.ftl.completion_time(program) - start_of(0);
    tlm_erase = bench.ftl.completion_time(erase) - start_of(1);
  }
  EXPECT_EQ(tlm_program, ps(P() + X(kPageBytes) + tPROG() + 40000));

  fresh_kernel();
  PinBench bench(geometry_, nand_, /*data_mode=*/false);
  NandDie& die = bench.die;
  OnfiTarget& target = bench.target;
  OnfiSequencerRtl& sequencer = bench.sequencer;
  OnfiOperation program;
  program.kind = OnfiOperationKind::Program;
  program.row = target.row_address(1, 2, 0);
  program.data = page_bytes(0);
  program.status_check = true;
  program.start_at = start_of(0);
  OnfiOperation erase;
  erase.kind = OnfiOperationKind::Erase;
  erase.row = target.row_address(1, 2, 0);
  erase.status_check = true;
  erase.start_at = start_of(1);
  const auto program_id = sequencer.issue(program);
  const auto erase_id = sequencer.issue(erase);
  sc_core::sc_start();
  const OnfiOperationResult& p = sequencer.result(program_id);
  const OnfiOperationResult& e = sequencer.result(erase_id);
  EXPECT_EQ(p.completed - p.started, tlm_program);
  EXPECT_EQ(e.completed - e.started, tlm_erase);
  EXPECT_EQ(p.status, 0xe0);  // ready, not protected, pass
  EXPECT_FALSE(p.fail);
  EXPECT_EQ(e.status, 0xe0);
  EXPECT_EQ(target.counters().status_reads, 2u);
  EXPECT_EQ(die.erase_count(1, 2), 1u);
}

}  // namespace
}  // namespace ssdtlm::testing
