// The spec parser and the factory of address distributions (the contract is in the header).
// Uniform and hot/cold are a line each and live here; Zipf's sampler and the scattering
// permutation have their own files.
#include "models/host/workload/address_distribution.h"

#include <algorithm>
#include <cmath>

#include "models/common/config/config_error.h"
#include "models/host/workload/scatter_permutation.h"
#include "models/host/workload/spec_text.h"
#include "models/host/workload/zipf_rank_sampler.h"

namespace ssdtlm {
namespace {

constexpr const char* kSpecForms = "uniform, hotcold:r=R,f=F or zipf:theta=T";

// Fixed so that "zipf:theta=0.99" scatters its hot pages the same way in every run, every
// platform and the functional engine; the run's seed only drives which ranks are drawn.
constexpr std::uint64_t kZipfScatterKey = 0x5eed'0003'21f0'9c4bull;

class UniformDistribution final : public AddressDistribution {
 public:
  explicit UniformDistribution(std::uint64_t count) : count_(count) {}
  std::uint64_t sample(Rng& rng) override { return rng.below(count_); }
  std::string describe() const override { return "uniform over " + std::to_string(count_) + " items"; }
  bool item_probabilities(std::vector<float>& out) const override {
    out.assign(count_, static_cast<float>(1.0 / static_cast<double>(count_)));
    return true;
  }

 private:
  std::uint64_t count_;
};

// The Rosenblum hot/cold model of seeds 002 and 003: the first `hot_count` items take a
// fraction r of the accesses, uniformly among themselves; the rest share 1 - r.
class HotColdDistribution final : public AddressDistribution {
 public:
  HotColdDistribution(std::uint64_t count, double hot_access_fraction, double hot_space_fraction)
      : count_(count), hot_access_fraction_(hot_access_fraction), hot_space_fraction_(hot_space_fraction) {
    // Round to the nearest item but keep both parts non-empty, or r would be meaningless.
    const double hot = std::round(hot_space_fraction * static_cast<double>(count));
    hot_count_ = static_cast<std::uint64_t>(std::max(1.0, hot));
    if (count_ >= 2) hot_count_ = std::min(hot_count_, count_ - 1);
    if (count_ < 2) hot_count_ = count_;
  }
  std::uint64_t sample(Rng& rng) override {
    if (hot_count_ == count_ || rng.uniform01() < hot_access_fraction_) {
      return rng.below(hot_count_);
    }
    return hot_count_ + rng.below(count_ - hot_count_);
  }
  std::string describe() const override {
    return "hotcold:r=" + spec::format_number(hot_access_fraction_) +
           ",f=" + spec::format_number(hot_space_fraction_) + " over " + std::to_string(count_) + " items (" +
           std::to_string(hot_count_) + " hot)";
  }
  bool item_probabilities(std::vector<float>& out) const override {
    const double cold_count = static_cast<double>(count_ - hot_count_);
    const double hot = hot_count_ == count_ ? 1.0 / static_cast<double>(count_)
                                            : hot_access_fraction_ / static_cast<double>(hot_count_);
    const double cold = cold_count > 0 ? (1.0 - hot_access_fraction_) / cold_count : 0.0;
    out.assign(count_, static_cast<float>(cold));
    std::fill(out.begin(), out.begin() + static_cast<std::ptrdiff_t>(hot_count_), static_cast<float>(hot));
    return true;
  }

 private:
  std::uint64_t count_;
  double hot_access_fraction_;
  double hot_space_fraction_;
  std::uint64_t hot_count_;
};

class ZipfDistribution final : public AddressDistribution {
 public:
  ZipfDistribution(std::uint64_t count, double theta)
      : ranks_(count, theta), scatter_(count, kZipfScatterKey) {}
  std::uint64_t sample(Rng& rng) override { return scatter_(ranks_.sample(rng)); }
  std::string describe() const override {
    return "zipf:theta=" + spec::format_number(ranks_.theta()) + " over " + std::to_string(ranks_.count()) +
           " items (ranks scattered)";
  }
  // Rank k (0-based) has probability (k + 1)^-theta / H, H the sum over all ranks.
  bool item_probabilities(std::vector<float>& out) const override {
    const std::uint64_t count = ranks_.count();
    out.assign(count, 0.0f);
    double sum = 0.0;
    for (std::uint64_t k = count; k-- > 0;) sum += std::pow(static_cast<double>(k + 1), -ranks_.theta());
    for (std::uint64_t k = 0; k < count; ++k) {
      out[scatter_(k)] = static_cast<float>(std::pow(static_cast<double>(k + 1), -ranks_.theta()) / sum);
    }
    return true;
  }

