#pragma once
// Zipf ranks in O(1) expected time and O(1) memory by rejection-inversion (Hörmann and
// Derflinger, "Rejection-inversion to generate variates from monotone discrete
// distributions", 1996). Chosen over an alias table because the table would take 12+ bytes
// per logical page, and over the Gray et al. closed form because that one is only
// approximate and breaks at theta = 1. Any theta > 0 works, theta = 1 included.
#include <cstdint>

#include "models/common/rng.h"

namespace ssdtlm {

class ZipfRankSampler {
 public:
  // P(rank k) ~ 1 / (k + 1)^theta for k in [0, count). Requires count >= 1, theta > 0.
  ZipfRankSampler(std::uint64_t count, double theta);

  std::uint64_t sample(Rng& rng) const;  // 0 is the most frequent rank

  std::uint64_t count() const { return count_; }
  double theta() const { return theta_; }

 private:
  double h(double x) const;           // the density 1 / x^theta
  double h_integral(double x) const;  // its antiderivative, continuous at theta = 1
  double h_integral_inverse(double x) const;

  std::uint64_t count_;
  double theta_;
  double h_integral_x1_;
  double h_integral_count_;
  double squeeze_;  // accept without the second test when k - x <= squeeze_
};

}  // namespace ssdtlm
