// FlashController end to end: flash-rule violations surface as errors, data mode returns what
// was written, statistics count by origin, and random mixed traffic under read-first,
// multi-plane merging and cache pipelining keeps every read consistent with issue order.
#include <map>
#include <random>

#include <gtest/gtest.h>

#include "tests/unit/controller/controller_bench.h"
#include "tests/unit/controller/flash_commands.h"
#include "tests/unit/nand/expected_flash_error.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm::testing {
namespace {

class ControllerRulesTest : public FlashTimingTest {};

TEST_F(ControllerRulesTest, ReadOfAnErasedPageStopsTheSimulationWithAnError) {
  ControllerBench bench(small_geometry(1, 2), nand_, bus_);
  bench.ftl.issue_at(sc_core::SC_ZERO_TIME, read_command(1, 1, 4, 2));
  ExpectedFlashError expected;
  EXPECT_THROW(sc_core::sc_start(), sc_core::sc_report);
  ASSERT_EQ(ExpectedFlashError::messages().size(), 1u);
  EXPECT_NE(ExpectedFlashError::messages()[0].find("die 1 plane 1 block 4 page 2"),
            std::string::npos)
      << ExpectedFlashError::messages()[0];
}

TEST_F(ControllerRulesTest, ProgramOutOfOrderStopsTheSimulationWithAnError) {
  ControllerBench bench(small_geometry(), nand_, bus_);
  const auto first = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, program_command(0, 0, 0, 0));
  bench.ftl.issue_after(first, program_command(0, 0, 0, 2));
  ExpectedFlashError expected;
  EXPECT_THROW(sc_core::sc_start(), sc_core::sc_report);
  ASSERT_EQ(ExpectedFlashError::messages().size(), 1u);
  EXPECT_NE(ExpectedFlashError::messages()[0].find("out of order"), std::string::npos);
}

TEST_F(ControllerRulesTest, CommandForAMissingDieIsRejected) {
  ControllerBench bench(small_geometry(), nand_, bus_);
  bench.ftl.issue_at(sc_core::SC_ZERO_TIME, read_command(9, 0, 0, 0));
  ExpectedFlashError expected;
  EXPECT_THROW(sc_core::sc_start(), sc_core::sc_report);
  ASSERT_EQ(ExpectedFlashError::messages().size(), 1u);
  EXPECT_EQ(ExpectedFlashError::messages()[0].rfind("ssdtlm/controller: read for die 9", 0), 0u)
      << ExpectedFlashError::messages()[0];
}

TEST_F(ControllerRulesTest, DataModeReadReturnsTheLastProgrammedTag) {
  FlashControllerConfig config;
  config.data_mode = true;
  ControllerBench bench(small_geometry(), nand_, bus_, config);
  const auto p0 = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, program_command(0, 1, 2, 0, 0xA1));
  const auto r0 = bench.ftl.issue_after(p0, read_command(0, 1, 2, 0));
  const auto erase = bench.ftl.issue_after(r0, erase_command(0, 1, 2));
  const auto p1 = bench.ftl.issue_after(erase, program_command(0, 1, 2, 0, 0xB2));
  const auto copy = bench.ftl.issue_after(p1, copyback_command(0, 1, 2, 0, 3, 0));
  const auto r1 = bench.ftl.issue_after(copy, read_command(0, 1, 3, 0));
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.result(r0).targets[0].data_tag, 0xA1u);
  EXPECT_EQ(bench.ftl.result(r1).targets[0].data_tag, 0xB2u);
  EXPECT_EQ(bench.die(0).erase_count(1, 2), 1u);
}

