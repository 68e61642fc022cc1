#pragma once
// Exact statistics of a set of latency samples, defined as fio defines them (stat.c): min, max,
// mean, the sample standard deviation (divisor n - 1) and percentiles by fio's rule, the
// smallest sample x such that at least p % of the samples are <= x. fio reads that rule off its
// log-bucketed histogram; here it is applied to the sorted samples themselves, so a percentile
// is one of the measured latencies, not a bucket's representative value.
#include <cstdint>
#include <vector>

namespace ssdtlm {

struct ExactLatencySummary {
  std::uint64_t count = 0;
  std::uint64_t min_ps = 0;
  std::uint64_t max_ps = 0;
  double mean_ps = 0.0;
  double stddev_ps = 0.0;                     // sample standard deviation; 0 with fewer than 2
  std::vector<std::uint64_t> percentiles_ps;  // one per requested percentile; empty without samples
};

// `percentiles` in percent (fio's percentile_list: 1.0, 99.9, ...), each in [0, 100].
// `samples_ps` is taken by value: it is sorted.
ExactLatencySummary summarize_latencies(std::vector<std::uint64_t> samples_ps, const std::vector<double>& percentiles);

// The rank (1-based) fio's rule picks among `count` sorted samples for percentile `percent`:
// the smallest k with k >= percent / 100 * count, evaluated as fio evaluates it (long double),
// and at least 1.
std::uint64_t fio_percentile_rank(double percent, std::uint64_t count);

}  // namespace ssdtlm
