#pragma once
// The GC rate limiter ([Weiss et al. 2015] section 4.3.2): the fraction of the backing device's
// bandwidth given to host traffic and to the GC. The paper names its inputs (free segments,
// the invalidity of the candidate segments, the outstanding host and cleaner work), its shape
// (the GC share grows as free space drops, as long as the cleaner has useful work), the start
// at 50% utilization (section 5.1) and panic mode, but not the formula; this one is ours:
//
//   u       = 1 - free_segments / total_segments          (segment utilization)
//   u_panic = 1 - panic_free_segments / total_segments
//   panic   : free_segments <= panic_free_segments  -> host 0, GC 1 (host traffic suspended)
//   idle    : u < gc_start_utilization, or no cleaner work -> host 1, GC 0
//   no host work outstanding                          -> GC 1 (work conserving)
//   else    : p = (u - gc_start_utilization) / (u_panic - gc_start_utilization) in [0, 1]
//             v = candidate invalidity (dead fraction of the segments queued for cleaning)
//             GC = 2p (1 - v)              for p <= 1/2
//             GC = (1 - v) + (2p - 1) v    for p >  1/2
//
// Why: reclaiming a segment of invalidity v copies (1 - v) S blocks and frees v S, so GC
// keeps pace with the host exactly when it gets the share 1 - v of the bandwidth. The GC
// share ramps linearly from 0 at the start threshold to that steady-state share halfway to
// panic, then on to all of the bandwidth at the panic point: continuous, increasing as free
// space drops, and lower when candidates are emptier (cheaper to clean).
#include <cstdint>

namespace ssdtlm::multi_reference {

struct RateLimiterConfig {
  double gc_start_utilization = 0.5;  // [Weiss et al. 2015] section 5.1
  std::uint32_t panic_free_segments = 2;
};

struct RateLimiterInputs {
  std::uint32_t free_segments = 0;
  std::uint32_t total_segments = 0;
  double candidate_invalidity = 0.0;
  std::uint64_t gc_outstanding_blocks = 0;
  std::uint64_t host_outstanding_blocks = 0;
};

struct BandwidthShare {
  double host = 1.0;
  double gc = 0.0;
  bool gc_active = false;  // utilization is above the start threshold: the scanner runs
  bool panic = false;
};

class RateLimiter {
 public:
  explicit RateLimiter(const RateLimiterConfig& config);
  BandwidthShare share(const RateLimiterInputs& in) const;
  const RateLimiterConfig& config() const { return config_; }

 private:
  RateLimiterConfig config_;
};

}  // namespace ssdtlm::multi_reference
