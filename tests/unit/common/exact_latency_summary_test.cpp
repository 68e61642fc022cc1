// Exact latency statistics under fio's definitions: the percentile rank rule of fio's stat.c
// applied to the sorted samples, and the sample standard deviation.
#include <gtest/gtest.h>

#include <cmath>

#include "models/common/stats/exact_latency_summary.h"

namespace ssdtlm {
namespace {

TEST(ExactLatencySummaryTest, PercentileIsTheSmallestSampleWithAtLeastThatShareAtOrBelow) {
  // 1..100 ns in ps, shuffled: the p-th percentile of 100 samples is the ceil(p)-th smallest.
  std::vector<std::uint64_t> samples;
  for (std::uint64_t i = 100; i >= 1; --i) samples.push_back(i * 1000);
  const ExactLatencySummary s = summarize_latencies(samples, {1.0, 50.0, 50.5, 99.0, 99.99, 100.0});
  ASSERT_EQ(s.percentiles_ps.size(), 6u);
  EXPECT_EQ(s.percentiles_ps[0], 1000u);    // 1 % of 100 = 1 sample
  EXPECT_EQ(s.percentiles_ps[1], 50000u);   // 50 samples <= 50 ns
  EXPECT_EQ(s.percentiles_ps[2], 51000u);   // 50.5 samples needed: the 51st
  EXPECT_EQ(s.percentiles_ps[3], 99000u);
  EXPECT_EQ(s.percentiles_ps[4], 100000u);  // 99.99 samples needed: the 100th
  EXPECT_EQ(s.percentiles_ps[5], 100000u);
  EXPECT_EQ(s.min_ps, 1000u);
  EXPECT_EQ(s.max_ps, 100000u);
  EXPECT_DOUBLE_EQ(s.mean_ps, 50500.0);
  // Sample standard deviation of 1..100 (x 1000): sqrt(100 * 101 / 12) * 1000.
  EXPECT_NEAR(s.stddev_ps, std::sqrt(100.0 * 101.0 / 12.0) * 1000.0, 1e-6);
}

TEST(ExactLatencySummaryTest, RankFollowsFiosLongDoubleComparison) {
  EXPECT_EQ(fio_percentile_rank(50.0, 3), 2u);   // 1.5 -> 2
  EXPECT_EQ(fio_percentile_rank(0.0, 10), 1u);   // at least the smallest sample
  EXPECT_EQ(fio_percentile_rank(100.0, 10), 10u);
  // 99.9 % of 1000 is 999.0000000000000079 as fio evaluates it: the 1000th sample.
  const long double threshold = static_cast<long double>(99.9) / 100.0 * 1000.0L;
  EXPECT_EQ(fio_percentile_rank(99.9, 1000), threshold > 999.0L ? 1000u : 999u);
}

TEST(ExactLatencySummaryTest, NoSamplesGivesZerosAndNoPercentiles) {
  const ExactLatencySummary s = summarize_latencies({}, {50.0});
  EXPECT_EQ(s.count, 0u);
  EXPECT_EQ(s.min_ps, 0u);
  EXPECT_EQ(s.max_ps, 0u);
  EXPECT_TRUE(s.percentiles_ps.empty());
}

TEST(ExactLatencySummaryTest, OneSampleHasNoDeviation) {
  const ExactLatencySummary s = summarize_latencies({7000}, {1.0, 99.0});
  EXPECT_EQ(s.stddev_ps, 0.0);
  EXPECT_EQ(s.percentiles_ps, (std::vector<std::uint64_t>{7000, 7000}));
}

}  // namespace
}  // namespace ssdtlm
