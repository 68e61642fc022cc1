// Trace replay through make_request_source: recorded timing and speed-up, closed loop,
// repeated passes, alignment and splitting, addresses beyond the device, device streams, the
// report for stats.json, and a real trace end to end.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "models/common/config/config_error.h"
#include "models/host/workload/request_source_factory.h"
#include "tests/unit/host/trace_test_files.h"

namespace ssdtlm {
namespace {

using ::testing::HasSubstr;
using testing::TempTraceFile;

// MQSim lines: time_ns device sector sectors type(1 read, 0 write).
const char* const kSmallTrace =
    "1000 0 0 8 1\n"
    "3000 1 8 16 0\n"
    "7000 0 64 8 0\n";

std::vector<HostRequest> drain(RequestSource& source) {
  std::vector<HostRequest> requests;
  HostRequest request;
  while (source.next(request)) requests.push_back(request);
  return requests;
}

std::unique_ptr<RequestSource> replay(const std::string& path, const std::string& options,
                                      std::uint64_t device_bytes = 1 << 20, std::uint32_t block = 4096) {
  return make_request_source(parse_workload_spec("trace:" + path + options, "--workload"), device_bytes,
                             block, 1);
}

TEST(TraceReplayTest, AsRecordedRelativeToTheFirstRequest) {
  TempTraceFile file(kSmallTrace);
  auto source = replay(file.path(), "");
  EXPECT_EQ(source->arrival_mode(), ArrivalMode::OpenLoop);
  EXPECT_EQ(source->queue_depth(), 0u);
  const auto requests = drain(*source);
  ASSERT_EQ(requests.size(), 3u);
  EXPECT_EQ(requests[0].arrival_ns, 0u);
  EXPECT_EQ(requests[1].arrival_ns, 2000u);
  EXPECT_EQ(requests[2].arrival_ns, 6000u);
  EXPECT_EQ(requests[0].op, HostOp::Read);
  EXPECT_EQ(requests[1].op, HostOp::Write);
  EXPECT_EQ(requests[1].offset_bytes, 4096u);
  EXPECT_EQ(requests[1].size_bytes, 8192u);
  EXPECT_THAT(source->describe(), HasSubstr("mqsim (detected"));
}

TEST(TraceReplayTest, SpeedupDividesTheTimes) {
  TempTraceFile file(kSmallTrace);
  const auto requests = drain(*replay(file.path(), ",speedup=4"));
  EXPECT_EQ(requests[2].arrival_ns, 1500u);
}

TEST(TraceReplayTest, ClosedLoopIgnoresTimes) {
  TempTraceFile file(kSmallTrace);
  auto source = replay(file.path(), ",replay=closed-loop,qd=16");
  EXPECT_EQ(source->arrival_mode(), ArrivalMode::ClosedLoop);
  EXPECT_EQ(source->queue_depth(), 16u);
  for (const auto& r : drain(*source)) EXPECT_EQ(r.arrival_ns, 0u);
}

TEST(TraceReplayTest, RepeatedPassesFollowEachOther) {
  TempTraceFile file(kSmallTrace);
  auto source = replay(file.path(), ",repeat=3");
  const auto requests = drain(*source);
  ASSERT_EQ(requests.size(), 9u);
  // A pass spans 6000 ns; the next starts one mean gap (3000 ns) later.
  EXPECT_EQ(requests[3].arrival_ns, 9000u);
  EXPECT_EQ(requests[5].arrival_ns, 15000u);
  EXPECT_EQ(requests[6].arrival_ns, 18000u);
  EXPECT_EQ(requests[8].offset_bytes, requests[2].offset_bytes);
  EXPECT_EQ(source->report()["passes_completed"], 3);
  for (std::size_t i = 0; i < requests.size(); ++i) EXPECT_EQ(requests[i].id, i);
}

TEST(TraceReplayTest, CountLimitStopsEarly) {
  TempTraceFile file(kSmallTrace);
  EXPECT_EQ(drain(*replay(file.path(), ",repeat=5,count=4")).size(), 4u);
}

TEST(TraceReplayTest, OffsetsAlignedSizesCoverAndSplit) {
  // 1000..2000 bytes with 512-byte blocks covers [512, 2048); 20 KiB splits into 4 KiB pieces.
  TempTraceFile file("0,wdev,0,Write,1000,1000,1\n10,wdev,0,Read,8192,20480,1\n", ".csv");
  const auto unaligned = drain(*replay(file.path(), ",format=msr", 1 << 20, 512));
  ASSERT_EQ(unaligned.size(), 2u);
  EXPECT_EQ(unaligned[0].offset_bytes, 512u);
  EXPECT_EQ(unaligned[0].size_bytes, 1536u);
  const auto split = drain(*replay(file.path(), ",format=msr,split=4KiB", 1 << 20, 512));
  ASSERT_EQ(split.size(), 1u + 5u);
  for (std::size_t i = 1; i < split.size(); ++i) {
    EXPECT_EQ(split[i].offset_bytes, 8192u + (i - 1) * 4096);
    EXPECT_EQ(split[i].size_bytes, 4096u);
    EXPECT_EQ(split[i].arrival_ns, split[1].arrival_ns);
    EXPECT_EQ(split[i].op, HostOp::Read);
  }
}

TEST(TraceReplayTest, BeyondTheDeviceWrapsOrIsRejected) {
  // Device of 64 KiB; the second request starts at 72 KiB.
  TempTraceFile file("0 0 0 8 0\n10 0 144 8 0\n20 0 2000000 8 0\n");
  const auto wrapped = drain(*replay(file.path(), "", 64 << 10));
  ASSERT_EQ(wrapped.size(), 3u);
  EXPECT_EQ(wrapped[1].offset_bytes, 8192u);
  for (const auto& r : wrapped) EXPECT_LE(r.offset_bytes + r.size_bytes, 64u << 10);
  auto rejecting = replay(file.path(), ",beyond=reject", 64 << 10);
  EXPECT_EQ(drain(*rejecting).size(), 1u);
  EXPECT_EQ(rejecting->report()["beyond_device"], 2);
  auto strict = replay(file.path(), ",beyond=reject,strict", 64 << 10);
  HostRequest request;
  EXPECT_TRUE(strict->next(request));
  try {
    strict->next(request);
    FAIL() << "strict replay accepted a request beyond the device";
  } catch (const ConfigError& error) {
    EXPECT_THAT(error.what(), HasSubstr(file.path() + ":2: request"));
    EXPECT_THAT(error.what(), HasSubstr("beyond the device"));
  }
}

TEST(TraceReplayTest, RequestsReachingPast2To64BytesAreDropped) {
  TempTraceFile file("0,h,0,Write,18446744073709551000,4096,1\n1,h,0,Write,0,4096,1\n");
  auto source = replay(file.path(), ",format=msr");
  const auto requests = drain(*source);
  ASSERT_EQ(requests.size(), 1u);
  EXPECT_EQ(requests[0].offset_bytes, 0u);
  EXPECT_EQ(source->report()["beyond_device"], 1);
}

TEST(TraceReplayTest, DevicesBecomeStreamsInOrderOfAppearance) {
  TempTraceFile file("0 7 0 8 0\n1 3 0 8 0\n2 7 8 8 0\n");
  const auto requests = drain(*replay(file.path(), ""));
  ASSERT_EQ(requests.size(), 3u);
  EXPECT_EQ(requests[0].stream, 0u);
  EXPECT_EQ(requests[1].stream, 1u);
  EXPECT_EQ(requests[2].stream, 0u);
  EXPECT_EQ(drain(*replay(file.path(), ",devices=3")).size(), 1u);
}

TEST(TraceReplayTest, OutOfOrderTimesAreIssuedInFileOrder) {
  TempTraceFile file("1000 0 0 8 0\n900 0 8 8 0\n2000 0 16 8 0\n");
  auto source = replay(file.path(), "");
  const auto requests = drain(*source);
  EXPECT_EQ(requests[1].arrival_ns, requests[0].arrival_ns);
  EXPECT_EQ(source->report()["reordered"], 1);
}

TEST(TraceReplayTest, ReportCountsBadLinesByKind) {
  TempTraceFile file("1000 0 0 8 0\nnonsense\n2000 0 x 8 0\n3000 0 16 8 0\n");
  auto source = replay(file.path(), ",format=mqsim");
  EXPECT_EQ(drain(*source).size(), 2u);
  const nlohmann::json report = source->report();
  EXPECT_EQ(report["format"], "mqsim");
  EXPECT_EQ(report["lines"]["bad"]["total"], 2);
  EXPECT_EQ(report["lines"]["bad"]["by_kind"]["missing_field"], 1);
  EXPECT_EQ(report["lines"]["bad"]["by_kind"]["bad_number"], 1);
  EXPECT_THAT(report["lines"]["bad"]["first_example"]["bad_number"].get<std::string>(),
              HasSubstr(file.path() + ":3:"));
}

// Found by fuzz_trace_msr: the second pass starts after a first pass spanning ~2^63 ns, and
// converting its arrival (a double past 2^64) to an integer was undefined behaviour.
TEST(TraceReplayTest, ArrivalsPast2To64NsSaturate) {
  TempTraceFile file("0 0 0 8 0\n9223372036854775808 0 8 8 0\n");
  auto source = replay(file.path(), ",format=mqsim,repeat=2");
  const auto requests = drain(*source);
  ASSERT_EQ(requests.size(), 4u);
  EXPECT_EQ(requests[1].arrival_ns, 9223372036854775808ull);
  EXPECT_EQ(requests[2].arrival_ns, ~0ull);
  EXPECT_EQ(requests[3].arrival_ns, ~0ull);
}

// Found by the trace fuzzers: a bad field holding bytes >= 0x80 went verbatim into the report,
// which is not UTF-8, so writing stats.json threw.
TEST(TraceReplayTest, ReportOfABadLineWithNonAsciiBytesIsValidJson) {
  TempTraceFile file("1000 0 0 8 0\n2000 0 \xff\xfe 8 0\n");
  auto source = replay(file.path(), ",format=mqsim");
  EXPECT_EQ(drain(*source).size(), 1u);
  const nlohmann::json report = source->report();
  EXPECT_NO_THROW((void)report.dump());
  EXPECT_THAT(report["lines"]["bad"]["first_example"]["bad_number"].get<std::string>(), HasSubstr("got '?\?'"));
}

TEST(TraceReplayTest, ATraceWithNothingUsableIsAnError) {
  TempTraceFile file("\n# only a comment\n");
  auto source = replay(file.path(), ",format=mqsim");
  HostRequest request;
  EXPECT_THROW(source->next(request), ConfigError);
  EXPECT_THROW(replay("/nonexistent.trace", ""), ConfigError);
}

TEST(TraceReplayTest, RealMsrTraceEndToEnd) {
  SSDTLM_REQUIRE_SHARED_TRACES(dir);
  // 512-byte logical blocks: wdev_3's offsets are 512-byte aligned, so no byte is added; with
  // 4 KiB blocks the misaligned 4 KiB writes would each cover two blocks.
  auto source = replay(dir + "/wdev_3.csv", ",split=4KiB", 64ull << 30, 512);
  const auto requests = drain(*source);
  EXPECT_GE(requests.size(), 682u);
  std::uint64_t bytes = 0;
  for (std::size_t i = 0; i < requests.size(); ++i) {
    bytes += requests[i].size_bytes;
    EXPECT_LE(requests[i].size_bytes, 4096u);
    if (i > 0) {
      EXPECT_GE(requests[i].arrival_ns, requests[i - 1].arrival_ns);
    }
  }
  EXPECT_EQ(bytes, 712704u + 2990080u);
  EXPECT_EQ(source->report()["format_detected"], true);
  EXPECT_EQ(source->report()["beyond_device"], 0);
}

TEST(TraceReplayTest, FlushesAreReplayedAsFlushRequests) {
  TempTraceFile file("fio version 3 iolog\n1 d add\n10 d write 0 4096\n20 d sync\n30 d read 0 8192\n40 d datasync\n");
  const auto requests = drain(*replay(file.path(), ",format=fio"));
  ASSERT_EQ(requests.size(), 4u);
  EXPECT_EQ(requests[1].op, HostOp::Flush);
  EXPECT_EQ(requests[1].arrival_ns, 10'000u);  // 20 us in the trace, 10 us after the first record
  EXPECT_EQ(requests[1].size_bytes, 0u);
  EXPECT_EQ(requests[3].op, HostOp::Flush);
  EXPECT_EQ(requests[3].arrival_ns, 30'000u);
}

}  // namespace
}  // namespace ssdtlm
