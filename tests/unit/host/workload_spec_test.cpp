// WorkloadSpec: the compact forms the issue requires, the rest of the grammar, JSON with its
// key-path errors, and round trips through to_json and to_compact.
#include "models/host/workload/workload_spec.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "models/common/config/config_error.h"
#include "models/host/workload/spec_text.h"
#include "tests/unit/host/config_error_message.h"

namespace ssdtlm {
namespace {

using nlohmann::json;
using ::testing::HasSubstr;

// ---------------------------------------------------------------- the three required forms

TEST(WorkloadSpecCompactTest, RandomReadQd1) {
  const WorkloadSpec spec = parse_workload_spec("random-read:qd=1,count=2000,size=4KiB", "--workload");
  EXPECT_EQ(spec.pattern, AccessPattern::Random);
  EXPECT_EQ(spec.read_fraction, 1.0);
  EXPECT_EQ(spec.arrival, ArrivalProcess::Closed);
  EXPECT_EQ(spec.queue_depth, 1u);
  EXPECT_EQ(spec.request_count, 2000u);
  ASSERT_EQ(spec.sizes.size(), 1u);
  EXPECT_EQ(spec.sizes[0].size_bytes, 4096u);
  EXPECT_EQ(spec.address_distribution, "uniform");
  EXPECT_FALSE(spec.is_trace());
}

TEST(WorkloadSpecCompactTest, RandomWriteQd4) {
  const WorkloadSpec spec = parse_workload_spec("random-write:qd=4,count=2000,size=4KiB", "--workload");
  EXPECT_EQ(spec.pattern, AccessPattern::Random);
  EXPECT_EQ(spec.read_fraction, 0.0);
  EXPECT_EQ(spec.queue_depth, 4u);
  EXPECT_EQ(spec.request_count, 2000u);
  EXPECT_EQ(spec.sizes[0].size_bytes, 4096u);
}

TEST(WorkloadSpecCompactTest, MixedQd8) {
  const WorkloadSpec spec = parse_workload_spec("mixed:qd=8,count=20000,read=0.3,size=4KiB", "--workload");
  EXPECT_EQ(spec.pattern, AccessPattern::Random);
  EXPECT_EQ(spec.read_fraction, 0.3);
  EXPECT_EQ(spec.queue_depth, 8u);
  EXPECT_EQ(spec.request_count, 20000u);
  EXPECT_EQ(spec.sizes[0].size_bytes, 4096u);
}

// ---------------------------------------------------------------- the rest of the grammar

TEST(WorkloadSpecCompactTest, OpenLoopArrivals) {
  const WorkloadSpec poisson = parse_workload_spec("random-read:rate=50k,time=10ms,size=4KiB", "w");
  EXPECT_EQ(poisson.arrival, ArrivalProcess::Poisson);  // rate alone means Poisson
  EXPECT_EQ(poisson.rate_iops, 50000.0);
  EXPECT_EQ(poisson.duration_ns, 10'000'000u);
  const WorkloadSpec fixed = parse_workload_spec("random-write:arrival=fixed,rate=1000,count=10", "w");
  EXPECT_EQ(fixed.arrival, ArrivalProcess::Fixed);
  const WorkloadSpec bursty =
      parse_workload_spec("random-write:arrival=bursty,rate=1M,on=2ms,off=8ms,count=10,qd=64", "w");
  EXPECT_EQ(bursty.arrival, ArrivalProcess::Bursty);
  EXPECT_EQ(bursty.rate_iops, 1e6);
  EXPECT_EQ(bursty.burst_on_ns, 2'000'000u);
  EXPECT_EQ(bursty.burst_off_ns, 8'000'000u);
  EXPECT_EQ(bursty.queue_depth, 64u);
}

TEST(WorkloadSpecCompactTest, SequentialSizesRangesDistributions) {
  const WorkloadSpec sequential =
      parse_workload_spec("sequential-write:size=128KiB,count=100,range=25%:50%", "w");
  EXPECT_EQ(sequential.pattern, AccessPattern::Sequential);
  EXPECT_TRUE(sequential.range.in_fractions);
  EXPECT_EQ(sequential.range.start_fraction, 0.25);
  EXPECT_EQ(sequential.range.length_fraction, 0.5);
  const WorkloadSpec mix =
      parse_workload_spec("sequential-mixed:size=4KiB:70/64KiB:30,count=1,range=1GiB:2GiB", "w");
  EXPECT_EQ(mix.read_fraction, 0.5);
  ASSERT_EQ(mix.sizes.size(), 2u);
  EXPECT_EQ(mix.sizes[1].size_bytes, 65536u);
  EXPECT_EQ(mix.sizes[1].weight, 30.0);
  EXPECT_FALSE(mix.range.in_fractions);
  EXPECT_EQ(mix.range.offset_bytes, 1ull << 30);
  EXPECT_EQ(mix.range.length_bytes, 2ull << 30);
  const WorkloadSpec hotcold = parse_workload_spec("random-write:count=5,dist=hotcold:r=0.8,f=0.2,qd=2", "w");
  EXPECT_EQ(hotcold.address_distribution, "hotcold:r=0.8,f=0.2");
  EXPECT_EQ(hotcold.queue_depth, 2u);
  const WorkloadSpec zipf =
      parse_workload_spec("random-read:count=5,dist=zipf:theta=0.99,align=512,seed_offset=7", "w");
  EXPECT_EQ(zipf.address_distribution, "zipf:theta=0.99");
  EXPECT_EQ(zipf.alignment_bytes, 512u);
  EXPECT_EQ(zipf.seed_offset, 7u);
}

TEST(WorkloadSpecCompactTest, TraceWithReplayOptions) {
  const WorkloadSpec spec = parse_workload_spec(
      "trace:/data/x.csv,format=msr,replay=closed-loop,qd=16,repeat=3,beyond=reject,devices=3/8:16,"
      "strict,event=Q,split=4KiB,count=100,speedup=2",
      "--workload");
  ASSERT_TRUE(spec.is_trace());
  const TraceReplayOptions& trace = *spec.trace;
  EXPECT_EQ(trace.path, "/data/x.csv");
  EXPECT_EQ(trace.reader.format, "msr");
  EXPECT_EQ(trace.timing, TraceTiming::ClosedLoop);
  EXPECT_EQ(spec.queue_depth, 16u);
  EXPECT_EQ(trace.repeat, 3u);
  EXPECT_EQ(trace.beyond_device, BeyondDevice::Reject);
  EXPECT_EQ(trace.reader.devices, (std::vector<std::uint32_t>{3, (8u << 20) | 16u}));
  EXPECT_TRUE(trace.reader.strict);
  EXPECT_EQ(trace.reader.blkparse_event, 'Q');
  EXPECT_EQ(trace.split_bytes, 4096u);
  EXPECT_EQ(spec.request_count, 100u);
  EXPECT_EQ(trace.speedup, 2.0);
  const WorkloadSpec plain = parse_workload_spec("trace:wdev_3.csv", "--workload");
  EXPECT_EQ(plain.trace->reader.format, "auto");
  EXPECT_EQ(plain.trace->timing, TraceTiming::Recorded);
}

struct BadCompact {
  const char* spec;
  const char* message;
};

class BadCompactSpecTest : public ::testing::TestWithParam<BadCompact> {};

TEST_P(BadCompactSpecTest, NamesTheFlagAndTheKey) {
  const std::string message =
      testing::config_error_message([] { parse_workload_spec(GetParam().spec, "--workload"); });
  EXPECT_THAT(message, HasSubstr("--workload"));
  EXPECT_THAT(message, HasSubstr(GetParam().message));
}

INSTANTIATE_TEST_SUITE_P(
    Specs, BadCompactSpecTest,
    ::testing::Values(
        BadCompact{"random:qd=1,count=1", "unknown workload 'random'"},
        BadCompact{"random-read:qd=1", "needs a stop condition: count=N and/or time=T"},
        BadCompact{"random-read:qd=x,count=1", "--workload qd: expected a whole number"},
        BadCompact{"random-read:qd=100000,count=1", "--workload qd: expected at most 65536"},
        BadCompact{"random-read:count=1,size=4XB", "--workload size: expected a size in bytes"},
        BadCompact{"random-read:count=1,size=0", "--workload size: expected a request size"},
        BadCompact{"random-read:count=1,read=0.5", "--workload read: only mixed"},
        BadCompact{"mixed:count=1,read=1.5", "--workload read: expected a fraction of reads"},
        BadCompact{"random-read:count=1,time=10", "--workload time: expected a duration with a unit"},
        BadCompact{"random-read:count=1,rate=0", "--workload rate: arrival poisson needs a rate"},
        BadCompact{"random-read:count=1,arrival=fixed", "--workload rate: arrival fixed needs a rate"},
        BadCompact{"random-read:count=1,arrival=bursty,rate=5", "--workload on: arrival bursty needs"},
        BadCompact{"random-read:count=1,on=1ms", "--workload on: only arrival bursty"},
        BadCompact{"random-read:count=1,arrival=sometimes",
                   "--workload arrival: expected one of closed, fixed, poisson, bursty"},
        BadCompact{"random-read:count=1,dist=pareto", "--workload dist: unknown address distribution"},
        BadCompact{"random-read:count=1,dist=hotcold:r=2,f=0.2", "--workload dist r: expected a fraction"},
        BadCompact{"sequential-read:count=1,dist=zipf:theta=1", "--workload dist: sequential access"},
        BadCompact{"random-read:count=1,range=60%:50%", "--workload range: expected a start"},
        BadCompact{"random-read:count=1,range=1GiB:50%", "both in % or both in bytes"},
        BadCompact{"random-read:count=1,align=1000", "--workload align: expected 0"},
        BadCompact{"random-read:count=1,bogus=1", "unknown workload option 'bogus'"},
        BadCompact{"random-read:count=1,count=2", "key 'count' given twice"},
        BadCompact{"random-read:count=1,,qd=2", "empty item"},
        BadCompact{"trace:", "--workload trace: expected the path"},
        BadCompact{"trace:x.csv,format=pdf", "--workload format: unknown trace format 'pdf'"},
        BadCompact{"trace:x.csv,replay=fast", "--workload replay: expected one of recorded, closed-loop"},
        BadCompact{"trace:x.csv,speedup=0", "--workload speedup: expected a speed-up factor"},
        BadCompact{"trace:x.csv,repeat=0", "--workload repeat: expected at least 1"},
        BadCompact{"trace:x.csv,event=X", "--workload event: expected the blkparse action"},
        BadCompact{"trace:x.csv,split=100", "--workload split: expected 0 (no split) or a multiple of 512 B"},
        BadCompact{"trace:x.csv,dist=uniform", "unknown trace option 'dist'"},
        BadCompact{"mixed:seq=1.5,count=1", "--workload seq: expected a probability of sequential access in [0, 1]"},
        BadCompact{"sequential-write:seq=0.5,count=1", "--workload seq: sequential access is sequential already"},
        BadCompact{"random-read:count=1,ramp=5k",
                   "--workload ramp: expected a count of requests (ramp=5000) or a time with its unit (ramp=200ms), "
                   "got '5k'"},
        BadCompact{"random-read:count=1,ramp=-3", "--workload ramp: expected a count of requests"},
        BadCompact{"random-read:count=4,ramp=2,snapshot_every=2", "--workload ramp: a warm-up does not combine"},
        BadCompact{"random-read:ramp=100", "needs a stop condition"}));

// ---------------------------------------------------------------- round trips

const char* const kCompactForms[] = {
    "random-read:size=4KiB,qd=1,count=2000",
    "random-write:size=4KiB,qd=4,count=2000",
    "mixed:read=0.3,size=4KiB,qd=8,count=20000",
    "mixed:size=8KiB,count=1",
    "mixed:read=0.2,seq=0.25,size=8KiB,count=100",
    "sequential-read:size=128KiB,range=25%:50%,count=10",
    "sequential-mixed:read=0.7,size=4KiB:70/64KiB:30,range=1GiB:2GiB,time=1s",
    "random-write:arrival=bursty,rate=20000,on=2ms,off=8ms,size=4KiB,dist=hotcold:r=0.8,f=0.2,qd=64,time="
    "50ms",
    "random-read:arrival=fixed,rate=1000,size=16KiB,dist=zipf:theta=0.99,seed_offset=3,count=5,align=512B",
    "trace:/data/wdev_3.csv",
    "trace:x.blkparse,format=blkparse,replay=closed-loop,speedup=4,repeat=2,beyond=reject,devices=1/"
    "2,strict,event=C,split=4KiB,qd=32,count=9,time=1ms,align=4KiB",
    "random-write:size=4KiB,qd=32,count=20000,ramp=5000",
    "mixed:size=4KiB,time=1s,ramp=200ms",
    "trace:x.csv,count=9,ramp=1500us",
};

TEST(WorkloadSpecCompactTest, RampIsACountOrATime) {
  const WorkloadSpec counted = parse_workload_spec("random-write:count=10,ramp=5000", "--workload");
  EXPECT_EQ(counted.ramp_requests, 5000u);
  EXPECT_EQ(counted.ramp_ns, 0u);
  EXPECT_TRUE(counted.has_warmup());
  const WorkloadSpec timed = parse_workload_spec("random-write:count=10,ramp=1.5ms", "--workload");
  EXPECT_EQ(timed.ramp_requests, 0u);
  EXPECT_EQ(timed.ramp_ns, 1'500'000u);
  EXPECT_FALSE(parse_workload_spec("random-write:count=10,ramp=0", "--workload").has_warmup());
}

TEST(WorkloadSpecJsonTest, RampKeysAreWrittenOnlyWithAWarmup) {
  // The effective configuration of a run without a warm-up stays as it was.
  const json plain = to_json(parse_workload_spec("random-write:count=10", "w"));
  EXPECT_FALSE(plain.contains("ramp_requests"));
  EXPECT_FALSE(plain.contains("ramp_us"));
  EXPECT_EQ(to_json(parse_workload_spec("random-write:count=10,ramp=7", "w"))["ramp_requests"], 7u);
  EXPECT_EQ(to_json(parse_workload_spec("random-write:count=10,ramp=2ms", "w"))["ramp_us"], 2000.0);
  const std::string both = testing::config_error_message([] {
    workload_from_json(json::parse(R"({"request_count": 1, "ramp_requests": 5, "ramp_us": 10})"), "workload");
  });
  EXPECT_THAT(both, HasSubstr("workload.ramp_us: give the warm-up as a count of requests or as a time, not both"));
  const std::string fio = testing::config_error_message(
      [] { workload_from_json(json::parse(R"({"fio": "x.fio", "ramp_requests": 5})"), "workload"); });
  EXPECT_THAT(fio, HasSubstr("workload.ramp_requests"));
}

TEST(WorkloadSpecRoundTripTest, CompactFormsAreCanonical) {
  for (const char* form : kCompactForms) {
    EXPECT_EQ(to_compact(parse_workload_spec(form, "w")), form);
  }
}

TEST(WorkloadSpecRoundTripTest, JsonRoundTripGivesAnEqualSpec) {
  for (const char* form : kCompactForms) {
    const WorkloadSpec spec = parse_workload_spec(form, "w");
    const json section = to_json(spec);
    const WorkloadSpec back = workload_from_json(section, "workload");
    EXPECT_TRUE(back == spec) << form << "\n" << section.dump(2);
    EXPECT_EQ(to_json(back), section) << form;
  }
}

// ---------------------------------------------------------------- JSON

TEST(WorkloadSpecJsonTest, ReadsEveryKey) {
  const json section = json::parse(R"({
    "pattern": "mixed", "arrival": "poisson", "rate_iops": 20000, "queue_depth": 128,
    "size_mix": [{"size_bytes": 4096, "weight": 3}, {"size_bytes": 65536}],
    "range": {"offset_bytes": 0, "length_bytes": 1073741824},
    "address_distribution": "zipf:theta=1.2", "request_count": 100000, "duration_us": 2500.5,
    "alignment_bytes": 4096, "seed_offset": 9
  })");
  const WorkloadSpec spec = workload_from_json(section, "workload");
  EXPECT_EQ(spec.pattern, AccessPattern::Random);
  EXPECT_EQ(spec.read_fraction, 0.5);  // "mixed" defaults to half reads
  EXPECT_EQ(spec.arrival, ArrivalProcess::Poisson);
  EXPECT_EQ(spec.rate_iops, 20000.0);
  EXPECT_EQ(spec.queue_depth, 128u);
  ASSERT_EQ(spec.sizes.size(), 2u);
  EXPECT_EQ(spec.sizes[0].weight, 3.0);
  EXPECT_EQ(spec.sizes[1].weight, 1.0);
  EXPECT_FALSE(spec.range.in_fractions);
  EXPECT_EQ(spec.range.length_bytes, 1ull << 30);
  EXPECT_EQ(spec.duration_ns, 2'500'500u);
  EXPECT_EQ(spec.seed_offset, 9u);
}

TEST(WorkloadSpecJsonTest, TraceSection) {
  const json section = json::parse(R"({
    "trace": {"path": "wdev_3.csv", "format": "msr", "replay": "closed-loop", "repeat": 5,
              "devices": [3], "beyond_device": "reject", "split_bytes": 4096, "strict": true},
    "queue_depth": 16
  })");
  const WorkloadSpec spec = workload_from_json(section, "workload");
  ASSERT_TRUE(spec.is_trace());
  EXPECT_EQ(spec.trace->repeat, 5u);
  EXPECT_EQ(spec.trace->reader.devices, std::vector<std::uint32_t>{3});
  EXPECT_EQ(spec.queue_depth, 16u);
}

