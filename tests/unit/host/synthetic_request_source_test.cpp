// Synthetic request sources through make_request_source: the three workloads, op mix,
// arrival processes (exact for fixed, statistical for Poisson and bursty, tolerances of 5
// standard deviations), address patterns, sizes, stop conditions, determinism, and what only
// the device can reject.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <map>

#include "models/common/config/config_error.h"
#include "models/host/workload/request_source_factory.h"
#include "tests/unit/host/config_error_message.h"

namespace ssdtlm {
namespace {

using ::testing::HasSubstr;

constexpr std::uint64_t kDeviceBytes = 1ull << 30;  // 1 GiB
constexpr std::uint32_t kBlockBytes = 4096;

std::vector<HostRequest> drain(RequestSource& source, std::size_t limit = 10'000'000) {
  std::vector<HostRequest> requests;
  HostRequest request;
  while (requests.size() < limit && source.next(request)) requests.push_back(request);
  return requests;
}

std::vector<HostRequest> generate(const std::string& compact, std::uint64_t seed = 1,
                                  std::uint64_t device_bytes = kDeviceBytes) {
  auto source =
      make_request_source(parse_workload_spec(compact, "--workload"), device_bytes, kBlockBytes, seed);
  return drain(*source);
}

double five_sigma(double p, std::size_t n) {
  return 5.0 * std::sqrt(p * (1 - p) / double(n));
}

TEST(SyntheticSourceTest, RandomReadQd1) {
  auto source = make_request_source(parse_workload_spec("random-read:qd=1,count=2000,size=4KiB", "w"),
                                    kDeviceBytes, kBlockBytes, 1);
  EXPECT_EQ(source->arrival_mode(), ArrivalMode::ClosedLoop);
  EXPECT_EQ(source->queue_depth(), 1u);
  const auto requests = drain(*source);
  ASSERT_EQ(requests.size(), 2000u);
  for (std::size_t i = 0; i < requests.size(); ++i) {
    const HostRequest& r = requests[i];
    EXPECT_EQ(r.id, i);
    EXPECT_EQ(r.op, HostOp::Read);
    EXPECT_EQ(r.size_bytes, 4096u);
    EXPECT_EQ(r.offset_bytes % 4096, 0u);
    EXPECT_LE(r.offset_bytes + r.size_bytes, kDeviceBytes);
    EXPECT_EQ(r.arrival_ns, 0u);
  }
  HostRequest extra;
  EXPECT_FALSE(source->next(extra));
  EXPECT_THAT(source->describe(), HasSubstr("random-read:size=4KiB,qd=1,count=2000"));
}

TEST(SyntheticSourceTest, RandomWriteQd4) {
  auto source = make_request_source(parse_workload_spec("random-write:qd=4,count=2000,size=4KiB", "w"),
                                    kDeviceBytes, kBlockBytes, 1);
  EXPECT_EQ(source->queue_depth(), 4u);
  const auto requests = drain(*source);
  ASSERT_EQ(requests.size(), 2000u);
  for (const auto& r : requests) EXPECT_EQ(r.op, HostOp::Write);
}

TEST(SyntheticSourceTest, MixedQd8HasThirtyPercentReads) {
  const auto requests = generate("mixed:qd=8,count=20000,read=0.3,size=4KiB");
  ASSERT_EQ(requests.size(), 20000u);
  std::size_t reads = 0;
  for (const auto& r : requests) reads += r.op == HostOp::Read;
  EXPECT_NEAR(double(reads) / 20000, 0.3, five_sigma(0.3, 20000));
}

TEST(SyntheticSourceTest, SameSeedSameRequestsOtherSeedOthers) {
  const auto a = generate("mixed:count=500,size=4KiB:1/16KiB:1,dist=zipf:theta=0.9", 7);
  const auto b = generate("mixed:count=500,size=4KiB:1/16KiB:1,dist=zipf:theta=0.9", 7);
  const auto c = generate("mixed:count=500,size=4KiB:1/16KiB:1,dist=zipf:theta=0.9", 8);
  const auto d = generate("mixed:count=500,size=4KiB:1/16KiB:1,dist=zipf:theta=0.9,seed_offset=1", 7);
  ASSERT_EQ(a.size(), 500u);
  std::size_t same_as_c = 0, same_as_d = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    EXPECT_EQ(a[i].offset_bytes, b[i].offset_bytes);
    EXPECT_EQ(a[i].op, b[i].op);
    EXPECT_EQ(a[i].size_bytes, b[i].size_bytes);
    same_as_c += a[i].offset_bytes == c[i].offset_bytes;
    same_as_d += a[i].offset_bytes == d[i].offset_bytes;
  }
  EXPECT_LT(same_as_c, 100u);
  EXPECT_LT(same_as_d, 100u);
}

TEST(SyntheticSourceTest, ArrivalProcessDoesNotChangeTheAddresses) {
  const auto closed = generate("random-write:count=300,size=4KiB");
  const auto open = generate("random-write:count=300,size=4KiB,rate=1000");
  ASSERT_EQ(closed.size(), open.size());
  for (std::size_t i = 0; i < closed.size(); ++i) EXPECT_EQ(closed[i].offset_bytes, open[i].offset_bytes);
}

TEST(SyntheticSourceTest, FixedArrivalsAreExact) {
  auto source = make_request_source(parse_workload_spec("random-read:arrival=fixed,rate=3,count=7", "w"),
                                    kDeviceBytes, kBlockBytes, 1);
  EXPECT_EQ(source->arrival_mode(), ArrivalMode::OpenLoop);
  const auto requests = drain(*source);
  ASSERT_EQ(requests.size(), 7u);
  for (std::size_t k = 0; k < requests.size(); ++k) {
    // k / 3 s, floored to whole ns: no drift from accumulating 333333333.33 ns gaps.
    EXPECT_EQ(requests[k].arrival_ns, static_cast<std::uint64_t>(double(k) * (1e9 / 3)));
  }
}

TEST(SyntheticSourceTest, PoissonArrivalsHaveTheConfiguredRate) {
  constexpr std::size_t kCount = 100'000;
  const auto requests = generate("random-read:rate=50k,count=100000,size=4KiB");
  ASSERT_EQ(requests.size(), kCount);
  const double mean_gap_ns = double(requests.back().arrival_ns) / kCount;
  // The mean of n exponential gaps has standard deviation mean / sqrt(n).
  EXPECT_NEAR(mean_gap_ns, 20'000.0, 5 * 20'000.0 / std::sqrt(double(kCount)));
  // Coefficient of variation of exponential gaps is 1.
  double sum_squares = 0;
  for (std::size_t i = 1; i < kCount; ++i) {
    const double gap = double(requests[i].arrival_ns - requests[i - 1].arrival_ns) - mean_gap_ns;
    sum_squares += gap * gap;
  }
  EXPECT_NEAR(std::sqrt(sum_squares / kCount) / mean_gap_ns, 1.0, 0.02);
}

TEST(SyntheticSourceTest, BurstyArrivalsOnlyInOnPeriodsAtTheRate) {
  // 2 ms on, 8 ms off, 1M IOPS while on: 2000 requests per burst on average.
  const auto requests = generate("random-write:arrival=bursty,rate=1M,on=2ms,off=8ms,time=100ms,size=4KiB");
  ASSERT_FALSE(requests.empty());
  for (const auto& r : requests) {
    EXPECT_LT(r.arrival_ns % 10'000'000, 2'000'000u) << r.arrival_ns << " falls into an off period";
    EXPECT_LT(r.arrival_ns, 100'000'000u);
  }
  const double expected = 10 * 2000.0;  // ten bursts in 100 ms
  EXPECT_NEAR(double(requests.size()), expected, 5 * std::sqrt(expected));
}

TEST(SyntheticSourceTest, TimeLimitStopsOpenLoopAndIsReportedForClosedLoop) {
  const auto open = generate("random-read:rate=1000,time=1s,size=4KiB");
  EXPECT_NEAR(double(open.size()), 1000.0, 5 * std::sqrt(1000.0));
  for (const auto& r : open) EXPECT_LT(r.arrival_ns, 1'000'000'000u);
  auto closed = make_request_source(parse_workload_spec("random-read:qd=2,time=10ms", "w"), kDeviceBytes,
                                    kBlockBytes, 1);
  EXPECT_EQ(closed->stop_after_ns(), 10'000'000u);
  EXPECT_EQ(drain(*closed, 50'000).size(), 50'000u);  // the host stops it, not the source
}

TEST(SyntheticSourceTest, SequentialRunsThroughTheRangeAndWraps) {
  // Range: the second quarter of a 1 MiB device, 64 KiB requests: 4 requests per lap.
  const auto requests = generate("sequential-write:size=64KiB,count=10,range=25%:25%", 1, 1 << 20);
  ASSERT_EQ(requests.size(), 10u);
  for (std::size_t i = 0; i < requests.size(); ++i) {
    EXPECT_EQ(requests[i].offset_bytes, (256u << 10) + (i % 4) * (64u << 10)) << i;
  }
}

TEST(SyntheticSourceTest, RandomOffsetsAreMultiplesOfTheRequestSizeInsideTheRange) {
  const auto requests = generate("random-read:size=64KiB,count=2000,range=1MiB:4MiB");
  for (const auto& r : requests) {
    EXPECT_EQ(r.offset_bytes % (64u << 10), 0u);
    EXPECT_GE(r.offset_bytes, 1u << 20);
    EXPECT_LE(r.offset_bytes + r.size_bytes, 5u << 20);
  }
}

TEST(SyntheticSourceTest, SequentialFractionContinuesThePreviousRequest) {
  const auto requests = generate("random-write:size=8KiB,seq=0.25,count=20000");
  std::size_t continued = 0;
  for (std::size_t i = 1; i < requests.size(); ++i) {
    if (requests[i].offset_bytes == requests[i - 1].offset_bytes + requests[i - 1].size_bytes) ++continued;
  }
  const double p = double(continued) / double(requests.size() - 1);
  // A uniform draw lands right after the previous request once in 131072 slots: negligible.
  EXPECT_NEAR(p, 0.25, five_sigma(0.25, requests.size() - 1));
  // seq=1: one random start, then strictly in order.
  const auto sequential = generate("random-write:size=8KiB,seq=1,count=100");
  for (std::size_t i = 1; i < sequential.size(); ++i) {
    EXPECT_EQ(sequential[i].offset_bytes, sequential[i - 1].offset_bytes + 8192) << i;
  }
  // The requests seq= leaves random are where seq=0 puts them (their own address stream).
  const auto plain = generate("random-write:size=8KiB,count=20000");
  std::size_t drawn = 0, same = 0;
  for (std::size_t i = 1; i < requests.size(); ++i) {
    if (requests[i].offset_bytes == requests[i - 1].offset_bytes + requests[i - 1].size_bytes) continue;
    same += requests[i].offset_bytes == plain[drawn + 1].offset_bytes ? 1 : 0;
    ++drawn;
  }
  EXPECT_GT(same, drawn * 99 / 100);
}

TEST(SyntheticSourceTest, SizeMixFollowsTheWeights) {
  const auto requests = generate("random-write:size=4KiB:3/16KiB:1,count=40000");
  std::map<std::uint32_t, std::size_t> counts;
  for (const auto& r : requests) {
    ++counts[r.size_bytes];
    EXPECT_LE(r.offset_bytes + r.size_bytes, kDeviceBytes);
    EXPECT_EQ(r.offset_bytes % 4096, 0u);
  }
  EXPECT_NEAR(double(counts[4096]) / 40000, 0.75, five_sigma(0.75, 40000));
  EXPECT_EQ(counts[4096] + counts[16384], 40000u);
}

TEST(SyntheticSourceTest, HotColdSendsEightyPercentToTheFirstFifth) {
  const auto requests = generate("random-write:size=4KiB,count=50000,dist=hotcold:r=0.8,f=0.2");
  std::size_t hot = 0;
  for (const auto& r : requests) hot += r.offset_bytes < kDeviceBytes / 5;
  EXPECT_NEAR(double(hot) / 50000, 0.8, five_sigma(0.8, 50000));
}

TEST(SyntheticSourceTest, SmallerAlignmentThanTheBlockIsRejected) {
  const std::string message = testing::config_error_message([] {
    make_request_source(parse_workload_spec("random-read:count=1,align=512B", "w"), kDeviceBytes, 4096, 1);
  });
  EXPECT_THAT(message, HasSubstr("workload.alignment_bytes"));
}

struct DeviceMismatch {
  const char* spec;
  const char* message;
};

class DeviceMismatchTest : public ::testing::TestWithParam<DeviceMismatch> {};

TEST_P(DeviceMismatchTest, IsAConfigErrorNamingTheKey) {
  EXPECT_THAT(testing::config_error_message([] {
                make_request_source(parse_workload_spec(GetParam().spec, "--workload"), 1 << 20, 4096, 1);
              }),
              HasSubstr(GetParam().message));
}

INSTANTIATE_TEST_SUITE_P(
    Specs, DeviceMismatchTest,
    ::testing::Values(
        DeviceMismatch{"random-read:count=1,size=6KiB", "workload.size_bytes: 6144 B is not a whole number"},
        DeviceMismatch{"random-read:count=1,size=2MiB", "workload.size_bytes: 2MiB requests do not fit"},
        DeviceMismatch{"random-read:count=1,range=512KiB:1MiB",
                       "workload.range: [524288, +1048576) does not fit"},
        DeviceMismatch{"random-read:count=1,range=1KiB:4KiB",
                       "workload.range.offset_bytes: 1024 is not a multiple"}));

}  // namespace
}  // namespace ssdtlm