TEST_F(ControllerRulesTest, CountsOperationsByOriginAndTracksUtilization) {
  ControllerBench bench(small_geometry(2, 1), nand_, bus_);
  bench.die(1).backdoor_program(0, 0, 0);
  bench.ftl.issue_at(sc_core::SC_ZERO_TIME, program_command(0, 0, 0, 0, 0, OpOrigin::Host));
  bench.ftl.issue_at(sc_core::SC_ZERO_TIME, read_command(1, 0, 0, 0, OpOrigin::Gc));
  bench.ftl.issue_at(sc_core::SC_ZERO_TIME, erase_command(1, 1, 1, OpOrigin::Other));
  sc_core::sc_start();
  const FlashOpCounts& counts = bench.controller.op_counts();
  EXPECT_EQ(counts.programs, (FlashOpCounts::ByOrigin{1, 0, 0}));
  EXPECT_EQ(counts.reads, (FlashOpCounts::ByOrigin{0, 1, 0}));
  EXPECT_EQ(counts.erases, (FlashOpCounts::ByOrigin{0, 0, 1}));
  EXPECT_EQ(bench.controller.completed_commands(), 3u);
  const std::uint64_t program = bus_.page_command_ps() + bus_.transfer_ps(4096) + tPROG();
  EXPECT_EQ(bench.controller.die_busy_time(0), ps(program));
  EXPECT_EQ(bench.controller.die_array_time(0), ps(tPROG()));
  EXPECT_EQ(bench.controller.channel_busy_time(0),
            ps(bus_.page_command_ps() + bus_.transfer_ps(4096)));
}

// A reference FTL issues random legal traffic (in-order programs, reads of programmed pages,
// erases of full blocks) at random times; the controller may reorder and merge, but every
// read must return the tag its issue order promises.
TEST_F(ControllerRulesTest, RandomTrafficUnderReorderingAndMergingKeepsReadsConsistent) {
  FlashControllerConfig config;
  config.scheduling_policy = "read-first";
  config.multi_plane = true;
  config.data_mode = true;
  const FlashGeometry geometry = small_geometry(2, 2, 2);
  ControllerBench bench(geometry, nand_, bus_, config);

  std::mt19937_64 random(12345);
  std::map<std::uint64_t, std::uint32_t> write_pointer;  // (die, plane, block) -> next page
  std::map<std::uint64_t, std::uint64_t> tags;           // (die, plane, block, page) -> tag
  std::vector<std::pair<std::size_t, std::uint64_t>> reads;  // handle, expected tag
  std::uint64_t next_tag = 1;
  std::uint64_t time_ps = 0;
  for (int i = 0; i < 3000; ++i) {
    time_ps += random() % 40000000;  // up to 40 us apart: queues build up and drain
    const DieId die = random() % geometry.dies();
    const std::uint32_t plane = random() % geometry.planes_per_die;
    const std::uint32_t block = random() % 3;  // few blocks: many conflicts
    const std::uint64_t block_key = (std::uint64_t(die) * 8 + plane) * 8 + block;
    std::uint32_t& next_page = write_pointer[block_key];
    const bool cached = random() % 4 == 0;
    const sc_core::sc_time at = ps(time_ps);
    if (next_page == geometry.pages_per_block) {
      bench.ftl.issue_at(at, erase_command(die, plane, block));
      next_page = 0;
    } else if (next_page == 0 || random() % 2 == 0) {
      FlashCommand command = program_command(die, plane, block, next_page, next_tag);
      if (cached) command.opcode = FlashOpcode::CacheProgram;
      bench.ftl.issue_at(at, command);
      tags[block_key * 64 + next_page] = next_tag++;
      ++next_page;
    } else {
      const std::uint32_t page = random() % next_page;
      FlashCommand command = read_command(die, plane, block, page);
      if (cached) command.opcode = FlashOpcode::CacheRead;
      reads.emplace_back(bench.ftl.issue_at(at, command), tags[block_key * 64 + page]);
    }
  }
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.completed_count(), 3000u);
  for (const auto& [handle, expected_tag] : reads) {
    EXPECT_EQ(bench.ftl.result(handle).targets[0].data_tag, expected_tag) << "read " << handle;
  }
  EXPECT_GT(bench.controller.multi_plane_operations(), 0u);
  for (DieId die = 0; die < geometry.dies(); ++die) {
    EXPECT_EQ(bench.controller.queued_commands(die), 0u);
    EXPECT_EQ(bench.controller.in_flight_operations(die), 0u);
    EXPECT_LE(bench.controller.die_array_time(die), bench.controller.die_busy_time(die));
  }
}

}  // namespace
}  // namespace ssdtlm::testing
