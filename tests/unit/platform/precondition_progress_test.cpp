// Preconditioning reports its progress every kPreconditionReportPages page writes and stops
// early, in a consistent state, when the run is interrupted (Ctrl-C); the pieces it writes in
// leave exactly the state of writing without reports.
#include <gtest/gtest.h>

#include <vector>

#include "models/kernel/run_interrupt.h"
#include "platforms/preconditioning.h"
#include "platforms/ssd_platform.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

class PreconditionProgressTest : public testing::SystemCTest {
 protected:
  void TearDown() override { clear_run_interrupt(); }
  // 4 x 2 x 256 blocks of 64 pages: 131,072 pages, 98,304 of them logical (1.5 report intervals).
  static SsdConfig config() {
    return testing::make_config({{"seed", 3},
                                 {"ftl", {{"spare_factor", 0.25}}},
                                 {"nand", {{"page_size_bytes", 4096}, {"pages_per_block", 64}, {"blocks_per_plane", 256},
                                           {"planes_per_die", 2}}},
                                 {"controller", {{"channels", 2}, {"chips_per_channel", 2}}}});
  }
};

TEST_F(PreconditionProgressTest, FillReportsEveryIntervalAgainstTheLogicalSpace) {
  FtlCore core(config().ftl_core);
  const std::uint64_t logical = core.fillable_logical_pages();
  ASSERT_GT(logical, kPreconditionReportPages);
  std::vector<std::pair<std::uint64_t, std::uint64_t>> reports;
  const PreconditionResult result = precondition(core, PreconditionMode::Fill, 3,
                                                 [&](std::uint64_t written, std::uint64_t expected) {
                                                   reports.emplace_back(written, expected);
                                                 });
  EXPECT_FALSE(result.interrupted);
  EXPECT_EQ(result.host_page_writes, logical);
  // After each full interval, and at the end.
  ASSERT_EQ(reports.size(), (logical + kPreconditionReportPages - 1) / kPreconditionReportPages);
  for (std::size_t i = 0; i < reports.size(); ++i) {
    EXPECT_EQ(reports[i].first, std::min<std::uint64_t>((i + 1) * kPreconditionReportPages, logical));
    EXPECT_EQ(reports[i].second, logical);
  }
}

TEST_F(PreconditionProgressTest, SteadyExpectsTheFillAndEightRoundsAndEndsInTheSameStateAsWithoutReports) {
  FtlCore reported(config().ftl_core);
  FtlCore plain(config().ftl_core);
  for (FtlCore* core : {&reported, &plain}) core->set_seal_blocks_on_close(true);  // as SsdPlatform::precondition
  const std::uint64_t logical = reported.fillable_logical_pages();
  std::uint64_t expected = 0, last_written = 0;
  const PreconditionResult with = precondition(reported, PreconditionMode::Steady, 3,
                                               [&](std::uint64_t written, std::uint64_t pages_expected) {
                                                 expected = pages_expected;
                                                 last_written = written;
                                               });
  const PreconditionResult without = precondition(plain, PreconditionMode::Steady, 3);
  EXPECT_EQ(expected, logical + 8 * (logical / 8));
  EXPECT_EQ(last_written, with.host_page_writes);  // the steady rounds end on a report
  EXPECT_EQ(with.host_page_writes, without.host_page_writes);
  EXPECT_EQ(with.flash_page_writes, without.flash_page_writes);
  EXPECT_EQ(with.erases, without.erases);
  EXPECT_EQ(with.steady_write_amplification, without.steady_write_amplification);
  for (Lpn lpn = 0; lpn < logical; ++lpn) ASSERT_EQ(reported.lookup(lpn), plain.lookup(lpn)) << "lpn " << lpn;
}

TEST_F(PreconditionProgressTest, AnInterruptStopsAtTheNextReport) {
  FtlCore core(config().ftl_core);
  const PreconditionResult result = precondition(core, PreconditionMode::Steady, 3,
                                                 [](std::uint64_t, std::uint64_t) { request_run_interrupt(); });
  EXPECT_TRUE(result.interrupted);
  EXPECT_EQ(result.host_page_writes, kPreconditionReportPages);
  EXPECT_EQ(result.steady_write_amplification, 0.0);  // no steady round ran
}

TEST_F(PreconditionProgressTest, AnInterruptedPlatformSaysSoInItsStatistics) {
  SsdPlatform platform("ssd", config());
  EXPECT_FALSE(platform.statistics()["interrupted"].get<bool>());
  platform.mark_interrupted();
  EXPECT_TRUE(platform.statistics()["interrupted"].get<bool>());
}

}  // namespace
}  // namespace ssdtlm
