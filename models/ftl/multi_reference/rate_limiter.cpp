#include "models/ftl/multi_reference/rate_limiter.h"

#include <algorithm>
#include <stdexcept>

namespace ssdtlm::multi_reference {

RateLimiter::RateLimiter(const RateLimiterConfig& config) : config_(config) {
  if (!(config.gc_start_utilization >= 0.0 && config.gc_start_utilization < 1.0)) {
    throw std::invalid_argument("RateLimiter: gc_start_utilization must be in [0, 1)");
  }
}

BandwidthShare RateLimiter::share(const RateLimiterInputs& in) const {
  if (in.total_segments == 0) throw std::invalid_argument("RateLimiter: total_segments must be > 0");
  const double total = in.total_segments;
  const double u = 1.0 - in.free_segments / total;
  const double u_panic = 1.0 - config_.panic_free_segments / total;
  BandwidthShare s;
  s.gc_active = u >= config_.gc_start_utilization;
  if (in.free_segments <= config_.panic_free_segments) {
    s.panic = true;
    s.gc_active = true;
    s.host = 0.0;
    s.gc = 1.0;
    return s;
  }
  if (!s.gc_active || in.gc_outstanding_blocks == 0) return s;
  if (in.host_outstanding_blocks == 0) {
    s.host = 0.0;
    s.gc = 1.0;
    return s;
  }
  const double band = u_panic - config_.gc_start_utilization;
  const double p = band > 0.0 ? std::clamp((u - config_.gc_start_utilization) / band, 0.0, 1.0) : 1.0;
  const double v = std::clamp(in.candidate_invalidity, 0.0, 1.0);
  s.gc = p <= 0.5 ? 2.0 * p * (1.0 - v) : (1.0 - v) + (2.0 * p - 1.0) * v;
  s.host = 1.0 - s.gc;
  return s;
}

}  // namespace ssdtlm::multi_reference
