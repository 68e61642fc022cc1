#pragma once
// Latency distribution of one kind of request with memory independent of the request count:
// exact count, mean, standard deviation (Welford), min and max, and percentiles from a
// Boost.Histogram over a logarithmic axis (200 bins per decade from 1 ns to 1000 s, so a
// percentile is within 0.6% of the exact order statistic).
#include <cstdint>

#include <boost/histogram.hpp>
#include <nlohmann/json.hpp>

namespace ssdtlm {

class LatencyStatistics {
 public:
  LatencyStatistics();
  void record(double latency_ns);
  std::uint64_t count() const { return count_; }
  double mean_ns() const { return mean_; }
  double stddev_ns() const;
  double min_ns() const { return count_ ? min_ : 0.0; }
  double max_ns() const { return max_; }
  // q in [0, 1]; interpolated inside the histogram bin, clamped to [min, max].
  double quantile_ns(double q) const;
  // {"mean","p50","p90","p99","p999","p9999","max","min","stddev"} in microseconds.
  nlohmann::json to_json_us() const;
  // The distribution in log-spaced bins of 10 per decade (edges at 10^(k/10) ns, each the union
  // of 20 bins of the fine histogram, so counts are exact), from the first to the last non-empty
  // bin: {"edges": [n + 1 bin edges in us], "counts": [n counts]}; empty lists with no sample.
  nlohmann::json histogram_json_us() const;
  static constexpr unsigned kHistogramBinsPerDecade = 10;

 private:
  using Axis = boost::histogram::axis::regular<double, boost::histogram::axis::transform::log>;
  using Histogram = decltype(boost::histogram::make_histogram(std::declval<Axis>()));
  Histogram histogram_;
  std::uint64_t count_ = 0;
  double mean_ = 0.0;
  double m2_ = 0.0;
  double min_ = 0.0;
  double max_ = 0.0;
};

}  // namespace ssdtlm
