// Cache program and cache read: the next page's bus phase overlaps this page's array
// operation, following the timelines of operation_script.h.
#include <gtest/gtest.h>

#include "tests/unit/controller/controller_bench.h"
#include "tests/unit/controller/flash_commands.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm::testing {
namespace {

class CachePipelineTest : public FlashTimingTest {};

TEST_F(CachePipelineTest, CacheProgramsOverlapDataInWithTheArrayProgram) {
  ASSERT_GT(tPROG(), P() + X()) << "the next data-in must fit inside tPROG for these times";
  ControllerBench bench(small_geometry(), nand_, bus_);
  std::size_t ids[3];
  for (std::uint32_t page = 0; page < 3; ++page) {
    ids[page] = bench.ftl.issue_at(sc_core::SC_ZERO_TIME,
                                   flash_command(FlashOpcode::CacheProgram, 0, 0, 0, page));
  }
  sc_core::sc_start();
  // Page 1: data-in, tCBSY, tPROG. Each next page's data-in hides under the previous tPROG,
  // so it adds only tCBSY + tPROG.
  for (std::uint64_t page = 0; page < 3; ++page) {
    EXPECT_EQ(bench.ftl.completion_time(ids[page]), ps(P() + X() + (page + 1) * (C() + tPROG())))
        << "page " << page;
  }
  EXPECT_EQ(bench.die(0).next_program_page(0, 0), 3u);
  EXPECT_EQ(bench.controller.op_counts().programs[0], 3u);
}

TEST_F(CachePipelineTest, CacheReadsOverlapTheNextArrayReadWithDataOut) {
  ASSERT_LT(P(), C());
  ASSERT_GT(tR(), X()) << "data-out must fit inside the next tR for these times";
  ControllerBench bench(small_geometry(), nand_, bus_);
  for (std::uint32_t page = 0; page < 3; ++page) bench.die(0).backdoor_program(1, 4, page);
  std::size_t ids[3];
  for (std::uint32_t page = 0; page < 3; ++page) {
    ids[page] = bench.ftl.issue_at(sc_core::SC_ZERO_TIME,
                                   flash_command(FlashOpcode::CacheRead, 0, 1, 4, page));
  }
  sc_core::sc_start();
  // Page 1: command, tR, tRCBSY, data out. Each next page's tR starts when the previous page
  // has left the page register, so it adds tR + tRCBSY.
  for (std::uint64_t page = 0; page < 3; ++page) {
    EXPECT_EQ(bench.ftl.completion_time(ids[page]), ps(P() + (page + 1) * (tR() + C()) + X()))
        << "page " << page;
  }
}

// Two planes, merging on: the stream's next page of plane 0 is queued when the pipeline opens,
// plane 1's arrives 10 us later. The pick waits for its partner and both run as one two-plane
// operation (page 1 ends one C + tPROG after page 0), instead of a single-plane operation of
// plane 0 followed by one of plane 1, each with its own tPROG.
TEST_F(CachePipelineTest, AMultiPlaneStreamWaitsForThePartnerPageInsteadOfSplittingIt) {
  constexpr std::uint64_t kUs = 1'000'000;
  ControllerBench bench(small_geometry(), nand_, bus_);
  ASSERT_TRUE(bench.controller.config().multi_plane);
  auto cache_program = [](std::uint32_t plane, std::uint32_t page) {
    return flash_command(FlashOpcode::CacheProgram, 0, plane, 0, page);
  };
  const std::uint64_t opens_ps = 2 * (P() + X()) + B() + C();  // two-plane data-in, then tCBSY
  const auto a0 = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, cache_program(0, 0));
  const auto a1 = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, cache_program(1, 0));
  const auto b0 = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, cache_program(0, 1));
  const auto b1 = bench.ftl.issue_at(ps(opens_ps + 10 * kUs), cache_program(1, 1));
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.completion_time(a0), ps(opens_ps + tPROG()));
  EXPECT_EQ(bench.ftl.completion_time(a1), ps(opens_ps + tPROG()));
  EXPECT_EQ(bench.ftl.completion_time(b0), ps(opens_ps + tPROG() + C() + tPROG()));
  EXPECT_EQ(bench.ftl.completion_time(b1), ps(opens_ps + tPROG() + C() + tPROG()));
  EXPECT_EQ(bench.controller.multi_plane_operations(), 2u);
}

TEST_F(CachePipelineTest, PlainCommandWaitsForTheCachePipelineToDrain) {
  ControllerBench bench(small_geometry(), nand_, bus_);
  const auto first =
      bench.ftl.issue_at(sc_core::SC_ZERO_TIME, flash_command(FlashOpcode::CacheProgram, 0, 0, 0, 0));
  const auto second =
      bench.ftl.issue_at(sc_core::SC_ZERO_TIME, flash_command(FlashOpcode::CacheProgram, 0, 0, 0, 1));
  const auto plain = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, program_command(0, 0, 0, 2));
  sc_core::sc_start();
  EXPECT_LT(bench.ftl.completion_time(first), bench.ftl.completion_time(second));
  EXPECT_EQ(bench.ftl.completion_time(plain),
            bench.ftl.completion_time(second) + ps(P() + X() + tPROG()));
}

TEST_F(CachePipelineTest, LoneCacheReadCostsOneRegisterMoveMoreThanARead) {
  ControllerBench bench(small_geometry(), nand_, bus_);
  bench.die(0).backdoor_program(0, 0, 0);
  const auto read =
      bench.ftl.issue_at(sc_core::SC_ZERO_TIME, flash_command(FlashOpcode::CacheRead, 0, 0, 0, 0));
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.completion_time(read), ps(P() + tR() + C() + X()));
}

}  // namespace
}  // namespace ssdtlm::testing
