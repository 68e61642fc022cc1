// How much of the spare can hold data (platforms/spare_reservation.h): whole-block watermarks
// and open frontiers take most of a small plane's spare, and stats.json warns naming the keys;
// at full size the same fractions leave most of it.
#include <gtest/gtest.h>
#include <gmock/gmock.h>

#include "platforms/run_warnings.h"
#include "platforms/spare_reservation.h"
#include "platforms/ssd_platform.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

using ::testing::HasSubstr;

// tlc-modern's spare and watermarks (7 %, GC from 2 % to 3 % of a plane's blocks) on 4 planes
// of `blocks` blocks.
SsdConfig modern_fractions(std::uint32_t blocks, const char* frontier = "single") {
  return testing::make_config(
      {{"nand", {{"page_size_bytes", 4096}, {"pages_per_block", 32}, {"blocks_per_plane", blocks}, {"planes_per_die", 2}}},
       {"controller", {{"channels", 2}, {"chips_per_channel", 1}}},
       {"ftl",
        {{"spare_factor", 0.07},
         {"gc", {{"free_block_low_watermark", 0.02}, {"free_block_high_watermark", 0.03}, {"frontier", frontier}}}}}});
}

TEST(SpareReservationTest, WholeBlocksTakeMostOfASmallPlanesSpare) {
  const SpareReservation small = spare_reservation(modern_fractions(64).ftl_core);
  // 7 % of 4 x 64 x 32 pages: 8192 - floor(0.93 x 8192) = 574 pages, 4.484375 blocks per plane;
  // the high watermark 3 % of 64 = 1.92 rounds up to 2 blocks; one frontier.
  const double spare = 574.0 / 4 / 32;
  EXPECT_NEAR(small.spare_blocks_per_plane(), spare, 1e-9);
  EXPECT_EQ(small.gc_free_pool_blocks, 2u);
  EXPECT_EQ(small.open_frontier_blocks, 1u);
  EXPECT_EQ(small.gc_reserve_blocks, 0u);
  EXPECT_EQ(small.reserved_blocks_per_plane(), 3u);
  EXPECT_NEAR(small.spare_for_data_fraction(), (spare - 3.0) / spare, 1e-9);
  EXPECT_TRUE(small.mostly_reserved());

  // 900 blocks: 63 spare, 27 + 1 reserved.
  const SpareReservation full = spare_reservation(modern_fractions(900).ftl_core);
  EXPECT_NEAR(full.spare_blocks_per_plane(), 63.0, 1e-9);
  EXPECT_EQ(full.reserved_blocks_per_plane(), 28u);
  EXPECT_FALSE(full.mostly_reserved());

  // A separate GC frontier is one more open block per plane.
  EXPECT_EQ(spare_reservation(modern_fractions(900, "double").ftl_core).open_frontier_blocks, 2u);
}

class SpareWarningTest : public testing::SystemCTest {};

TEST_F(SpareWarningTest, StatsNameTheKeysWhenLessThanHalfTheSpareHoldsData) {
  SsdPlatform platform("ssd", modern_fractions(64));
  const nlohmann::json stats = platform.statistics();
  const nlohmann::json& capacity = stats["capacity"];
  EXPECT_EQ(capacity["reserved_blocks_per_plane"],
            nlohmann::json({{"gc_free_pool", 2}, {"open_frontiers", 1}, {"gc_reserve", 0}, {"total", 3}}));
  EXPECT_EQ(capacity["physical_bytes"], 4u * 64 * 32 * 4096);
  EXPECT_EQ(capacity["logical_bytes"], platform.logical_bytes());
  ASSERT_TRUE(stats.contains("warnings"));
  ASSERT_EQ(stats["warnings"].size(), 1u) << stats["warnings"].dump();
  EXPECT_EQ(stats["warnings"][0]["kind"], "spare_mostly_reserved");
  const std::string message = stats["warnings"][0]["message"].get<std::string>();
  EXPECT_THAT(message, HasSubstr("reserves 3 of the 4.5 spare blocks per plane: 2 held free by GC "
                                 "(ftl.gc.free_block_high_watermark, in whole blocks), 1 open write frontier "
                                 "(ftl.gc.frontier); only 33 % of the spare holds data"));
  EXPECT_THAT(message, HasSubstr("raise nand.blocks_per_plane or ftl.spare_factor, or lower "
                                 "ftl.gc.free_block_high_watermark"));
}

TEST_F(SpareWarningTest, AFullSizePlaneSaysNothing) {
  SsdPlatform platform("ssd", modern_fractions(900));
  const nlohmann::json stats = platform.statistics();
  EXPECT_NEAR(stats["capacity"]["spare_for_data_fraction"].get<double>(), (63.0 - 28.0) / 63.0, 1e-9);
  EXPECT_FALSE(stats.contains("warnings")) << stats["warnings"].dump();
}

}  // namespace
}  // namespace ssdtlm
