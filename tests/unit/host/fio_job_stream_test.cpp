// fio job files as request streams: a table of job files -> the properties fio's documented
// semantics give their request stream (sizes, offsets, read fraction, sequentiality, pacing
// gaps, counts, flushes, per-flow depths), driven by the paced loop of fio_paced_loop.h with a
// fixed service time. Statistical expectations use 5-sigma tolerances.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>
#include <set>

#include "models/host/workload/fio/fio_request_source.h"
#include "tests/unit/host/fio_paced_loop.h"
#include "tests/unit/host/trace_test_files.h"

namespace ssdtlm {
namespace {

using testing::IssuedRequest;
using testing::run_paced;
using testing::TempTraceFile;

constexpr std::uint64_t kDeviceBytes = 1ull << 30;  // 1 GiB
constexpr std::uint32_t kBlockBytes = 4096;
constexpr std::uint64_t KiB = 1024, MiB = 1024 * 1024;
constexpr std::uint64_t kUs = 1000, kMs = 1'000'000;

using Requests = std::vector<IssuedRequest>;

struct StreamCase {
  const char* name;
  const char* job_file;
  std::uint64_t service_ns;
  std::function<void(const Requests&, const FioRequestSource&)> check;
};

std::ostream& operator<<(std::ostream& out, const StreamCase& c) { return out << c.name; }

double five_sigma(double p, std::size_t n) { return 5.0 * std::sqrt(p * (1 - p) / double(n)); }

std::size_t count_op(const Requests& requests, HostOp op) {
  std::size_t n = 0;
  for (const auto& r : requests) n += r.request.op == op;
  return n;
}

// Requests of one op in issue order.
Requests only(const Requests& requests, HostOp op) {
  Requests out;
  for (const auto& r : requests) {
    if (r.request.op == op) out.push_back(r);
  }
  return out;
}

void expect_sequential(const Requests& requests, std::uint64_t start, std::uint64_t size) {
  for (std::size_t i = 0; i < requests.size(); ++i) {
    EXPECT_EQ(requests[i].request.offset_bytes, start + i * size) << "request " << i;
    EXPECT_EQ(requests[i].request.size_bytes, size);
  }
}

const StreamCase kCases[] = {
    {"RandreadCoversEveryBlockOnceWithTheRandomMap", "[job]\nrw=randread\nbs=4k\nsize=1m\n", 1000,
     [](const Requests& r, const FioRequestSource&) {
       ASSERT_EQ(r.size(), 256u);  // io_size defaults to size: one pass of 1 MiB / 4 KiB
       std::set<std::uint64_t> offsets;
       std::size_t in_order = 0;
       for (std::size_t i = 0; i < r.size(); ++i) {
         EXPECT_EQ(r[i].request.op, HostOp::Read);
         EXPECT_EQ(r[i].request.size_bytes, 4 * KiB);
         EXPECT_EQ(r[i].request.offset_bytes % (4 * KiB), 0u);
         EXPECT_LT(r[i].request.offset_bytes, 1 * MiB);
         offsets.insert(r[i].request.offset_bytes);
         in_order += i > 0 && r[i].request.offset_bytes == r[i - 1].request.offset_bytes + 4 * KiB;
       }
       EXPECT_EQ(offsets.size(), 256u);  // no block twice, none left out
       EXPECT_LT(in_order, 16u);         // and not in address order
     }},
    {"SequentialWriteWalksTheRangeOnce", "[job]\nrw=write\nbs=64k\nsize=1m\n", 1000,
     [](const Requests& r, const FioRequestSource&) {
       ASSERT_EQ(r.size(), 16u);
       EXPECT_EQ(count_op(r, HostOp::Write), 16u);
       expect_sequential(r, 0, 64 * KiB);
     }},
    {"IoSizeBeyondSizeWrapsTheSequentialWalk", "[job]\nrw=read\nbs=256k\nsize=1m\nio_size=2m\n", 1000,
     [](const Requests& r, const FioRequestSource&) {
       ASSERT_EQ(r.size(), 8u);
       for (std::size_t i = 0; i < 8; ++i) EXPECT_EQ(r[i].request.offset_bytes, (i % 4) * 256 * KiB);
     }},
    {"NumberIosStopsFirst", "[job]\nrw=randwrite\nsize=1m\nnumber_ios=10\n", 1000,
     [](const Requests& r, const FioRequestSource&) { EXPECT_EQ(r.size(), 10u); }},
    {"RandrwReadsRwmixreadPercent", "[job]\nrw=randrw\nrwmixread=70\nnorandommap\nnumber_ios=20000\n", 1000,
     [](const Requests& r, const FioRequestSource&) {
       ASSERT_EQ(r.size(), 20000u);
       const double reads = double(count_op(r, HostOp::Read)) / 20000.0;
       EXPECT_NEAR(reads, 0.7, five_sigma(0.7, 20000));
     }},
    {"RwmixwriteIsTheComplement", "[job]\nrw=randrw\nrwmixwrite=20\nnorandommap\nnumber_ios=20000\n", 1000,
     [](const Requests& r, const FioRequestSource&) {
       EXPECT_NEAR(double(count_op(r, HostOp::Read)) / 20000.0, 0.8, five_sigma(0.8, 20000));
     }},
    {"SequentialMixKeepsOneCursorPerDirection", "[job]\nrw=rw\nbs=4k\nsize=1m\nnumber_ios=2000\n", 1000,
     [](const Requests& r, const FioRequestSource&) {
       // fio keeps the last position per data direction: reads and writes each walk from 0.
       expect_sequential(only(r, HostOp::Read), 0, 4 * KiB);
       const Requests writes = only(r, HostOp::Write);
       for (std::size_t i = 0; i < writes.size(); ++i) {
         EXPECT_EQ(writes[i].request.offset_bytes, (i * 4 * KiB) % MiB);
       }
     }},
    {"BsPerDirectionReadWriteTrim", "[job]\nrw=randrw\nbs=8k,32k\nnorandommap\nnumber_ios=400\n", 1000,
     [](const Requests& r, const FioRequestSource&) {
       for (const auto& x : r) EXPECT_EQ(x.request.size_bytes, x.request.op == HostOp::Read ? 8 * KiB : 32 * KiB);
     }},
    {"BssplitWeightsSizes", "[job]\nrw=randwrite\nbssplit=4k/10:64k/\nnorandommap\nnumber_ios=20000\n", 1000,
     [](const Requests& r, const FioRequestSource&) {
       std::size_t small = 0;
       for (const auto& x : r) {
         ASSERT_TRUE(x.request.size_bytes == 4 * KiB || x.request.size_bytes == 64 * KiB);
         small += x.request.size_bytes == 4 * KiB;
       }
       // The blank takes the other 90; io_size (= size, the device) ends the job before number_ios.
       EXPECT_LT(r.size(), 20000u);
       EXPECT_NEAR(double(small) / double(r.size()), 0.1, five_sigma(0.1, r.size()));
     }},
    {"BsrangeDrawsMultiplesOfTheMinimum", "[job]\nrw=randread\nbsrange=4k-16k\nnorandommap\nnumber_ios=20000\n",
     1000,
     [](const Requests& r, const FioRequestSource&) {
       std::map<std::uint32_t, std::size_t> sizes;
       for (const auto& x : r) ++sizes[x.request.size_bytes];
       ASSERT_EQ(sizes.size(), 4u);
       for (const auto& [size, n] : sizes) {
         EXPECT_EQ(size % (4 * KiB), 0u);
         EXPECT_NEAR(double(n) / 20000.0, 0.25, five_sigma(0.25, 20000)) << size;
       }
     }},
    {"PercentSizeAndOffsetOfTheDevice", "[job]\nrw=randread\nsize=50%\noffset=25%\nnorandommap\nnumber_ios=5000\n",
     1000,
     [](const Requests& r, const FioRequestSource&) {
       for (const auto& x : r) {
         EXPECT_GE(x.request.offset_bytes, kDeviceBytes / 4);
         EXPECT_LE(x.request.offset_bytes + x.request.size_bytes, kDeviceBytes / 4 * 3);
       }
     }},
    {"NumjobsAreFlowsWithOffsetIncrement",
     "[global]\nrw=write\nbs=128k\nsize=1m\n[writers]\nnumjobs=4\noffset_increment=1m\niodepth=2\n", 1000,
     [](const Requests& r, const FioRequestSource& source) {
       EXPECT_EQ(source.flows(), 4u);
       EXPECT_EQ(source.queue_depth(), 8u);
       ASSERT_EQ(r.size(), 32u);
       std::map<std::uint32_t, Requests> by_flow;
       for (const auto& x : r) by_flow[x.request.stream].push_back(x);
       ASSERT_EQ(by_flow.size(), 4u);
       for (const auto& [flow, requests] : by_flow) expect_sequential(requests, flow * MiB, 128 * KiB);
     }},
    {"EachSectionKeepsItsOwnIodepth",
     "[reader]\nrw=randread\niodepth=1\nnumber_ios=300\n[writer]\nrw=randwrite\niodepth=6\nnumber_ios=300\n", 1000,
     [](const Requests& r, const FioRequestSource& source) {
       EXPECT_EQ(source.queue_depth(), 7u);
       std::map<std::uint32_t, std::uint32_t> deepest;
       for (const auto& x : r) deepest[x.request.stream] = std::max(deepest[x.request.stream], x.flow_in_flight);
       EXPECT_EQ(deepest[0], 1u);
       EXPECT_EQ(deepest[1], 6u);
       EXPECT_EQ(count_op(r, HostOp::Read), 300u);
       EXPECT_EQ(count_op(r, HostOp::Write), 300u);
     }},
    {"RateIopsLinearGapsAreExact", "[job]\nrw=randread\nrate_iops=1000\niodepth=4\ntime_based\nruntime=10ms\n", 1000,
     [](const Requests& r, const FioRequestSource&) {
       ASSERT_EQ(r.size(), 10u);  // 0, 1, ..., 9 ms; the 11th would be due at the end
       for (std::size_t i = 0; i < r.size(); ++i) EXPECT_EQ(r[i].issue_ns, i * kMs);
     }},
    {"RateInBytesPerSecond", "[job]\nrw=write\nbs=4k\nrate=4m\nnumber_ios=5\niodepth=8\n", 1000,
     [](const Requests& r, const FioRequestSource&) {
       // 4 MiB/s of 4 KiB blocks: 1024 IOPS, one every 1e9 / 1024 ns.
       ASSERT_EQ(r.size(), 5u);
       for (std::size_t i = 0; i < r.size(); ++i) {
         EXPECT_EQ(r[i].issue_ns, static_cast<std::uint64_t>(double(i) * 4096 * 1e9 / double(4 * MiB)));
       }
     }},
    {"RateOfReadsOnlyWithTrailingComma", "[job]\nrw=randrw\nrate_iops=100,\nnumber_ios=200\nnorandommap\n", 1000,
     [](const Requests& r, const FioRequestSource&) {
       const Requests reads = only(r, HostOp::Read);
       ASSERT_GT(reads.size(), 50u);
       for (std::size_t i = 0; i < reads.size(); ++i) EXPECT_GE(reads[i].issue_ns, i * 10 * kMs);
       // Writes wait for no pacing of their own: the run lasts as long as its reads alone.
       EXPECT_LT(r.back().issue_ns, reads.size() * 10 * kMs);
     }},
    {"PoissonRateHasTheMeanGap", "[job]\nrw=randread\nrate_iops=10000\nrate_process=poisson\niodepth=64\nnumber_ios=20000\nnorandommap\n",
     1000,
     [](const Requests& r, const FioRequestSource&) {
       ASSERT_EQ(r.size(), 20000u);
       const double mean_gap = double(r.back().issue_ns - r.front().issue_ns) / double(r.size() - 1);
       EXPECT_NEAR(mean_gap, 100'000.0, 5.0 * 100'000.0 / std::sqrt(20000.0));
     }},
    {"ThinktimeFollowsEachCompletion", "[job]\nrw=randread\nthinktime=100\nnumber_ios=5\n", 10 * kUs,
     [](const Requests& r, const FioRequestSource&) {
       // No unit: microseconds. One I/O, its 10 us, 100 us of thinking, the next.
       ASSERT_EQ(r.size(), 5u);
       for (std::size_t i = 0; i < r.size(); ++i) EXPECT_EQ(r[i].issue_ns, i * 110 * kUs);
     }},
    {"ThinktimeWaitsForTheJobToDrain", "[job]\nrw=randread\nthinktime=100\niodepth=4\nnumber_ios=8\n", 10 * kUs,
     [](const Requests& r, const FioRequestSource&) {
       // fio fills iodepth, reaps, then quiesces (all four done at 10 us) and thinks 100 us.
       ASSERT_EQ(r.size(), 8u);
       for (std::size_t i = 0; i < r.size(); ++i) EXPECT_EQ(r[i].issue_ns, i < 4 ? 0 : 110 * kUs) << i;
     }},
    {"ThinktimeBlocksOnIssueLetsABatchRunFirst",
     "[job]\nrw=randread\nthinktime=1ms\nthinktime_blocks=4\nthinktime_blocks_type=issue\niodepth=4\nnumber_ios=8\n",
     10 * kUs,
     [](const Requests& r, const FioRequestSource&) {
       ASSERT_EQ(r.size(), 8u);
       for (std::size_t i = 0; i < 4; ++i) EXPECT_EQ(r[i].issue_ns, 0u);
       for (std::size_t i = 4; i < 8; ++i) EXPECT_EQ(r[i].issue_ns, 10 * kUs + kMs);
     }},
    {"ThinktimeBlocksCountsCompletions", "[job]\nrw=randread\nthinktime=1ms\nthinktime_blocks=2\nnumber_ios=4\n",
     10 * kUs,
     [](const Requests& r, const FioRequestSource&) {
       ASSERT_EQ(r.size(), 4u);
       EXPECT_EQ(r[0].issue_ns, 0u);
       EXPECT_EQ(r[1].issue_ns, 10 * kUs);
       EXPECT_EQ(r[2].issue_ns, 20 * kUs + kMs);
       EXPECT_EQ(r[3].issue_ns, 30 * kUs + kMs);
     }},
    {"StartdelayShiftsTheJob", "[job]\nrw=read\nstartdelay=2ms\nsize=64k\n", 1000,
     [](const Requests& r, const FioRequestSource&) {
       ASSERT_EQ(r.size(), 16u);
       EXPECT_EQ(r.front().issue_ns, 2 * kMs);
     }},
    {"FsyncEveryNWritesIsAFlush", "[job]\nrw=write\nbs=4k\nsize=64k\nfsync=4\n", 1000,
     [](const Requests& r, const FioRequestSource&) {
       ASSERT_EQ(r.size(), 20u);  // 16 writes, a flush after each 4th
       for (std::size_t i = 0; i < r.size(); ++i) {
         EXPECT_EQ(r[i].request.op, i % 5 == 4 ? HostOp::Flush : HostOp::Write) << i;
       }
     }},
    {"FdatasyncIsAFlushToo", "[job]\nrw=randrw\nfdatasync=1\nnumber_ios=100\nnorandommap\n", 1000,
     [](const Requests& r, const FioRequestSource&) {
       for (std::size_t i = 0; i + 1 < r.size(); ++i) {
         if (r[i].request.op == HostOp::Write) {
           EXPECT_EQ(r[i + 1].request.op, HostOp::Flush);
         }
       }
     }},
    {"TimeBasedRuntimeEndsTheJob", "[job]\nrw=randread\ntime_based\nruntime=1ms\nsize=4k\n", 10 * kUs,
     [](const Requests& r, const FioRequestSource&) {
       EXPECT_EQ(r.size(), 100u);  // one every 10 us from 0 to 990 us, looping over the one block
     }},
    {"RuntimeWithoutTimeBasedStopsAtSize", "[job]\nrw=read\nruntime=1h\nsize=64k\n", 10 * kUs,
     [](const Requests& r, const FioRequestSource&) { EXPECT_EQ(r.size(), 16u); }},
    {"RampTimeExtendsTheRunAndSetsTheWindow", "[job]\nrw=randread\ntime_based\nruntime=1ms\nramp_time=500us\n",
     10 * kUs,
     [](const Requests& r, const FioRequestSource& source) {
       EXPECT_EQ(r.size(), 150u);
       EXPECT_EQ(source.measured_from_ns(), 500 * kUs);
     }},
    {"PercentageRandomZeroIsSequential", "[job]\nrw=randread\npercentage_random=0\nsize=64k\n", 1000,
     [](const Requests& r, const FioRequestSource&) { expect_sequential(r, 0, 4 * KiB); }},
    {"PercentageRandomMixesSequentialContinuations",
     "[job]\nrw=randread\npercentage_random=30\nnorandommap\nnumber_ios=20000\n", 1000,
     [](const Requests& r, const FioRequestSource&) {
       std::size_t continued = 0;
       for (std::size_t i = 1; i < r.size(); ++i) {
         continued += r[i].request.offset_bytes == r[i - 1].request.offset_bytes + r[i - 1].request.size_bytes;
       }
       EXPECT_NEAR(double(continued) / 19999.0, 0.7, five_sigma(0.7, 19999) + 1e-3);
     }},
    {"ZonedSendsAccessesToTheirZones", "[job]\nrw=randread\nrandom_distribution=zoned:80/10:20/90\nnumber_ios=20000\n",
     1000,
     [](const Requests& r, const FioRequestSource&) {
       std::size_t first_tenth = 0;
       for (const auto& x : r) first_tenth += x.request.offset_bytes < kDeviceBytes / 10;
       EXPECT_NEAR(double(first_tenth) / 20000.0, 0.8, five_sigma(0.8, 20000) + 1e-3);
     }},
    {"ZipfRepeatsHotBlocks", "[job]\nrw=randread\nrandom_distribution=zipf:1.2\nnumber_ios=20000\n", 1000,
     [](const Requests& r, const FioRequestSource&) {
       std::map<std::uint64_t, std::size_t> hits;
       for (const auto& x : r) ++hits[x.request.offset_bytes];
       std::size_t hottest = 0;
       for (const auto& [offset, n] : hits) hottest = std::max(hottest, n);
       // Rank 1 of zipf(1.2) over 262144 blocks takes 1 / H = about 20 % of the accesses.
       EXPECT_GT(hottest, 3000u);
       EXPECT_LT(hits.size(), 15000u);
     }},
    {"ParetoRepeatsHotBlocks", "[job]\nrw=randread\nrandom_distribution=pareto:0.9\nnumber_ios=20000\n", 1000,
     [](const Requests& r, const FioRequestSource&) {
       std::map<std::uint64_t, std::size_t> hits;
       for (const auto& x : r) ++hits[x.request.offset_bytes];
       // fio's pareto:h sends a fraction h of the draws to the top 1 - h of the ranks: 90 % to
       // 26214 blocks here. Uniform draws would hit about 19240 distinct blocks.
       EXPECT_LT(hits.size(), 16000u);
     }},
    {"NormalConcentratesAroundTheCentreRanks", "[job]\nrw=randread\nrandom_distribution=normal:0\nnumber_ios=20000\n",
     1000,
     [](const Requests& r, const FioRequestSource&) {
       std::map<std::uint64_t, std::size_t> hits;
       for (const auto& x : r) ++hits[x.request.offset_bytes];
       EXPECT_LT(hits.size(), 19000u);
     }},
    {"IodepthBatchCompleteMinRefillsInBatches",
     "[job]\nrw=randread\niodepth=4\niodepth_batch_complete_min=4\nnumber_ios=12\n", 10 * kUs,
     [](const Requests& r, const FioRequestSource&) {
       ASSERT_EQ(r.size(), 12u);
       for (std::size_t i = 0; i < r.size(); ++i) EXPECT_EQ(r[i].issue_ns, (i / 4) * 10 * kUs);
     }},
    {"TrimJobIssuesTrims", "[job]\nrw=trim\nbs=1m\nsize=4m\n", 1000,
     [](const Requests& r, const FioRequestSource&) {
       ASSERT_EQ(r.size(), 4u);
       EXPECT_EQ(count_op(r, HostOp::Trim), 4u);
       expect_sequential(r, 0, MiB);
     }},
};

class FioJobStreamTest : public ::testing::TestWithParam<StreamCase> {};

TEST_P(FioJobStreamTest, StreamHasTheDocumentedProperties) {
  const StreamCase& c = GetParam();
  TempTraceFile file(c.job_file, ".fio");
  FioRequestSource source(file.path(), kDeviceBytes, kBlockBytes, 7);
  EXPECT_EQ(source.arrival_mode(), ArrivalMode::Paced);
  const Requests requests = run_paced(source, c.service_ns);
  EXPECT_TRUE(source.finished());
  c.check(requests, source);
}

INSTANTIATE_TEST_SUITE_P(Options, FioJobStreamTest, ::testing::ValuesIn(kCases),
                         [](const auto& info) { return std::string(info.param.name); });

std::vector<std::uint64_t> offsets_of(const std::string& job_file, std::uint64_t seed) {
  TempTraceFile file(job_file, ".fio");
  FioRequestSource source(file.path(), kDeviceBytes, kBlockBytes, seed);
  std::vector<std::uint64_t> offsets;
  for (const auto& r : run_paced(source, 1000)) offsets.push_back(r.request.offset_bytes);
  return offsets;
}

TEST(FioJobSeedTest, RandseedFixesTheStreamWhateverTheRunSeed) {
  const std::string with_seed = "[job]\nrw=randread\nrandseed=42\nnorandommap\nnumber_ios=50\n";
  EXPECT_EQ(offsets_of(with_seed, 1), offsets_of(with_seed, 2));
  const std::string without = "[job]\nrw=randread\nnorandommap\nnumber_ios=50\n";
  EXPECT_EQ(offsets_of(without, 1), offsets_of(without, 1));  // same run seed, same stream
  EXPECT_NE(offsets_of(without, 1), offsets_of(without, 2));
}

TEST(FioJobSeedTest, ClonesOfAJobDrawDifferentOffsets) {
  TempTraceFile file("[job]\nrw=randread\nnorandommap\nnumber_ios=20\nnumjobs=2\n", ".fio");
  FioRequestSource source(file.path(), kDeviceBytes, kBlockBytes, 1);
  std::map<std::uint32_t, std::vector<std::uint64_t>> by_flow;
  for (const auto& r : run_paced(source, 1000)) by_flow[r.request.stream].push_back(r.request.offset_bytes);
  EXPECT_NE(by_flow[0], by_flow[1]);
}

}  // namespace
}  // namespace ssdtlm
