#include "models/host/workload/zipf_rank_sampler.h"

#include <cmath>

namespace ssdtlm {
namespace {

// log1p(x) / x and expm1(x) / x, with their Taylor series near 0 where the quotient would
// lose all precision: this is what keeps theta = 1 (where 1 - theta = 0) exact.
double log1p_over_x(double x) {
  if (std::fabs(x) > 1e-8) return std::log1p(x) / x;
  return 1.0 - x * (0.5 - x * (1.0 / 3.0 - 0.25 * x));
}
double expm1_over_x(double x) {
  if (std::fabs(x) > 1e-8) return std::expm1(x) / x;
  return 1.0 + x * 0.5 * (1.0 + x * (1.0 / 3.0) * (1.0 + 0.25 * x));
}

}  // namespace

ZipfRankSampler::ZipfRankSampler(std::uint64_t count, double theta) : count_(count), theta_(theta) {
  h_integral_x1_ = h_integral(1.5) - 1.0;
  h_integral_count_ = h_integral(static_cast<double>(count_) + 0.5);
  squeeze_ = 2.0 - h_integral_inverse(h_integral(2.5) - h(2.0));
}

double ZipfRankSampler::h(double x) const {
  return std::exp(-theta_ * std::log(x));
}

double ZipfRankSampler::h_integral(double x) const {
  const double log_x = std::log(x);
  return expm1_over_x((1.0 - theta_) * log_x) * log_x;
}

double ZipfRankSampler::h_integral_inverse(double x) const {
  double t = x * (1.0 - theta_);
  if (t < -1.0) t = -1.0;  // rounding can push it just past the pole
  return std::exp(log1p_over_x(t) * x);
}

std::uint64_t ZipfRankSampler::sample(Rng& rng) const {
  const double count = static_cast<double>(count_);
  for (;;) {
    const double u = h_integral_count_ + rng.uniform01() * (h_integral_x1_ - h_integral_count_);
    const double x = h_integral_inverse(u);
    double k = std::floor(x + 0.5);
    if (k < 1.0) k = 1.0;
    if (k > count) k = count;
    if (k - x <= squeeze_ || u >= h_integral(k + 0.5) - h(k)) {
      return static_cast<std::uint64_t>(k) - 1;
    }
  }
}

}  // namespace ssdtlm
