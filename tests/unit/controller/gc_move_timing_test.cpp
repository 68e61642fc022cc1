// The cost of a GC cycle on one die: k valid pages moved then the victim erased.
// Without copyback a move is a read (data out) and a program (data in); with copyback the
// page never leaves the die. [Lee et al. 2011]'s example: k = 2, 25 / 200 / 1500 us, bus time left
// out: 2 x (25 + 200) + 1500 = 1950 us either way.
#include <gtest/gtest.h>

#include "tests/unit/controller/controller_bench.h"
#include "tests/unit/controller/flash_commands.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm::testing {
namespace {

class GcMoveTimingTest : public FlashTimingTest {
 protected:
  // Moves pages 0..k-1 of block 0 to block 1 of die 0, chained as a GC engine issues them
  // (each command when the previous completes), then erases block 0. Returns the end time.
  sc_core::sc_time run_gc_cycle(const ChannelBusTiming& bus, std::uint32_t k, bool copyback) {
    ControllerBench bench(small_geometry(), nand_, bus);
    for (std::uint32_t page = 0; page < k; ++page) bench.die(0).backdoor_program(0, 0, page);
    std::size_t last = 0;
    bool first = true;
    auto chain = [&](const FlashCommand& command) {
      last = first ? bench.ftl.issue_at(sc_core::SC_ZERO_TIME, command)
                   : bench.ftl.issue_after(last, command);
      first = false;
    };
    for (std::uint32_t page = 0; page < k; ++page) {
      if (copyback) {
        chain(copyback_command(0, 0, 0, page, 1, page));
      } else {
        chain(read_command(0, 0, 0, page, OpOrigin::Gc));
        chain(program_command(0, 0, 1, page, 0, OpOrigin::Gc));
      }
    }
    chain(erase_command(0, 0, 0, OpOrigin::Gc));
    sc_core::sc_start();
    EXPECT_EQ(bench.ftl.completed_count(), copyback ? k + 1 : 2 * k + 1);
    const FlashOpCounts& counts = bench.controller.op_counts();
    const auto gc = static_cast<std::size_t>(OpOrigin::Gc);
    EXPECT_EQ(counts.erases[gc], 1u);
    EXPECT_EQ(counts.copybacks[gc], copyback ? k : 0u);
    EXPECT_EQ(counts.reads[gc], copyback ? 0u : k);
    EXPECT_EQ(counts.programs[gc], copyback ? 0u : k);
    EXPECT_EQ(bench.die(0).erase_count(0, 0), 1u);
    return bench.ftl.completion_time(last);
  }

  static ChannelBusTiming ideal_bus() {
    ChannelBusTiming bus;
    bus.transfer_rate_mts = 0;  // no transfer time
    bus.command_cycle_ns = 0;   // no command time
    return bus;
  }
};

TEST_F(GcMoveTimingTest, SeedExampleWithoutCopybackIs1950Microseconds) {
  EXPECT_EQ(run_gc_cycle(ideal_bus(), 2, /*copyback=*/false), sc_core::sc_time(1950, sc_core::SC_US));
}

TEST_F(GcMoveTimingTest, SeedExampleWithCopybackIs1950Microseconds) {
  EXPECT_EQ(run_gc_cycle(ideal_bus(), 2, /*copyback=*/true), sc_core::sc_time(1950, sc_core::SC_US));
}

TEST_F(GcMoveTimingTest, MovesWithoutCopybackPayTwoTransfersPerPage) {
  const std::uint64_t k = 3;
  const std::uint64_t move = (P() + tR() + X()) + (P() + X() + tPROG());
  EXPECT_EQ(run_gc_cycle(bus_, k, false), ps(k * move + E() + tBERS()));
}

TEST_F(GcMoveTimingTest, MovesWithCopybackPayCommandPhasesOnly) {
  const std::uint64_t k = 3;
  const std::uint64_t move = P() + tR() + P() + tPROG();
  EXPECT_EQ(run_gc_cycle(bus_, k, true), ps(k * move + E() + tBERS()));
}

}  // namespace
}  // namespace ssdtlm::testing
