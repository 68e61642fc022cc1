// Semi-preemptive GC ([Lee et al. 2011]) and program/erase suspend, end to end with exact times.
//
// The scene: one die, one plane of 16 blocks of 4 pages, 48 logical pages, ideal bus, no
// firmware cycles, 25 / 200 / 1500 us ([Lee et al. 2011]'s timings), fifo victim selection, GC between
// 2 and more than 2 free blocks. After the fill (blocks 0-11), host writes of logical pages
// 0, 1, 4, 5, 6, 7, 8 and 9 (one every millisecond) leave block 0 with two valid pages
// (logical 2 and 3) and block 1 with none; the eighth write fills the open block at 2 free
// blocks, so a GC cycle starts the moment that write's program is issued. It collects block 0
// (two page copies and an erase: [Lee et al. 2011]'s 1.95 ms), then block 1 (an erase), and ends at 3
// free blocks. The GC's first step queues behind that host program, so with F = the FTL's
// arrival time of the eighth write, the GC runs (semi, one step at a time; times in us):
//     F+200 r1 F+225 p1 F+425 r2 F+450 p2 F+650 erase F+2150 erase F+3650
// and without preemption (`none`: both reads issued at once, each program when its read ends):
//     F+200 r1 F+225 r2 F+250 p1 F+450 p2 F+650 erase F+2150 erase F+3650
// A host read of an unrelated page then arrives at a chosen time and the test checks when it
// completes.
#include <gtest/gtest.h>

#include "models/host/workload/request_source_factory.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/ssd_platform.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"
#include "tests/unit/support/vector_request_source.h"

