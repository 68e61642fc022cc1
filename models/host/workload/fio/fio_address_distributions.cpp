#include "models/host/workload/fio/fio_address_distributions.h"

#include <algorithm>
#include <cmath>

#include "models/host/workload/scatter_permutation.h"
#include "models/host/workload/spec_text.h"

namespace ssdtlm {
namespace {

// Fixed, like the shared Zipf's: the same hot blocks in every run; the seed drives the draws.
constexpr std::uint64_t kScatterKey = 0x5eed'0024'f10d'15c7ull;

// fio's pareto: rank floor((count - 1) * u^(log h / log(1 - h))), u uniform in [0, 1).
class ParetoDistribution final : public AddressDistribution {
 public:
  ParetoDistribution(std::uint64_t count, double h)
      : count_(count), h_(h), power_(std::log(h) / std::log(1.0 - h)), scatter_(count, kScatterKey) {}
  std::uint64_t sample(Rng& rng) override {
    const double rank = static_cast<double>(count_ - 1) * std::pow(rng.uniform01(), power_);
    return scatter_(std::min(count_ - 1, static_cast<std::uint64_t>(rank)));
  }
  std::string describe() const override {
    return "pareto:" + spec::format_number(h_) + " over " + std::to_string(count_) + " items (ranks scattered)";
  }

 private:
  std::uint64_t count_;
  double h_;
  double power_;
  ScatterPermutation scatter_;
};

// fio's normal: the mean of 12 uniform draws over [0, count] (bell-shaped around the middle),
// plus a uniform deviation of width `deviation` percent of the range, halved while it would
// leave the range.
class NormalDistribution final : public AddressDistribution {
 public:
  static constexpr int kDraws = 12;
  NormalDistribution(std::uint64_t count, double deviation_percent)
      : count_(count), deviation_percent_(deviation_percent), scatter_(count, kScatterKey) {
    const double width = std::ceil(static_cast<double>(count) * deviation_percent / 100.0);
    width_ = std::min(static_cast<std::uint64_t>(width), count / 2);
  }
  std::uint64_t sample(Rng& rng) override {
    std::uint64_t sum = 0;
    for (int i = 0; i < kDraws; ++i) sum += rng.below(count_ + 1);
    std::int64_t rank = static_cast<std::int64_t>((sum + kDraws - 1) / kDraws);
    if (width_ != 0) {
      std::int64_t deviation =
          static_cast<std::int64_t>(rng.below(width_)) - static_cast<std::int64_t>(width_ / 2);
      while (rank + deviation >= static_cast<std::int64_t>(count_) || rank + deviation < 0) deviation /= 2;
      rank += deviation;
    }
    return scatter_(std::min<std::uint64_t>(static_cast<std::uint64_t>(rank), count_ - 1));
  }
  std::string describe() const override {
    return "normal:" + spec::format_number(deviation_percent_) + " over " + std::to_string(count_) +
           " items (ranks scattered)";
  }

 private:
  std::uint64_t count_;
  double deviation_percent_;
  std::uint64_t width_ = 0;
  ScatterPermutation scatter_;
};

// fio's zoned: zone i takes access_percent[i] of the accesses, uniformly over its
// range_percent[i] of the blocks; zones follow each other from the start of the range.
class ZonedDistribution final : public AddressDistribution {
 public:
  ZonedDistribution(std::uint64_t count, const std::vector<std::pair<double, double>>& zones) : count_(count) {
    double access = 0, range = 0;
    for (const auto& [access_percent, range_percent] : zones) {
      access += access_percent;
      const std::uint64_t start = static_cast<std::uint64_t>(std::floor(range / 100.0 * static_cast<double>(count)));
      range += range_percent;
      const std::uint64_t end = std::min<std::uint64_t>(
          count, static_cast<std::uint64_t>(std::floor(range / 100.0 * static_cast<double>(count))));
      if (access_percent > 0 && end > start) zones_.push_back({access / 100.0, start, end - start});
    }
    if (zones_.empty()) zones_.push_back({1.0, 0, count});
    zones_.back().cumulative_access = 1.0;
  }
  std::uint64_t sample(Rng& rng) override {
    const double pick = rng.uniform01();
    const Zone* zone = &zones_.back();
    for (const Zone& candidate : zones_) {
      if (pick < candidate.cumulative_access) {
        zone = &candidate;
        break;
      }
    }
    return zone->first + rng.below(zone->count);
  }
  std::string describe() const override {
    return "zoned over " + std::to_string(count_) + " items (" + std::to_string(zones_.size()) + " zones)";
  }

 private:
  struct Zone {
    double cumulative_access;
    std::uint64_t first;
    std::uint64_t count;
  };
  std::uint64_t count_;
  std::vector<Zone> zones_;
};

}  // namespace

std::unique_ptr<AddressDistribution> make_fio_address_distribution(const FioDistribution& distribution,
                                                                   std::uint64_t count, const std::string& where) {
  switch (distribution.kind) {
    case FioDistribution::Kind::Uniform:
      return make_address_distribution("uniform", count, where);
    case FioDistribution::Kind::Zipf:
      return make_address_distribution("zipf:theta=" + spec::format_number(distribution.parameter), count, where);
    case FioDistribution::Kind::Pareto:
      return std::make_unique<ParetoDistribution>(count, distribution.parameter);
    case FioDistribution::Kind::Normal:
      return std::make_unique<NormalDistribution>(count, distribution.parameter);
    case FioDistribution::Kind::Zoned:
      return std::make_unique<ZonedDistribution>(count, distribution.zones);
  }
  return nullptr;
}

}  // namespace ssdtlm
