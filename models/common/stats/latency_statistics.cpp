#include "models/common/stats/latency_statistics.h"

#include <algorithm>
#include <cmath>

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
      {"p999", quantile_ns(0.999) / 1000.0}, {"max", max_ns() / 1000.0},
      {"min", min_ns() / 1000.0},       {"stddev", stddev_ns() / 1000.0},
  };
}

}  // namespace ssdtlm