 private:
  ZipfRankSampler ranks_;
  ScatterPermutation scatter_;
};

// Reads the parameters after "name:" and insists on exactly the expected keys.
std::vector<spec::KeyValue> parameters_of(const std::string& spec, std::size_t colon,
                                          const std::vector<std::string>& expected_keys,
                                          const std::string& where) {
  const std::string name = spec.substr(0, colon);
  const std::string form = name + ":" + [&] {
    std::string keys;
    for (const auto& key : expected_keys) keys += (keys.empty() ? "" : ",") + key + "=...";
    return keys;
  }();
  if (colon == std::string::npos) {
    throw config_error(where, "'" + name + "' needs parameters: expected " + form);
  }
  auto items = spec::split_key_values(std::string_view(spec).substr(colon + 1), ',', where);
  for (const auto& item : items) {
    if (std::find(expected_keys.begin(), expected_keys.end(), item.key) == expected_keys.end() ||
        !item.has_value) {
      throw config_error(where, "unknown parameter '" + item.key + "' in '" + spec + "': expected " + form);
    }
  }
  for (const auto& key : expected_keys) {
    if (std::none_of(items.begin(), items.end(), [&](const auto& item) { return item.key == key; })) {
      throw config_error(where, "missing parameter '" + key + "' in '" + spec + "': expected " + form);
    }
  }
  return items;
}

double value_of(const std::vector<spec::KeyValue>& items, const std::string& key, const std::string& where) {
  for (const auto& item : items) {
    if (item.key == key) return spec::parse_number(item.value, where + " " + key);
  }
  return 0;  // parameters_of() guarantees presence
}

}  // namespace

std::unique_ptr<AddressDistribution> make_address_distribution(const std::string& spec, std::uint64_t count,
                                                               const std::string& where) {
  if (count == 0) {
    throw config_error(where, "the address space of '" + spec + "' is empty (0 items)");
  }
  const std::size_t colon = spec.find(':');
  const std::string name = spec.substr(0, colon);
  if (name == "uniform") {
    if (colon != std::string::npos) {
      throw config_error(where, "'uniform' takes no parameters, got '" + spec + "'");
    }
    return std::make_unique<UniformDistribution>(count);
  }
  if (name == "hotcold") {
    const auto items = parameters_of(spec, colon, {"r", "f"}, where);
    const double r = value_of(items, "r", where);
    const double f = value_of(items, "f", where);
    if (r < 0.0 || r > 1.0) {
      throw config_error(where + " r",
                         "expected a fraction of accesses in [0, 1], got " + spec::format_number(r));
    }
    if (f <= 0.0 || f >= 1.0) {
      throw config_error(where + " f",
                         "expected a fraction of the space in (0, 1), got " + spec::format_number(f));
    }
    return std::make_unique<HotColdDistribution>(count, r, f);
  }
  if (name == "zipf") {
    const auto items = parameters_of(spec, colon, {"theta"}, where);
    const double theta = value_of(items, "theta", where);
    if (!(theta > 0.0) || theta > 100.0) {
      throw config_error(
          where + " theta",
          "expected a Zipf exponent in (0, 100] (theta = 0 is 'uniform'), got " + spec::format_number(theta));
    }
    return std::make_unique<ZipfDistribution>(count, theta);
  }
  throw config_error(where, "unknown address distribution '" + spec + "': expected " + kSpecForms);
}

}  // namespace ssdtlm
