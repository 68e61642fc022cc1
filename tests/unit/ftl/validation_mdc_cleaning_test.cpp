// Validation against MDC cleaning [Lomet & Luo 2021], with the functional engine and
// 512-page segments. [Lomet & Luo 2021] reports Wamp = extra writes / user writes = WA - 1 and segment
// emptiness E at cleaning = 1 - mean valid fraction of the victims; its "cost" is 2 / E = 2 WA.
//
// Table 1 (uniform updates, fill factor F = 1 - spare factor, 0.50 ... 0.95): age/FIFO's E within
// 0.01 of the E column (its eq. 4), greedy's E within 0.01 of the MDC-opt column (MDC orders
// like greedy under uniform updates, sec 4.5). 1,024 segments, 3 + 6 logical capacities.
//
// Table 2 (hot/cold at F = 0.8, double frontier so user and GC writes fill separate segments;
// 2,048 segments, 4 + 4 capacities; the paper's 64 victims per cycle, since mdc sorts its GC
// writes over a cycle, with cleaning at 1 free segment, the paper's reserve of 32 in 51,200
// scaled to this device):
// * mdc's cost is below greedy's for every skewed split and within 11% of the MDC-opt column
//   (measured +9.8, +7.3, +6.4, +5.3, +3.7%: the 5% is not reached, see
//   docs/gc-policies.md for why);
// * our MDC-opt (mdc --param oracle=1: exact page frequencies, the pages of each frequency in
//   their own segments via two host frontiers) within 4% of the MDC-opt column (measured +3.3,
//   +2.2, +1.2, +0.5, +0.4%): the algorithm with exact frequencies reproduces the column;
// * mdc within 6% of the oracle with mdc's own single sorted host stream (measured +3.9, +4.7,
//   +5.0, +4.8, +3.6%): the part of the gap that the u_p2 estimate causes.
//
// Sec 6.2.2 (Zipf, Figure 5b/5c; 512 segments cleaned 16 per cycle at 2 free, 10 + 20
// capacities: shorter runs hide the steady state). The signs docs/validation.md reports, each
// tolerance well inside the measured margin:
// * Zipf 1.35, F = 0.9: mdc's 16-segment sort buffer absorbs 95% of the host writes (rewrites of
//   staged pages); per host write issued mdc is lowest (measured 0.111 against greedy 0.805,
//   cost-benefit 0.954, age 8.86), per host page *programmed* it is above greedy (2.08), since
//   what reaches flash is the cold tail; without the buffer (the same programmed stream as
//   greedy) it is below greedy (0.563); mdc-oracle with the buffer is below mdc (1.63);
// * Zipf 0.99, F = 0.8: mdc below greedy and age by either count (1.196 per page programmed,
//   0.519 per write issued; greedy 1.645, age 3.110), and without the buffer too (1.268).
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <string>

#include "models/ftl/functional/functional_engine.h"

