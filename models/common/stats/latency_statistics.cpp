#include "models/common/stats/latency_statistics.h"

#include <algorithm>
#include <cmath>
#include <vector>

namespace ssdtlm {

namespace {
constexpr unsigned kBinsPerDecade = 200;
constexpr double kLowestNs = 1.0;
constexpr double kHighestNs = 1e12;
}  // namespace

LatencyStatistics::LatencyStatistics()
    : histogram_(boost::histogram::make_histogram(
          Axis(kBinsPerDecade * 12, kLowestNs, kHighestNs))) {}

void LatencyStatistics::record(double latency_ns) {
  histogram_(std::max(latency_ns, kLowestNs));
  ++count_;
  const double delta = latency_ns - mean_;
  mean_ += delta / static_cast<double>(count_);
  m2_ += delta * (latency_ns - mean_);
  if (count_ == 1 || latency_ns < min_) min_ = latency_ns;
  if (count_ == 1 || latency_ns > max_) max_ = latency_ns;
}

double LatencyStatistics::stddev_ns() const {
  return count_ > 1 ? std::sqrt(m2_ / static_cast<double>(count_)) : 0.0;
}

double LatencyStatistics::quantile_ns(double q) const {
  if (count_ == 0) return 0.0;
  const double target = q * static_cast<double>(count_);
  double seen = 0.0;
  for (auto&& bin : boost::histogram::indexed(histogram_, boost::histogram::coverage::all)) {
    const double in_bin = *bin;
    if (in_bin <= 0.0) continue;
    if (seen + in_bin >= target) {
      const double lower = bin.bin().lower();
      const double upper = bin.bin().upper();
      double value;
      if (!std::isfinite(lower) || !std::isfinite(upper)) {
        value = std::isfinite(lower) ? lower : upper;
      } else {
        // Geometric interpolation matches the log axis.
        const double fraction = (target - seen) / in_bin;
        value = lower * std::pow(upper / lower, fraction);
      }
      return std::clamp(value, min_, max_);
    }
    seen += in_bin;
  }
  return max_;
}

nlohmann::json LatencyStatistics::to_json_us() const {
  return {
      {"mean", mean_ns() / 1000.0},     {"p50", quantile_ns(0.50) / 1000.0},
      {"p90", quantile_ns(0.90) / 1000.0}, {"p99", quantile_ns(0.99) / 1000.0},
      {"p999", quantile_ns(0.999) / 1000.0}, {"p9999", quantile_ns(0.9999) / 1000.0},
      {"max", max_ns() / 1000.0},
      {"min", min_ns() / 1000.0},       {"stddev", stddev_ns() / 1000.0},
  };
}

nlohmann::json LatencyStatistics::histogram_json_us() const {
  static_assert(kBinsPerDecade % kHistogramBinsPerDecade == 0, "coarse bins are unions of fine bins");
  constexpr unsigned kFinePerCoarse = kBinsPerDecade / kHistogramBinsPerDecade;
  // Fine bin i (0-based, inside the axis) covers [10^(i/200), 10^((i+1)/200)) ns; the underflow
  // bin cannot fill (record() clamps to kLowestNs) and overflow (over 1000 s) joins the last bin.
  const int fine_bins = static_cast<int>(histogram_.axis(0).size());
  std::vector<std::uint64_t> counts(fine_bins / kFinePerCoarse, 0);
  for (auto&& bin : boost::histogram::indexed(histogram_, boost::histogram::coverage::all)) {
    const auto in_bin = static_cast<std::uint64_t>(static_cast<double>(*bin));
    if (in_bin == 0) continue;
    const int fine = std::clamp(bin.index(), 0, fine_bins - 1);
    counts[static_cast<std::size_t>(fine) / kFinePerCoarse] += in_bin;
  }
  nlohmann::json edges = nlohmann::json::array();
  nlohmann::json nonempty = nlohmann::json::array();
  const auto first = std::find_if(counts.begin(), counts.end(), [](std::uint64_t n) { return n != 0; });
  if (first == counts.end()) return {{"edges", edges}, {"counts", nonempty}};
  const auto last = std::find_if(counts.rbegin(), counts.rend(), [](std::uint64_t n) { return n != 0; }).base();
  const auto edge_us = [](std::size_t coarse) {
    return kLowestNs * std::pow(10.0, double(coarse) / kHistogramBinsPerDecade) / 1000.0;
  };
  for (auto it = first; it != last; ++it) {
    edges.push_back(edge_us(static_cast<std::size_t>(it - counts.begin())));
    nonempty.push_back(*it);
  }
  edges.push_back(edge_us(static_cast<std::size_t>(last - counts.begin())));
  return {{"edges", edges}, {"counts", nonempty}};
}

}  // namespace ssdtlm
