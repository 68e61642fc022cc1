// Address distributions: empirical frequencies against the exact probabilities, with the
// tolerance stated per test (5 standard deviations of a binomial proportion unless said
// otherwise, so a correct sampler fails about once in 3.5 million runs, and the seeds are
// fixed anyway), determinism per seed, and the error messages of bad specs.
#include "models/host/workload/address_distribution.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <vector>

#include "models/common/config/config_error.h"
#include "models/host/workload/scatter_permutation.h"
#include "models/host/workload/zipf_rank_sampler.h"
#include "tests/unit/host/config_error_message.h"

namespace ssdtlm {
namespace {

using ::testing::HasSubstr;

double five_sigma(double p, std::uint64_t samples) {
  return 5.0 * std::sqrt(p * (1.0 - p) / static_cast<double>(samples));
}

std::vector<std::uint64_t> histogram(AddressDistribution& distribution, std::uint64_t count,
                                     std::uint64_t samples, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<std::uint64_t> hits(count, 0);
  for (std::uint64_t i = 0; i < samples; ++i) {
    const std::uint64_t item = distribution.sample(rng);
    EXPECT_LT(item, count);
    if (item < count) ++hits[item];
  }
  return hits;
}

std::vector<double> zipf_probabilities(std::uint64_t count, double theta) {
  std::vector<double> p(count);
  double total = 0;
  for (std::uint64_t k = 0; k < count; ++k) total += p[k] = std::pow(double(k + 1), -theta);
  for (double& value : p) value /= total;
  return p;
}

TEST(AddressDistributionTest, UniformCoversEveryItemEvenly) {
  constexpr std::uint64_t kCount = 100, kSamples = 1'000'000;
  auto distribution = make_address_distribution("uniform", kCount, "test");
  const auto hits = histogram(*distribution, kCount, kSamples, 1);
  for (std::uint64_t item = 0; item < kCount; ++item) {
    EXPECT_NEAR(double(hits[item]) / kSamples, 0.01, five_sigma(0.01, kSamples)) << item;
  }
}

TEST(AddressDistributionTest, HotColdSendsFractionRToFirstFractionF) {
  constexpr std::uint64_t kCount = 1000, kSamples = 1'000'000;
  auto distribution = make_address_distribution("hotcold:r=0.8,f=0.2", kCount, "test");
  const auto hits = histogram(*distribution, kCount, kSamples, 2);
  std::uint64_t hot = 0;
  for (std::uint64_t item = 0; item < 200; ++item) hot += hits[item];
  EXPECT_NEAR(double(hot) / kSamples, 0.8, five_sigma(0.8, kSamples));
  // Uniform inside each part: compare the two halves of the hot and of the cold part.
  std::uint64_t hot_low = 0, cold_low = 0, cold = kSamples - hot;
  for (std::uint64_t item = 0; item < 100; ++item) hot_low += hits[item];
  for (std::uint64_t item = 200; item < 600; ++item) cold_low += hits[item];
  EXPECT_NEAR(double(hot_low) / hot, 0.5, five_sigma(0.5, hot));
  EXPECT_NEAR(double(cold_low) / cold, 0.5, five_sigma(0.5, cold));
}

TEST(AddressDistributionTest, HotColdKeepsBothPartsNonEmpty) {
  // f * count rounds to 0 hot items: one item must still be hot and take r of the accesses.
  auto distribution = make_address_distribution("hotcold:r=0.9,f=0.01", 10, "test");
  const auto hits = histogram(*distribution, 10, 100'000, 3);
  EXPECT_NEAR(double(hits[0]) / 100'000, 0.9, five_sigma(0.9, 100'000));
  auto single = make_address_distribution("hotcold:r=0.5,f=0.5", 1, "test");
  Rng rng(1);
  EXPECT_EQ(single->sample(rng), 0u);
}

class ZipfRankTest : public ::testing::TestWithParam<double> {};

TEST_P(ZipfRankTest, RankFrequenciesMatchThePowerLaw) {
  const double theta = GetParam();
  constexpr std::uint64_t kCount = 1000, kSamples = 2'000'000;
  ZipfRankSampler sampler(kCount, theta);
  Rng rng(4);
  std::vector<std::uint64_t> hits(kCount, 0);
  for (std::uint64_t i = 0; i < kSamples; ++i) {
    const auto rank = sampler.sample(rng);
    ASSERT_LT(rank, kCount);
    ++hits[rank];
  }
  const auto p = zipf_probabilities(kCount, theta);
  for (std::uint64_t k : {0, 1, 2, 3, 9, 99, 999}) {
    EXPECT_NEAR(double(hits[k]) / kSamples, p[k], five_sigma(p[k], kSamples))
        << "theta " << theta << " rank " << k;
  }
}

INSTANTIATE_TEST_SUITE_P(Thetas, ZipfRankTest, ::testing::Values(0.2, 0.5, 0.99, 1.0, 1.2, 2.0));

TEST(AddressDistributionTest, ZipfThroughTheFactoryHasTheRightSortedFrequencies) {
  // The scatter hides which item has which rank; sorted frequencies must still follow 1/k^θ.
  constexpr std::uint64_t kCount = 500, kSamples = 1'000'000;
  auto distribution = make_address_distribution("zipf:theta=1", kCount, "test");
  auto hits = histogram(*distribution, kCount, kSamples, 5);
  std::sort(hits.begin(), hits.end(), std::greater<>());
  const auto p = zipf_probabilities(kCount, 1.0);
  for (std::uint64_t k : {0, 1, 2, 4, 9}) {
    EXPECT_NEAR(double(hits[k]) / kSamples, p[k], five_sigma(p[k], kSamples)) << k;
  }
}

TEST(AddressDistributionTest, ZipfHotItemsAreNotAdjacent) {
  constexpr std::uint64_t kCount = 1'000'000;
  ScatterPermutation scatter(kCount, 0x5eed'0003'21f0'9c4bull);
  std::vector<std::uint64_t> hottest;
  for (std::uint64_t rank = 0; rank < 16; ++rank) hottest.push_back(scatter(rank));
  std::sort(hottest.begin(), hottest.end());
  for (std::size_t i = 1; i < hottest.size(); ++i) {
    EXPECT_GT(hottest[i] - hottest[i - 1], 16u) << "ranks land next to each other";
  }
}

TEST(ScatterPermutationTest, IsABijectionForAnyCount) {
  for (std::uint64_t count : {1ull, 2ull, 3ull, 7ull, 64ull, 65ull, 1000ull, 4097ull, 100'003ull}) {
    ScatterPermutation scatter(count, 42);
    std::vector<bool> seen(count, false);
    for (std::uint64_t index = 0; index < count; ++index) {
      const auto value = scatter(index);
      ASSERT_LT(value, count);
      ASSERT_FALSE(seen[value]) << "count " << count << " value " << value << " hit twice";
      seen[value] = true;
    }
  }
}

TEST(AddressDistributionTest, SameSeedSameSequenceForEveryKind) {
  for (const char* spec : {"uniform", "hotcold:r=0.8,f=0.2", "zipf:theta=0.99"}) {
    auto a = make_address_distribution(spec, 12345, "test");
    auto b = make_address_distribution(spec, 12345, "test");
    Rng rng_a(77), rng_b(77);
    for (int i = 0; i < 1000; ++i) ASSERT_EQ(a->sample(rng_a), b->sample(rng_b)) << spec;
  }
}

TEST(AddressDistributionTest, HugeSpacesStayInRange) {
  const std::uint64_t count = 1ull << 40;
  for (const char* spec : {"uniform", "hotcold:r=0.8,f=0.2", "zipf:theta=0.99", "zipf:theta=1"}) {
    auto distribution = make_address_distribution(spec, count, "test");
    Rng rng(9);
    for (int i = 0; i < 10000; ++i) ASSERT_LT(distribution->sample(rng), count) << spec;
  }
}

TEST(AddressDistributionTest, DescribeNamesTheParameters) {
  EXPECT_THAT(make_address_distribution("hotcold:r=0.8,f=0.2", 1000, "t")->describe(),
              HasSubstr("hotcold:r=0.8,f=0.2"));
  EXPECT_THAT(make_address_distribution("zipf:theta=0.99", 1000, "t")->describe(),
              HasSubstr("zipf:theta=0.99"));
}

struct BadSpec {
  const char* spec;
  const char* message_part;
};

class BadAddressSpecTest : public ::testing::TestWithParam<BadSpec> {};

TEST_P(BadAddressSpecTest, IsAConfigErrorNamingWhere) {
  const std::string message =
      testing::config_error_message([] { make_address_distribution(GetParam().spec, 1000, "--workload"); });
  EXPECT_THAT(message, HasSubstr("--workload"));
  EXPECT_THAT(message, HasSubstr(GetParam().message_part));
}

INSTANTIATE_TEST_SUITE_P(
    Specs, BadAddressSpecTest,
    ::testing::Values(BadSpec{"", "unknown address distribution"},
                      BadSpec{"pareto:a=1", "expected uniform, hotcold"},
                      BadSpec{"uniform:x=1", "takes no parameters"}, BadSpec{"hotcold", "needs parameters"},
                      BadSpec{"hotcold:r=0.8", "missing parameter 'f'"},
                      BadSpec{"hotcold:r=0.8,f=0.2,g=1", "unknown parameter 'g'"},
                      BadSpec{"hotcold:r=1.5,f=0.2", "r: expected a fraction of accesses"},
                      BadSpec{"hotcold:r=0.8,f=1", "f: expected a fraction of the space"},
                      BadSpec{"hotcold:r=0.8,f=abc", "f: expected a number, got 'abc'"},
                      BadSpec{"hotcold:r=0.8,r=0.2", "given twice"},
                      BadSpec{"zipf:theta=0", "theta: expected a Zipf exponent"},
                      BadSpec{"zipf:theta=-1", "theta: expected a Zipf exponent"},
                      BadSpec{"zipf:theta=nan", "expected a number"},
                      BadSpec{"zipf:0.99", "unknown parameter '0.99'"}));

TEST(AddressDistributionTest, EmptySpaceIsRejected) {
  EXPECT_THROW(make_address_distribution("uniform", 0, "wa --blocks"), ConfigError);
}

}  // namespace
}  // namespace ssdtlm