struct BadJson {
  const char* json_text;
  const char* message;
};

class BadWorkloadJsonTest : public ::testing::TestWithParam<BadJson> {};

TEST_P(BadWorkloadJsonTest, NamesTheFullKeyPath) {
  const std::string message = testing::config_error_message(
      [] { workload_from_json(json::parse(GetParam().json_text), "workload"); });
  EXPECT_THAT(message, HasSubstr(GetParam().message));
}

INSTANTIATE_TEST_SUITE_P(
    Sections, BadWorkloadJsonTest,
    ::testing::Values(
        BadJson{R"([1, 2])", "workload: expected an object"},
        BadJson{R"({"request_count": 1, "read_fraction": 1.5})",
                "workload.read_fraction: expected a fraction"},
        BadJson{R"({"request_count": 1, "read_fraction": "half"})",
                "workload.read_fraction: expected a number, got a string"},
        BadJson{R"({"request_count": 1, "queue_depth": -1})",
                "workload.queue_depth: expected a whole number >= 0"},
        BadJson{R"({"request_count": 1, "queue_depth": 2.5})",
                "workload.queue_depth: expected a whole number >= 0"},
        BadJson{R"({"request_count": 1, "qd": 4})", "workload.qd: unknown or unused key"},
        BadJson{R"({"request_count": 1, "pattern": "zigzag"})",
                "workload.pattern: expected one of random, sequential, mixed"},
        BadJson{R"({"request_count": 1, "rate_iops": 100})", "workload.rate_iops: only open-loop arrivals"},
        BadJson{R"({"request_count": 1, "arrival": "poisson"})",
                "workload.rate_iops: arrival poisson needs a rate"},
        BadJson{R"({"request_count": 1, "size_bytes": 4096, "size_mix": []})",
                "workload.size_mix: give size_bytes or size_mix"},
        BadJson{R"({"request_count": 1, "size_mix": [{"weight": 1}]})",
                "workload.size_mix[0].size_bytes: expected a size"},
        BadJson{R"({"request_count": 1, "size_mix": [{"size_bytes": 4096, "w": 1}]})",
                "workload.size_mix[0].w: unknown"},
        BadJson{R"({"request_count": 1, "range": {"offset_bytes": 0, "length_fraction": 0.5}})",
                "workload.range: give offset_bytes"},
        BadJson{R"({"request_count": 1, "address_distribution": "zipf:theta=0"})",
                "workload.address_distribution theta: expected a Zipf exponent"},
        BadJson{R"({"pattern": "random"})",
                "workload.request_count: a synthetic workload needs a stop condition"},
        BadJson{R"({"trace": {"format": "msr"}})", "workload.trace.path: expected the path"},
        BadJson{R"({"trace": {"path": "x", "speed": 2}})", "workload.trace.speed: unknown or unused key"},
        BadJson{R"({"trace": {"path": "x", "devices": [1, -2]}})",
                "workload.trace.devices[1]: expected a whole number"},
        BadJson{R"({"trace": {"path": "x", "replay": "fast"}})",
                "workload.trace.replay: expected one of recorded, closed-loop"},
        BadJson{R"({"trace": {"path": "x"}, "read_fraction": 0.5})",
                "workload.read_fraction: not used when replaying a trace"},
        BadJson{R"({"trace": {"path": "x", "strict": 1}})",
                "workload.trace.strict: expected true or false"}));

