// The NAND fault model's building blocks, without SystemC: the seeded Poisson draw of bit
// errors per codeword, the RBER formula, the factory bad-block list, the read classification,
// and static wear leveling in the functional FTL core (a measured comparison with it off).
#include <gtest/gtest.h>

#include <cmath>

#include "models/common/config/config_error.h"
#include "models/controller/read_retry.h"
#include "models/ftl/core/ftl_core.h"
#include "models/nand/nand_fault_model.h"

namespace ssdtlm {
namespace {

TEST(ReliabilityFaultModel, PoissonDrawHasTheRequestedMeanAndVariance) {
  for (const double lambda : {0.05, 3.0, 40.0, 800.0}) {
    Rng rng(7);
    const int n = 20000;
    double sum = 0.0, sum_sq = 0.0;
    for (int i = 0; i < n; ++i) {
      const double k = NandFaultModel::poisson(rng, lambda);
      sum += k;
      sum_sq += k * k;
    }
    const double mean = sum / n;
    const double variance = sum_sq / n - mean * mean;
    // Poisson: mean = variance = lambda; 5 standard errors of the mean as tolerance.
    EXPECT_NEAR(mean, lambda, 5.0 * std::sqrt(lambda / n)) << "lambda " << lambda;
    EXPECT_NEAR(variance / lambda, 1.0, 0.1) << "lambda " << lambda;
  }
  Rng a(3), b(3);
  for (int i = 0; i < 100; ++i) EXPECT_EQ(NandFaultModel::poisson(a, 2.5), NandFaultModel::poisson(b, 2.5));
}

TEST(ReliabilityFaultModel, RberGrowsWithWearAndRetention) {
  NandReliabilityConfig config;
  config.rber_base = 1e-6;
  config.rber_wear = 1e-5;
  config.rber_wear_exponent = 2.0;
  config.rber_retention_per_hour = 1e-7;
  FlashGeometry geometry;
  geometry.blocks_per_plane = 4;
  const NandFaultModel model(config, geometry, 0);
  EXPECT_DOUBLE_EQ(model.rber(0, 0.0), 1e-6);
  EXPECT_DOUBLE_EQ(model.rber(2000, 0.0), 1e-6 + 1e-5 * 4.0);
  EXPECT_DOUBLE_EQ(model.rber(1000, 10.0), 1e-6 + 1e-5 + 1e-7 * 10.0 * 2.0);
}

TEST(ReliabilityFaultModel, FactoryBadBlocksAreSeededAndIncludeTheList) {
  FlashGeometry geometry;
  geometry.channels = 2;
  geometry.blocks_per_plane = 1000;
  NandReliabilityConfig config;
  config.factory_bad_block_rate = 0.05;
  config.factory_bad_block_list = {1999, 3, 3};
  config.seed = 11;
  const auto bad = factory_bad_blocks(config, geometry);
  EXPECT_EQ(bad, factory_bad_blocks(config, geometry));
  EXPECT_TRUE(std::is_sorted(bad.begin(), bad.end()));
  EXPECT_EQ(std::adjacent_find(bad.begin(), bad.end()), bad.end());
  EXPECT_TRUE(std::binary_search(bad.begin(), bad.end(), 3u));
  EXPECT_TRUE(std::binary_search(bad.begin(), bad.end(), 1999u));
  // 2000 blocks at 5 %: 100 expected, binomial standard deviation ~9.7.
  EXPECT_GT(bad.size(), 60u);
  EXPECT_LT(bad.size(), 145u);
  config.seed = 12;
  EXPECT_NE(bad, factory_bad_blocks(config, geometry));
}

TEST(ReliabilityFaultModel, ReadOutcomeFollowsThresholdStepsAndEccLimit) {
  NandReliabilityConfig config;
  config.read_retry_threshold_bits = 10;
  config.ecc_correctable_bits = 20;
  config.read_retry_max_steps = 2;
  EXPECT_EQ(classify_read(config, 0, 0), ReadOutcome::Clean);
  EXPECT_EQ(classify_read(config, 10, 0), ReadOutcome::Corrected);
  EXPECT_EQ(classify_read(config, 11, 0), ReadOutcome::Retry);
  EXPECT_EQ(classify_read(config, 11, 2), ReadOutcome::Corrected);  // no step left, ECC still copes
  EXPECT_EQ(classify_read(config, 21, 1), ReadOutcome::Retry);
  EXPECT_EQ(classify_read(config, 21, 2), ReadOutcome::Uncorrectable);
}

FtlCoreConfig small_core(bool dynamic, bool static_wl) {
  FtlCoreConfig config;
  config.geometry.blocks_per_plane = 64;
  config.geometry.pages_per_block = 32;
  config.spare_factor = 0.2;
  config.victim_policy = "greedy";
  config.dynamic_wear_leveling = dynamic;
  config.static_wear_leveling = static_wl;
  config.static_wear_leveling_threshold = 8;
  return config;
}

struct Spread {
  std::uint32_t min = ~0u, max = 0;
};

// Cold data written once, then hot overwrites of a tenth of the logical space: without static
// wear leveling the blocks holding the cold data are never erased again.
Spread run_hot_cold(const FtlCoreConfig& config, std::uint64_t* wl_moves = nullptr) {
  FtlCore core(config);
  for (Lpn lpn = 0; lpn < core.logical_pages(); ++lpn) core.write_host_functional(lpn);
  Rng rng(5);
  const Lpn hot = static_cast<Lpn>(core.logical_pages() / 10);
  for (int i = 0; i < 200000; ++i) core.write_host_functional(static_cast<Lpn>(rng.below(hot)));
  EXPECT_EQ(core.check_consistency(), "");
  Spread spread;
  for (BlockId block = 0; block < core.geometry().total_blocks(); ++block) {
    spread.min = std::min(spread.min, core.erase_count(block));
    spread.max = std::max(spread.max, core.erase_count(block));
  }
  if (wl_moves != nullptr) *wl_moves = core.counters().wear_leveling_page_writes;
  return spread;
}

TEST(ReliabilityWearLeveling, StaticWearLevelingNarrowsTheEraseCountSpread) {
  std::uint64_t moves_off = 0, moves_on = 0;
  const Spread off = run_hot_cold(small_core(false, false), &moves_off);
  const Spread on = run_hot_cold(small_core(true, true), &moves_on);
  EXPECT_EQ(moves_off, 0u);
  EXPECT_GT(moves_on, 0u);
  EXPECT_EQ(off.min, 0u) << "cold blocks are never erased without static wear leveling";
  EXPECT_LT(on.max - on.min, off.max - off.min);
  // The spread stays within the threshold plus the erases one migration takes to land.
  EXPECT_LE(on.max - on.min, 8u + 4u);
}

TEST(ReliabilityWearLeveling, FactoryBadBlocksNeverEnterTheFreePools) {
  FtlCoreConfig config = small_core(true, false);
  config.factory_bad_blocks = {0, 5, 63};
  FtlCore core(config);
  Rng rng(9);
  for (int i = 0; i < 50000; ++i) core.write_host_functional(static_cast<Lpn>(rng.below(core.logical_pages())));
  for (const BlockId block : config.factory_bad_blocks) {
    EXPECT_TRUE(core.retired(block));
    EXPECT_EQ(core.erase_count(block), 0u);
    EXPECT_EQ(core.valid_pages(block), 0u);
  }
  EXPECT_EQ(core.good_blocks(0), 61u);
  EXPECT_EQ(core.check_consistency(), "");

  config.factory_bad_blocks.clear();
  for (BlockId block = 0; block < 20; ++block) config.factory_bad_blocks.push_back(block);
  try {
    FtlCore too_many(config);
    FAIL() << "20 of 64 bad blocks leave no room for 80 % logical space";
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find("nand.reliability.factory_bad_block_rate"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace ssdtlm
