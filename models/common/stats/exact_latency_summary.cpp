#include "models/common/stats/exact_latency_summary.h"

#include <algorithm>
#include <cmath>

namespace ssdtlm {

std::uint64_t fio_percentile_rank(double percent, std::uint64_t count) {
  // fio: while (sum >= (long double) plist[j].u.f / 100.0 * nr) -- the same expression, so the
  // rank agrees with fio's in the cases where p / 100 * N is not exact in binary (99.9 % of 1000).
  const long double threshold = static_cast<long double>(percent) / 100.0 * static_cast<long double>(count);
  const auto rank = static_cast<std::uint64_t>(std::ceil(threshold));
  return std::clamp<std::uint64_t>(rank, 1, std::max<std::uint64_t>(count, 1));
}

ExactLatencySummary summarize_latencies(std::vector<std::uint64_t> samples_ps, const std::vector<double>& percentiles) {
  ExactLatencySummary summary;
  summary.count = samples_ps.size();
  if (samples_ps.empty()) return summary;
  std::sort(samples_ps.begin(), samples_ps.end());
  summary.min_ps = samples_ps.front();
  summary.max_ps = samples_ps.back();
  long double sum = 0.0;
  for (const std::uint64_t sample : samples_ps) sum += static_cast<long double>(sample);
  const long double mean = sum / static_cast<long double>(samples_ps.size());
  summary.mean_ps = static_cast<double>(mean);
  if (samples_ps.size() > 1) {
    long double squares = 0.0;
    for (const std::uint64_t sample : samples_ps) {
      const long double deviation = static_cast<long double>(sample) - mean;
      squares += deviation * deviation;
    }
    summary.stddev_ps = static_cast<double>(std::sqrt(squares / static_cast<long double>(samples_ps.size() - 1)));
  }
  summary.percentiles_ps.reserve(percentiles.size());
  for (const double percent : percentiles) {
    summary.percentiles_ps.push_back(samples_ps[fio_percentile_rank(percent, samples_ps.size()) - 1]);
  }
  return summary;
}

}  // namespace ssdtlm