namespace ssdtlm {
namespace {

struct Table1Row {
  double fill;
  double e_analysis;  // E column (age-based cleaning, eq. 4)
  double e_mdc_opt;   // MDC-opt column (simulation)
};

WaResult uniform_segments(double fill, const std::string& policy) {
  WaOptions options;
  options.pages_per_block = 512;
  options.blocks = 1024;
  options.spare_factor = 1.0 - fill;
  options.policy = policy;
  options.warmup = 3.0;
  options.host_writes = 6.0;
  options.seed = 2021;
  return run_wa(options);
}

class ReproductionMdcUniformUpdates : public ::testing::TestWithParam<Table1Row> {};

TEST_P(ReproductionMdcUniformUpdates, AgeAndGreedyEmptinessMatchTheTable) {
  const Table1Row row = GetParam();
  const double fifo_e = 1.0 - uniform_segments(row.fill, "fifo").mean_valid_fraction_of_victims;
  const double greedy_e = 1.0 - uniform_segments(row.fill, "greedy").mean_valid_fraction_of_victims;
  EXPECT_NEAR(fifo_e, row.e_analysis, 0.01) << "F = " << row.fill;
  EXPECT_NEAR(greedy_e, row.e_mdc_opt, 0.01) << "F = " << row.fill;
  // eq. 4, E = 1 - exp(-E / F), solved by fixed-point iteration: the table's E column unrounded
  double e = 0.5;
  for (int i = 0; i < 200; ++i) e = 1.0 - std::exp(-e / row.fill);
  EXPECT_NEAR(fifo_e, e, 0.01) << "F = " << row.fill << " eq. 4 gives " << e;
}

INSTANTIATE_TEST_SUITE_P(FillFactors, ReproductionMdcUniformUpdates,
                         ::testing::Values(Table1Row{0.95, 0.094, 0.097}, Table1Row{0.90, 0.19, 0.192},
                                           Table1Row{0.85, 0.29, 0.283}, Table1Row{0.80, 0.375, 0.370},
                                           Table1Row{0.75, 0.45, 0.453}, Table1Row{0.70, 0.53, 0.532},
                                           Table1Row{0.65, 0.60, 0.606}, Table1Row{0.60, 0.67, 0.675},
                                           Table1Row{0.55, 0.74, 0.738}, Table1Row{0.50, 0.80, 0.796}));

struct Table2Row {
  double hot_updates;  // r: fraction of updates going to ...
  double hot_data;     // f: ... this fraction of the data
  double min_cost;
  double mdc_opt_cost;
};

// 512-page segments, user and GC writes in separate segments, cleaning at `free_segments` free.
WaOptions segments(std::uint64_t blocks, double spare_factor, const std::string& policy, const std::string& workload,
                   std::uint32_t free_segments, std::uint32_t victims_per_cycle, double warmup, double host_writes) {
  WaOptions options;
  options.pages_per_block = 512;
  options.blocks = blocks;
  options.spare_factor = spare_factor;
  options.policy = policy;
  options.frontier = "double";
  options.workload = workload;
  options.gc_low_watermark_blocks = free_segments;
  options.gc_high_watermark_blocks = free_segments;
  options.gc_victims_per_cycle = victims_per_cycle;
  options.warmup = warmup;
  options.host_writes = host_writes;
  options.seed = 2021;
  return options;
}

double hot_cold_cost(const Table2Row& row, const std::string& policy,
                     const std::map<std::string, std::string>& params = {}, const std::string& frontier = "double") {
  WaOptions options = segments(2048, 0.2, policy,
                               "hotcold:r=" + std::to_string(row.hot_updates) + ",f=" + std::to_string(row.hot_data),
                               1, 64, 4.0, 4.0);
  options.params = params;
  options.frontier = frontier;
  return 2.0 * run_wa(options).write_amplification;
}

class ReproductionMdcHotCold : public ::testing::TestWithParam<Table2Row> {};

TEST_P(ReproductionMdcHotCold, MdcBeatsGreedyAndApproachesMdcOpt) {
  const Table2Row row = GetParam();
  const double mdc = hot_cold_cost(row, "mdc");
  const double greedy = hot_cold_cost(row, "greedy");
  const bool skewed = row.hot_updates != row.hot_data;
  if (skewed) {
    EXPECT_LT(mdc, greedy) << row.hot_updates << ":" << row.hot_data;
  }
  EXPECT_LT(mdc, row.mdc_opt_cost * 1.11) << row.hot_updates << ":" << row.hot_data << " mdc " << mdc;
  EXPECT_GT(mdc, row.min_cost * 0.97) << "below the analytical minimum: " << mdc;
}

TEST_P(ReproductionMdcHotCold, ExactFrequenciesReproduceMdcOpt) {
  const Table2Row row = GetParam();
  const double grouped = hot_cold_cost(row, "mdc", {{"oracle", "1"}, {"frontiers", "2"}}, "hot-cold");
  const double sorted = hot_cold_cost(row, "mdc", {{"oracle", "1"}});
  const double mdc = hot_cold_cost(row, "mdc");
  EXPECT_NEAR(grouped / row.mdc_opt_cost, 1.0, 0.04) << row.hot_updates << ":" << row.hot_data << " " << grouped;
  EXPECT_LT(mdc, sorted * 1.06) << row.hot_updates << ":" << row.hot_data << " mdc " << mdc << ", oracle " << sorted;
  EXPECT_LE(sorted, mdc) << "exact frequencies cannot do worse than their estimate here";
}

INSTANTIATE_TEST_SUITE_P(HotColdSplitsAtF08, ReproductionMdcHotCold,
                         ::testing::Values(Table2Row{0.9, 0.1, 2.96, 2.96}, Table2Row{0.8, 0.2, 4.00, 3.99},
                                           Table2Row{0.7, 0.3, 4.80, 4.76}, Table2Row{0.6, 0.4, 5.23, 5.23},
                                           Table2Row{0.5, 0.5, 5.38, 5.38}));

WaResult zipf_run(double theta, double fill, const std::string& policy,
                  const std::map<std::string, std::string>& params = {}) {
  WaOptions options = segments(512, 1.0 - fill, policy, "zipf:theta=" + std::to_string(theta), 2, 16, 10.0, 20.0);
  options.params = params;
  return run_wa(options);
}

TEST(ReproductionMdcZipf, Theta135MdcIsLowestPerWriteIssuedAndItsBufferExplainsThePerProgramFigure) {
  const WaResult mdc = zipf_run(1.35, 0.9, "mdc");
  const WaResult greedy = zipf_run(1.35, 0.9, "greedy");
  const WaResult cost_benefit = zipf_run(1.35, 0.9, "cost-benefit");
  const WaResult age = zipf_run(1.35, 0.9, "fifo");
  const double issued = mdc.extra_writes_per_issued_host_write;
  EXPECT_LT(issued, 0.5 * greedy.extra_writes_per_issued_host_write) << issued;
  EXPECT_LT(issued, 0.5 * cost_benefit.extra_writes_per_issued_host_write) << issued;
  EXPECT_LT(issued, 0.5 * age.extra_writes_per_issued_host_write) << issued;
  EXPECT_GT(static_cast<double>(mdc.host_writes_absorbed), 0.9 * 20.0 * mdc.logical_pages);
  EXPECT_GT(mdc.extra_writes_per_user_write, 1.5 * greedy.extra_writes_per_user_write)
      << "per page programmed: the buffer leaves mdc the cold tail of the stream";
  const WaResult unbuffered = zipf_run(1.35, 0.9, "mdc", {{"sort_buffer_segments", "0"}});
  EXPECT_EQ(unbuffered.host_writes_absorbed, 0u);
  EXPECT_LT(unbuffered.extra_writes_per_user_write, 0.85 * greedy.extra_writes_per_user_write)
      << "the same programmed stream as greedy";
  const WaResult oracle = zipf_run(1.35, 0.9, "mdc-oracle");
  EXPECT_LT(oracle.extra_writes_per_user_write, 0.9 * mdc.extra_writes_per_user_write);
}

TEST(ReproductionMdcZipf, Theta099MdcIsBelowGreedyAndAgeByEitherCount) {
  const WaResult mdc = zipf_run(0.99, 0.8, "mdc");
  const WaResult greedy = zipf_run(0.99, 0.8, "greedy");
  const WaResult age = zipf_run(0.99, 0.8, "fifo");
  const WaResult unbuffered = zipf_run(0.99, 0.8, "mdc", {{"sort_buffer_segments", "0"}});
  EXPECT_LT(mdc.extra_writes_per_user_write, 0.85 * greedy.extra_writes_per_user_write);
  EXPECT_LT(mdc.extra_writes_per_issued_host_write, 0.5 * greedy.extra_writes_per_issued_host_write);
  EXPECT_LT(greedy.extra_writes_per_user_write, 0.65 * age.extra_writes_per_user_write);
  EXPECT_LT(unbuffered.extra_writes_per_user_write, 0.9 * greedy.extra_writes_per_user_write);
}

}  // namespace
}  // namespace ssdtlm
