// Preconditioning sets the dies' array state once at the end from the FTL core
// (platforms/die_state_materializer.h) instead of mirroring every program and erase. Both ways
// must leave every block of every die with the same write pointer and erase count, and the core
// in the same state: compared block by block on configurations that exercise watermark GC,
// in-place GC, several planes and dies, other policies and frontier layouts, factory bad blocks
// and wear leveling. The mirrored platform's core has an observer and so relocates GC pages one
// by one (FtlCore::relocate_page), the other a block's run at a time (relocate_pages): the map
// comparison checks those two as well.
#include <gtest/gtest.h>

#include "platforms/ssd_platform.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

struct MaterializeCase {
  const char* name;
  nlohmann::json ftl;
  nlohmann::json reliability;
  PreconditionMode mode;
};

class PreconditionMaterializeTest : public testing::SystemCTest,
                                    public ::testing::WithParamInterface<MaterializeCase> {};

TEST_P(PreconditionMaterializeTest, SameDieStateAsMirroringEveryOperation) {
  const MaterializeCase& c = GetParam();
  nlohmann::json overrides = {
      {"seed", 7},
      {"nand", {{"page_size_bytes", 4096}, {"pages_per_block", 16}, {"blocks_per_plane", 48}, {"planes_per_die", 2}}},
      {"controller", {{"channels", 2}, {"chips_per_channel", 1}}},
      {"ftl", c.ftl},
  };
  if (!c.reliability.is_null()) overrides["nand"]["reliability"] = c.reliability;
  const SsdConfig config = testing::make_config(overrides);
  SsdPlatform materialized("materialized", config);
  SsdPlatform mirrored("mirrored", config);
  materialized.precondition(c.mode);
  mirrored.precondition(c.mode, /*mirror_each_operation=*/true);

  EXPECT_EQ(materialized.precondition_result().host_page_writes, mirrored.precondition_result().host_page_writes);
  EXPECT_EQ(materialized.precondition_result().steady_write_amplification,
            mirrored.precondition_result().steady_write_amplification);
  EXPECT_EQ(materialized.precondition_result().flash_page_writes, mirrored.precondition_result().flash_page_writes);
  EXPECT_EQ(materialized.precondition_result().erases, mirrored.precondition_result().erases);
  ASSERT_GT(mirrored.precondition_result().flash_page_writes, 0u);
  if (c.mode == PreconditionMode::Steady) {
    ASSERT_GT(mirrored.precondition_result().erases, 0u);
  }

  const FlashGeometry& g = config.geometry;
  std::uint64_t programmed = 0, erased = 0;
  for (DieId die = 0; die < g.dies(); ++die) {
    const NandDie& a = materialized.die(die);
    const NandDie& b = mirrored.die(die);
    for (std::uint32_t plane = 0; plane < g.planes_per_die; ++plane) {
      for (std::uint32_t block = 0; block < g.blocks_per_plane; ++block) {
        ASSERT_EQ(a.next_program_page(plane, block), b.next_program_page(plane, block))
            << "die " << die << " plane " << plane << " block " << block;
        ASSERT_EQ(a.erase_count(plane, block), b.erase_count(plane, block))
            << "die " << die << " plane " << plane << " block " << block;
        programmed += b.next_program_page(plane, block);
        erased += b.erase_count(plane, block);
      }
    }
    EXPECT_EQ(a.counters().page_programs, 0u);  // backdoor state, no counted flash operations
  }
  EXPECT_GT(programmed, 0u);
  if (c.mode == PreconditionMode::Steady) {
    EXPECT_GT(erased, 0u);
  }
  for (Lpn lpn = 0; lpn < materialized.core().logical_pages(); ++lpn) {
    ASSERT_EQ(materialized.core().lookup(lpn), mirrored.core().lookup(lpn)) << "lpn " << lpn;
  }
  EXPECT_EQ(materialized.core().check_consistency(), "");
}

const MaterializeCase kCases[] = {
    {"WatermarkGc", {{"spare_factor", 0.15}, {"gc", {{"free_block_low_watermark", 0.05}, {"free_block_high_watermark", 0.1}}}},
     nullptr, PreconditionMode::Steady},
    {"InPlaceGc", {{"spare_factor", 0.15}, {"gc", {{"free_block_low_watermark", 0.0}, {"free_block_high_watermark", 0.0}}}},
     nullptr, PreconditionMode::Steady},
    {"Fill", {{"spare_factor", 0.15}}, nullptr, PreconditionMode::Fill},
    {"CostBenefitDoubleFrontier",
     {{"spare_factor", 0.2}, {"gc", {{"policy", "cost-benefit"}, {"frontier", "double"}, {"free_block_low_watermark", 0.05},
                                     {"free_block_high_watermark", 0.1}}}},
     nullptr, PreconditionMode::Steady},
    {"HotColdFrontier", {{"spare_factor", 0.2}, {"gc", {{"frontier", "hot-cold"}}}}, nullptr, PreconditionMode::Steady},
    {"FactoryBadBlocks", {{"spare_factor", 0.2}}, {{"factory_bad_block_rate", 0.05}}, PreconditionMode::Steady},
    {"WearLeveling",
     {{"spare_factor", 0.15}, {"wear_leveling", {{"dynamic", true}, {"static", true}, {"static_threshold", 2}}}},
     nullptr, PreconditionMode::Steady},
};

INSTANTIATE_TEST_SUITE_P(Cases, PreconditionMaterializeTest, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace ssdtlm
