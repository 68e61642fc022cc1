// GC rate limiter ([Weiss et al. 2015] section 4.3.2): the documented formula, start threshold,
// panic mode and the work-conserving cases.
#include <gtest/gtest.h>

#include "models/ftl/multi_reference/rate_limiter.h"

namespace ssdtlm::multi_reference {
namespace {

RateLimiterInputs inputs(std::uint32_t free_segments, double invalidity) {
  RateLimiterInputs in;
  in.free_segments = free_segments;
  in.total_segments = 100;
  in.candidate_invalidity = invalidity;
  in.gc_outstanding_blocks = 10;
  in.host_outstanding_blocks = 10;
  return in;
}

TEST(MultiReferenceRateLimiter, HostOwnsTheDeviceBelowTheStartThreshold) {
  const RateLimiter limiter(RateLimiterConfig{});
  const BandwidthShare s = limiter.share(inputs(51, 0.25));  // utilization 0.49
  EXPECT_FALSE(s.gc_active);
  EXPECT_EQ(s.host, 1.0);
  EXPECT_EQ(s.gc, 0.0);
  const BandwidthShare at = limiter.share(inputs(50, 0.25));  // 0.50: GC starts with share 0
  EXPECT_TRUE(at.gc_active);
  EXPECT_EQ(at.gc, 0.0);
}

TEST(MultiReferenceRateLimiter, SteadyStateShareHalfwayToPanicThenAllAtPanic) {
  const RateLimiter limiter(RateLimiterConfig{0.5, 2});  // u_panic = 0.98, band 0.48
  // free 26: u = 0.74, p = 0.5 -> GC gets 1 - v.
  EXPECT_NEAR(limiter.share(inputs(26, 0.25)).gc, 0.75, 1e-12);
  // free 38: u = 0.62, p = 0.25 -> 2 p (1 - v).
  EXPECT_NEAR(limiter.share(inputs(38, 0.25)).gc, 0.375, 1e-12);
  // free 14: u = 0.86, p = 0.75 -> (1 - v) + (2p - 1) v.
  EXPECT_NEAR(limiter.share(inputs(14, 0.25)).gc, 0.875, 1e-12);
  EXPECT_NEAR(limiter.share(inputs(14, 0.25)).host, 0.125, 1e-12);
  // Emptier candidates need less copying: lower GC share at the same free space.
  EXPECT_LT(limiter.share(inputs(26, 0.6)).gc, limiter.share(inputs(26, 0.25)).gc);
  const BandwidthShare panic = limiter.share(inputs(2, 0.25));
  EXPECT_TRUE(panic.panic);
  EXPECT_EQ(panic.host, 0.0);
  EXPECT_EQ(panic.gc, 1.0);
}

TEST(MultiReferenceRateLimiter, NoCleanerWorkGivesTheHostEverythingAndNoHostWorkGivesTheGc) {
  const RateLimiter limiter(RateLimiterConfig{});
  RateLimiterInputs no_gc = inputs(20, 0.25);
  no_gc.gc_outstanding_blocks = 0;
  EXPECT_EQ(limiter.share(no_gc).host, 1.0);
  RateLimiterInputs no_host = inputs(40, 0.25);
  no_host.host_outstanding_blocks = 0;
  EXPECT_EQ(limiter.share(no_host).gc, 1.0);
}

}  // namespace
}  // namespace ssdtlm::multi_reference