TEST(WorkloadSpecJsonTest, IntegersBuiltInCodeAreAccepted) {
  // nlohmann stores 4 as a signed integer when built in code, unsigned when parsed from text.
  const json section = {{"request_count", 10}, {"queue_depth", 4}, {"size_bytes", 8192.0}};
  const WorkloadSpec spec = workload_from_json(section, "workload");
  EXPECT_EQ(spec.queue_depth, 4u);
  EXPECT_EQ(spec.sizes[0].size_bytes, 8192u);
}

// ---------------------------------------------------------------- units

// fio's size spellings (kb_base=1024): the unit in any case, with or without a trailing b.
TEST(SpecTextTest, SizesAcceptFioSpellingsInAnyCase) {
  for (const char* text : {"4k", "4K", "4kb", "4kB", "4Kb", "4KB", "4kib", "4KiB", "4KIB", "4096b", "4096B"}) {
    EXPECT_EQ(spec::parse_bytes(text, "w"), 4096u) << text;
  }
  for (const char* text : {"2m", "2M", "2mb", "2MB", "2mib", "2MiB"}) EXPECT_EQ(spec::parse_bytes(text, "w"), 2u << 20) << text;
  for (const char* text : {"3g", "3gb", "3GB", "3GiB"}) EXPECT_EQ(spec::parse_bytes(text, "w"), 3ull << 30) << text;
  for (const char* text : {"1t", "1TB", "1tib"}) EXPECT_EQ(spec::parse_bytes(text, "w"), 1ull << 40) << text;
  EXPECT_EQ(spec::parse_bytes("1p", "w"), 1ull << 50);
  EXPECT_EQ(parse_workload_spec("random-read:count=1,size=4kb", "--workload").sizes[0].size_bytes, 4096u);
  EXPECT_THAT(testing::config_error_message([] { spec::parse_bytes("4kbit", "size"); }),
              HasSubstr("size: expected a size in bytes such as 4096, 4k, 4KiB or 1GiB, got '4kbit'"));
  EXPECT_THROW(spec::parse_bytes("4x", "w"), ConfigError);
}