namespace ssdtlm {
namespace {

using testing::make_config;
using testing::page_request;
using testing::VectorRequestSource;

constexpr std::uint64_t kUs = 1'000'000;  // ps
constexpr std::uint64_t kTr = 25 * kUs, kTprog = 200 * kUs, kTbers = 1500 * kUs;
constexpr std::uint64_t kProgramSuspend = 20 * kUs, kEraseSuspend = 40 * kUs, kResume = 5 * kUs;
// [Lee et al. 2011]'s example: a victim with two valid pages, 2 x (25 + 200) + 1500 = 1950 us.
constexpr std::uint64_t kSeedExampleGc = 2 * (kTr + kTprog) + kTbers;
static_assert(kSeedExampleGc == 1950 * kUs);
// The whole cycle after F: the host program ahead, block 0, block 1.
constexpr std::uint64_t kCycle = kTprog + kSeedExampleGc + kTbers;

nlohmann::json scene(const std::string& preemption) {
  return {
      {"nand",
       {{"page_size_bytes", 4096}, {"pages_per_block", 4}, {"blocks_per_plane", 16}, {"planes_per_die", 1},
        {"dies_per_chip", 1},
        {"timing",
         {{"read_us", 25}, {"program_us", 200}, {"erase_us", 1500}, {"program_suspend_us", 20},
          {"erase_suspend_us", 40}, {"resume_us", 5}}}}},
      {"controller", {{"channels", 1}, {"chips_per_channel", 1}}},
      {"channel", {{"transfer_rate_mts", 0}, {"command_cycle_ns", 0}}},
      {"ftl",
       {{"spare_factor", 0.25},
        {"gc",
         {{"preemption", preemption},
          {"policy", "fifo"},
          {"free_block_low_watermark", 0.125},
          {"free_block_high_watermark", 0.125},
          // State 1 throughout unless a test says otherwise.
          {"semi", {{"pipeline", false}, {"state2_watermark", 0.0}, {"state3_watermark", 0.0}}}}}}},
      {"host", {{"nvme", {{"command_overhead_ns", 0}}}, {"pcie", {{"lanes", 4}, {"lane_bandwidth_mbps", 1000}}}}},
  };
}

struct Outcome {
  std::uint64_t trigger_write_at_ftl_ps = 0;  // F: the eighth write at the FTL
  std::uint64_t read_at_ftl_ps = 0;          // the read's arrival at the FTL
  std::uint64_t read_done_at_flash_ps = 0;   // its data is in the controller
  std::uint64_t gc_end_ps = 0;               // F + GC busy time (one cycle)
  nlohmann::json stats;
};

class SemiPreemptiveGcTest : public testing::SystemCTest {
 protected:
  // Runs the scene; the read (or write) of `read_lpn` reaches the FTL `read_offset_ps` after F.
  Outcome run_scene(const nlohmann::json& overrides, std::uint64_t read_offset_ps, std::uint64_t read_lpn = 20,
                    HostOp op = HostOp::Read, std::uint64_t expected_moves = 2) {
    testing::fresh_kernel();  // one elaboration per kernel, several runs per test
    const SsdConfig config = make_config(overrides);
    const auto& pcie = config.host_interface.pcie;
    const std::uint64_t command_ps = pcie.transfer_ps(64), data_ps = pcie.transfer_ps(4096),
                        completion_ps = pcie.transfer_ps(16);
    Outcome out;
    const std::uint64_t trigger_write_arrival_ps = 7000 * kUs;
    out.trigger_write_at_ftl_ps = trigger_write_arrival_ps + command_ps + data_ps;
    out.read_at_ftl_ps = out.trigger_write_at_ftl_ps + read_offset_ps;
    const std::uint64_t read_arrival_ps = out.read_at_ftl_ps - command_ps - (op == HostOp::Write ? data_ps : 0);
    // Arrivals are in ns: keep them whole.
    EXPECT_EQ(read_arrival_ps % 1000, 0u);
    std::vector<HostRequest> requests;
    int k = 0;
    for (int lpn : {0, 1, 4, 5, 6, 7, 8, 9}) requests.push_back(page_request(HostOp::Write, lpn, 4096, 1'000'000ull * k++));
    requests.push_back(page_request(op, read_lpn, 4096, read_arrival_ps / 1000));

    SsdPlatform platform("ssd", config);
    platform.attach_workload(std::make_unique<VectorRequestSource>(requests, ArrivalMode::OpenLoop, 0));
    platform.precondition(PreconditionMode::Fill);
    platform.run();
    out.stats = platform.statistics();
    EXPECT_EQ(out.stats["gc"]["victims"], 2);
    EXPECT_EQ(out.stats["gc"]["pages_moved"], expected_moves);
    const auto& read = platform.host_statistics().op(op);
    EXPECT_EQ(read.count, op == HostOp::Write ? 9u : 1u);
    const auto latency_ps = static_cast<std::uint64_t>(std::llround(read.latency.max_ns() * 1000.0));
    // A write's latency ends with its completion entry; a read's also carries its data.
    out.read_done_at_flash_ps = read_arrival_ps + latency_ps - completion_ps - (op == HostOp::Read ? data_ps : 0);
    out.gc_end_ps = out.trigger_write_at_ftl_ps + platform.ftl().flash_statistics().gc_busy_ps;
    return out;
  }
};

// The GC's own timeline in the scene: [Lee et al. 2011]'s 1.95 ms for block 0 after the host program it
// queues behind, then the erase of block 1.
TEST_F(SemiPreemptiveGcTest, GcCycleTimeIsTheSameInBothModesWithoutHostReads) {
  for (const char* mode : {"none", "semi"}) {
    Outcome out = run_scene(scene(mode), 5000 * kUs);  // the read comes after everything
    EXPECT_EQ(out.gc_end_ps - out.trigger_write_at_ftl_ps, kCycle) << mode;
    EXPECT_EQ(out.read_done_at_flash_ps, out.read_at_ftl_ps + kTr) << mode;
  }
}

// A read arriving while the GC programs its first copy (100 us into p1 of the semi timeline).
TEST_F(SemiPreemptiveGcTest, ReadDuringCopyWaitsOnlyForTheCurrentPageOperationWithSemi) {
  const std::uint64_t offset = kTprog + kTr + 100 * kUs;  // F + 325 us
  {
    // none: both GC reads were queued at once and p2 when r2 ended (F+250), before the read
    // came: it waits for r1, r2, p1 and p2, i.e. until F+650, and delays the erase.
    Outcome out = run_scene(scene("none"), offset);
    EXPECT_EQ(out.read_done_at_flash_ps, out.trigger_write_at_ftl_ps + kTprog + 2 * kTr + 2 * kTprog + kTr);
    EXPECT_EQ(out.gc_end_ps, out.trigger_write_at_ftl_ps + kTprog + 3 * kTr + 2 * kTprog + 2 * kTbers);
  }
  {
    // semi: the GC yields after p1 (F+425): the read runs before r2.
    Outcome out = run_scene(scene("semi"), offset);
    EXPECT_EQ(out.read_done_at_flash_ps, out.trigger_write_at_ftl_ps + kTprog + kTr + kTprog + kTr);
    EXPECT_EQ(out.read_done_at_flash_ps - out.read_at_ftl_ps, 100 * kUs + kTr);  // rest of p1, then tR
    EXPECT_EQ(out.gc_end_ps, out.trigger_write_at_ftl_ps + kTprog + 3 * kTr + 2 * kTprog + 2 * kTbers);
    EXPECT_EQ(out.stats["gc"]["semi"]["steps"], 6);  // r p r p erase erase
  }
  {
    // semi with the pipeline: r2 was queued with p1, so the read also waits for r2.
    nlohmann::json config = scene("semi");
    config["ftl"]["gc"]["semi"]["pipeline"] = true;
    Outcome out = run_scene(config, offset);
    EXPECT_EQ(out.read_done_at_flash_ps, out.trigger_write_at_ftl_ps + kTprog + kTr + kTprog + kTr + kTr);
  }
}

TEST_F(SemiPreemptiveGcTest, ReadDuringProgramWithSuspendWaitsOneSuspendLatency) {
  const std::uint64_t offset = kTprog + kTr + 100 * kUs;  // 100 us into p1
  nlohmann::json config = scene("semi");
  config["controller"]["suspend"] = {{"enabled", true}};
  Outcome out = run_scene(config, offset);
  EXPECT_EQ(out.read_done_at_flash_ps, out.read_at_ftl_ps + kProgramSuspend + kTr);
  // p1 resumes with its remaining 100 us after the resume latency; the rest follows.
  const std::uint64_t p1_end = out.read_at_ftl_ps + kProgramSuspend + kTr + kResume + 100 * kUs;
  EXPECT_EQ(out.gc_end_ps, p1_end + kTr + kTprog + 2 * kTbers);
  EXPECT_EQ(out.stats["flash"]["suspend"]["program_suspensions"], 1);
  EXPECT_EQ(out.stats["flash"]["suspend"]["reads_during_suspension"], 1);
}

TEST_F(SemiPreemptiveGcTest, ReadDuringEraseWaitsForTheEraseOrOneEraseSuspendLatency) {
  const std::uint64_t offset = 1000 * kUs;  // 350 us into the erase (F+650 .. F+2150)
  {
    Outcome out = run_scene(scene("semi"), offset);  // the erase is the current step
    EXPECT_EQ(out.read_done_at_flash_ps, out.trigger_write_at_ftl_ps + 2150 * kUs + kTr);
  }
  {
    Outcome out = run_scene(scene("none"), offset);  // the same: the rest of the GC
    EXPECT_EQ(out.read_done_at_flash_ps, out.trigger_write_at_ftl_ps + 2150 * kUs + kTr);
  }
  {
    nlohmann::json config = scene("semi");
    config["controller"]["suspend"] = {{"enabled", true}};
    Outcome out = run_scene(config, offset);
    EXPECT_EQ(out.read_done_at_flash_ps, out.read_at_ftl_ps + kEraseSuspend + kTr);
    EXPECT_EQ(out.gc_end_ps, out.trigger_write_at_ftl_ps + 2150 * kUs + kEraseSuspend + kTr + kResume + kTbers);
    EXPECT_EQ(out.stats["flash"]["suspend"]["erase_suspensions"], 1);
  }
}

// State 3 (here: at or below 2 free blocks, where the plane is during the whole cycle): the
// read is held until the GC cycle ends, even with suspend enabled.
TEST_F(SemiPreemptiveGcTest, State3IsNeverPreempted) {
  const std::uint64_t offset = kTprog + kTr + 100 * kUs;
  for (bool suspend : {false, true}) {
    nlohmann::json config = scene("semi");
    config["ftl"]["gc"]["semi"]["state2_watermark"] = 0.125;
    config["ftl"]["gc"]["semi"]["state3_watermark"] = 0.125;
    config["controller"]["suspend"] = {{"enabled", suspend}};
    Outcome out = run_scene(config, offset);
    EXPECT_EQ(out.gc_end_ps, out.trigger_write_at_ftl_ps + kCycle) << suspend;
    EXPECT_EQ(out.read_done_at_flash_ps, out.gc_end_ps + kTr) << suspend;
    EXPECT_EQ(out.stats["gc"]["semi"]["held_host_reads"], 1);
    const auto& points = out.stats["gc"]["semi"]["preemption_points_by_state"];
    EXPECT_EQ(points[1], 0);
    EXPECT_EQ(points[2], 0);
    EXPECT_GT(points[3].get<int>(), 0);
    if (suspend) {
      EXPECT_EQ(out.stats["flash"]["suspend"]["program_suspensions"], 0);
      EXPECT_EQ(out.stats["flash"]["suspend"]["erase_suspensions"], 0);
    }
  }
}

// Without the yield switch the semi engine is not preemptible at all (the paper's baseline).
TEST_F(SemiPreemptiveGcTest, WithoutYieldTheReadWaitsForTheWholeGc) {
  nlohmann::json config = scene("semi");
  config["ftl"]["gc"]["semi"]["yield"] = false;
  config["ftl"]["gc"]["semi"]["merge"] = false;
  Outcome out = run_scene(config, kTprog + kTr + 100 * kUs);
  EXPECT_EQ(out.read_done_at_flash_ps, out.trigger_write_at_ftl_ps + kCycle + kTr);
}

// Merge: a read of the victim's page the GC is about to copy is answered by the GC's read;
// a read of the page the GC holds in its buffer (read, program in flight) is answered from it.
TEST_F(SemiPreemptiveGcTest, ReadOfAPageBeingMovedIsMergedIntoTheGc) {
  const std::uint64_t offset = kTprog + kTr + 100 * kUs;  // during p1 (the copy of logical 2)
  {
    Outcome out = run_scene(scene("semi"), offset, /*read_lpn=*/3);
    EXPECT_EQ(out.read_done_at_flash_ps, out.trigger_write_at_ftl_ps + kTprog + kTr + kTprog + kTr);  // r2
    EXPECT_EQ(out.stats["flash"]["reads"]["host"], 0);
    EXPECT_EQ(out.stats["gc"]["semi"]["merged_host_reads"], 1);
    // No extra read on the die: the GC ends as if the host had not read.
    EXPECT_EQ(out.gc_end_ps, out.trigger_write_at_ftl_ps + kCycle);
  }
  {
    nlohmann::json config = scene("semi");
    config["ftl"]["write_buffer"] = {{"access_ns", 100}};
    Outcome out = run_scene(config, offset, /*read_lpn=*/2);
    EXPECT_EQ(out.read_done_at_flash_ps, out.read_at_ftl_ps + 100'000);  // one DRAM access
    EXPECT_EQ(out.stats["flash"]["reads"]["host"], 0);
    EXPECT_EQ(out.stats["gc"]["semi"]["merged_host_reads"], 1);
  }
  {
    nlohmann::json config = scene("semi");
    config["ftl"]["gc"]["semi"]["merge"] = false;  // the switch: an ordinary read after p1
    Outcome out = run_scene(config, offset, /*read_lpn=*/3);
    EXPECT_EQ(out.stats["flash"]["reads"]["host"], 1);
    EXPECT_EQ(out.read_done_at_flash_ps, out.trigger_write_at_ftl_ps + kTprog + kTr + kTprog + kTr);
    EXPECT_EQ(out.gc_end_ps, out.trigger_write_at_ftl_ps + kTprog + 3 * kTr + 2 * kTprog + 2 * kTbers);
  }
}

// State 2: a host write arriving during the GC waits (before allocation) until the plane is
// back in State 1 or the cycle ends; a read does not. With merge, a held write of a page the
// GC has still to move is programmed as the GC's next step instead of that move.
TEST_F(SemiPreemptiveGcTest, State2HoldsWritesAndMergeTurnsThemIntoGcWork) {
  const std::uint64_t offset = kTprog + kTr + 100 * kUs;  // during p1
  nlohmann::json config = scene("semi");
  config["ftl"]["gc"]["semi"]["state2_watermark"] = 0.125;  // at or below 2 free blocks
  {
    Outcome out = run_scene(config, offset, /*lpn=*/20, HostOp::Write);
    // Held until the cycle ends (3 free blocks), then programmed: the write is the slowest.
    EXPECT_EQ(out.read_done_at_flash_ps, out.gc_end_ps + kTprog);
    EXPECT_EQ(out.gc_end_ps, out.trigger_write_at_ftl_ps + kCycle);
    EXPECT_EQ(out.stats["gc"]["host_writes_waited"], 1);
  }
  {
    Outcome out = run_scene(config, offset, /*lpn=*/20);  // a read still preempts
    EXPECT_EQ(out.read_done_at_flash_ps, out.trigger_write_at_ftl_ps + kTprog + kTr + kTprog + kTr);
  }
  {
    // Logical 3 sits in the victim, its copy not started: after p1 the GC programs the host's
    // data instead of copying the old page (one read and one program saved).
    Outcome out = run_scene(config, offset, /*lpn=*/3, HostOp::Write, /*expected_moves=*/1);
    const std::uint64_t p1_end = out.trigger_write_at_ftl_ps + kTprog + kTr + kTprog;
    EXPECT_EQ(out.read_done_at_flash_ps, p1_end + kTprog);
    EXPECT_EQ(out.gc_end_ps, p1_end + kTprog + 2 * kTbers);
    EXPECT_EQ(out.stats["gc"]["semi"]["merged_host_writes"], 1);
  }
}

// `none` keeps the old engine: no semi statistics, no suspend statistics.
TEST_F(SemiPreemptiveGcTest, NoneAddsNothingToTheStatistics) {
  Outcome out = run_scene(scene("none"), 5000 * kUs);
  EXPECT_FALSE(out.stats["gc"].contains("semi"));
  EXPECT_FALSE(out.stats["flash"].contains("suspend"));
}

// A busy mixed workload with GC running, per variant: every request completes (GC always
// completes and no host request starves: the run ends only when both are done), data mode
// finds no mismatch, and each technique is exercised.
struct StressCase {
  const char* name;
  bool merge;
  bool pipeline;
  bool copyback;
  bool suspend;
  double state2;
  double state3;
  bool yield;
};

class SemiPreemptiveGcStressTest : public testing::SystemCTest, public ::testing::WithParamInterface<StressCase> {};

TEST_P(SemiPreemptiveGcStressTest, EveryRequestCompletesAndDataStaysCorrect) {
  const StressCase& c = GetParam();
  nlohmann::json overrides = {
      {"nand", {{"pages_per_block", 8}, {"blocks_per_plane", 32}, {"planes_per_die", 2}, {"data_mode", true}}},
      {"controller",
       {{"channels", 2}, {"chips_per_channel", 1}, {"copyback", c.copyback},
        {"suspend", {{"enabled", c.suspend}, {"max_per_operation", 2}}}}},
      {"ftl",
       {{"spare_factor", 0.3},
        {"gc",
         {{"preemption", "semi"},
          {"free_block_low_watermark", 0.15},
          {"free_block_high_watermark", 0.2},
          {"semi",
           {{"merge", c.merge}, {"pipeline", c.pipeline}, {"yield", c.yield}, {"state2_watermark", c.state2},
            {"state3_watermark", c.state3}}}}},
        {"cpu", {{"cycles_per_gc_page", 500}, {"cycles_per_host_read", 100}}}}},
  };
  const SsdConfig config = testing::make_config(overrides);
  SsdPlatform platform("ssd", config);
  const std::uint64_t count = 6000;
  // Bursty open-loop arrivals on a hot range, so host requests meet GC on the same planes.
  const WorkloadSpec spec = parse_workload_spec(
      "mixed:count=6000,read=0.5,size=4KiB:3/8KiB:1,arrival=bursty,rate=6k,on=2ms,off=2ms,qd=32,"
      "dist=hotcold:r=0.8,f=0.25",
      "test");
  platform.attach_workload(make_request_source(spec, platform.logical_bytes(), 4096, config.seed));
  platform.precondition(PreconditionMode::Fill);
  platform.run();

  ASSERT_TRUE(platform.workload_done());
  EXPECT_TRUE(platform.ftl().idle());
  const auto stats = platform.statistics();
  EXPECT_EQ(stats["host"]["requests"].get<std::uint64_t>(), count);
  EXPECT_GT(stats["gc"]["victims"].get<std::uint64_t>(), 20u) << "GC must actually run in this test";
  EXPECT_EQ(stats["data_integrity"]["mismatches"], 0);
  EXPECT_EQ(stats["data_integrity"]["checked_pages"], platform.core().logical_pages());
  EXPECT_EQ(platform.core().check_consistency(), "");
  const auto& semi = stats["gc"]["semi"];
  if (c.merge && !c.copyback) {
    EXPECT_GT(semi["merged_host_reads"].get<std::uint64_t>(), 0u);
  }
  if (c.suspend) {
    EXPECT_GT(stats["flash"]["suspend"]["reads_during_suspension"].get<std::uint64_t>(), 0u);
  }
  if ((c.state3 > 0 && c.state3 >= c.state2) || !c.yield) {
    EXPECT_GT(semi["preemption_points_by_state"][3].get<std::uint64_t>(), 0u);
  }
  // No request starves: the run lasts over 1.5 simulated seconds, and the slowest request
  // (State 3 throughout: held for whole GC cycles) completes within a fraction of it.
  EXPECT_GT(stats["sim_time_ns"].get<double>(), 1.5e9);
  EXPECT_LT(stats["host"]["read"]["latency_us"]["max"].get<double>(), 500000.0);
  EXPECT_LT(stats["host"]["write"]["latency_us"]["max"].get<double>(), 500000.0);
}

INSTANTIATE_TEST_SUITE_P(
    Techniques, SemiPreemptiveGcStressTest,
    ::testing::Values(StressCase{"all", true, true, false, false, 0.1, 0.05, true},
                      StressCase{"no_merge", false, true, false, false, 0.1, 0.05, true},
                      StressCase{"no_pipeline", true, false, false, false, 0.1, 0.05, true},
                      StressCase{"suspend", true, true, false, true, 0.1, 0.05, true},
                      StressCase{"copyback", true, true, true, true, 0.1, 0.05, true},
                      StressCase{"state1_only", true, true, false, true, 0.0, 0.0, true},
                      StressCase{"state3_always", true, false, false, true, 0.5, 0.5, true},
                      StressCase{"no_yield", true, true, false, false, 0.1, 0.05, false}),
    [](const ::testing::TestParamInfo<StressCase>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace ssdtlm
