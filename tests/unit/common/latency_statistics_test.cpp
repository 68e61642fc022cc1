// stats.json's latency figures: the p99.99 tail and the log-spaced histogram (10 bins per
// decade) that LatencyStatistics derives from its fine histogram.
#include "models/common/stats/latency_statistics.h"

#include <cmath>

#include <gtest/gtest.h>

namespace ssdtlm {
namespace {

// A bin of the fine histogram is 10^(1/200) wide: a quantile is within that ratio.
constexpr double kFineBinRatio = 1.0116;

TEST(LatencyStatisticsTest, P9999SeesTheRareTailThatP999Misses) {
  LatencyStatistics latency;
  for (int i = 0; i < 19997; ++i) latency.record(10'000.0);  // 10 us
  for (int i = 0; i < 3; ++i) latency.record(1'000'000.0);   // 1 ms: 1.5 in 10,000
  const nlohmann::json json = latency.to_json_us();
  ASSERT_TRUE(json.contains("p9999"));
  EXPECT_NEAR(json["p999"].get<double>(), 10.0, 10.0 * (kFineBinRatio - 1));
  EXPECT_LE(json["p9999"].get<double>(), 1000.0);
  EXPECT_GE(json["p9999"].get<double>(), 1000.0 / kFineBinRatio);
  EXPECT_DOUBLE_EQ(json["max"].get<double>(), 1000.0);
}

TEST(LatencyStatisticsTest, HistogramHasTenLogSpacedBinsPerDecadeFromFirstToLastNonEmpty) {
  LatencyStatistics latency;
  for (int i = 0; i < 5; ++i) latency.record(1'500.0);  // 1.5 us: bin [10^3.1, 10^3.2) ns
  for (int i = 0; i < 3; ++i) latency.record(150'000.0);  // 150 us: bin [10^5.1, 10^5.2) ns
  const nlohmann::json histogram = latency.histogram_json_us();
  const auto& edges = histogram["edges"];
  const auto& counts = histogram["counts"];
  ASSERT_EQ(counts.size(), 21u);  // bins 31 .. 51 of 10 per decade from 1 ns
  ASSERT_EQ(edges.size(), counts.size() + 1);
  EXPECT_DOUBLE_EQ(edges.front().get<double>(), std::pow(10.0, 3.1) / 1000.0);
  EXPECT_DOUBLE_EQ(edges.back().get<double>(), std::pow(10.0, 5.2) / 1000.0);
  for (std::size_t i = 1; i < edges.size(); ++i) {
    EXPECT_NEAR(edges[i].get<double>() / edges[i - 1].get<double>(), std::pow(10.0, 0.1), 1e-12);
  }
  EXPECT_EQ(counts.front().get<std::uint64_t>(), 5u);
  EXPECT_EQ(counts.back().get<std::uint64_t>(), 3u);
  std::uint64_t total = 0;
  for (const auto& n : counts) total += n.get<std::uint64_t>();
  EXPECT_EQ(total, latency.count());
}

TEST(LatencyStatisticsTest, HistogramOfNoSampleIsEmpty) {
  const nlohmann::json histogram = LatencyStatistics().histogram_json_us();
  EXPECT_TRUE(histogram["edges"].empty());
  EXPECT_TRUE(histogram["counts"].empty());
}

}  // namespace
}  // namespace ssdtlm