TEST(SpecTextTest, SizesDurationsAndNumbers) {
  EXPECT_EQ(spec::parse_bytes("4096", "w"), 4096u);
  EXPECT_EQ(spec::parse_bytes("4KiB", "w"), 4096u);
  EXPECT_EQ(spec::parse_bytes("4k", "w"), 4096u);
  EXPECT_EQ(spec::parse_bytes("1.5MiB", "w"), 1572864u);
  EXPECT_EQ(spec::parse_bytes("2GiB", "w"), 2ull << 30);
  EXPECT_THROW(spec::parse_bytes("1.5B", "w"), ConfigError);
  EXPECT_THROW(spec::parse_bytes("-4k", "w"), ConfigError);
  EXPECT_THROW(spec::parse_bytes("99999999999TiB", "w"), ConfigError);
  EXPECT_EQ(spec::parse_duration_ns("0.3ms", "w"), 300'000u);
  EXPECT_EQ(spec::parse_duration_ns("1s", "w"), 1'000'000'000u);
  EXPECT_EQ(spec::parse_duration_ns("250ns", "w"), 250u);
  EXPECT_THROW(spec::parse_duration_ns("5", "w"), ConfigError);
  EXPECT_EQ(spec::format_bytes(4096), "4KiB");
  EXPECT_EQ(spec::format_bytes(1536), "1536B");
  EXPECT_EQ(spec::format_duration(1'500'000), "1500us");
  EXPECT_EQ(spec::format_number(0.3), "0.3");
}

}  // namespace
}  // namespace ssdtlm
