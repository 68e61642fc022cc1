// The measured window of stats.json (README, "The window of stats.json"): a warm-up (ramp=) is
// left out of every figure, and write_amplification is the window's, the drain's share beside
// it. A run with ramp=N,count=C simulates exactly what count=N+C does; its figures are that
// run's from the N-th completion on.
#include <gtest/gtest.h>

#include <vector>

#include "models/host/workload/request_source_factory.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/simulation_session.h"
#include "platforms/ssd_platform.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

// 4 planes of 64 blocks of 32 pages, filled: a few thousand 4 KiB writes collect GC victims.
nlohmann::json small_drive() {
  return {{"nand", {{"page_size_bytes", 4096}, {"pages_per_block", 32}, {"blocks_per_plane", 64}, {"planes_per_die", 2}}},
          {"controller", {{"channels", 2}, {"chips_per_channel", 1}}},
          {"ftl", {{"spare_factor", 0.25}}}};
}

struct WindowRun {
  nlohmann::json stats;
  std::vector<RequestTiming> timings;  // in completion order
  std::uint64_t end_ps = 0;            // the window's end
};

WindowRun run(const char* workload) {
  testing::fresh_kernel();
  const SsdConfig config = testing::make_config(small_drive());
  SsdPlatform platform("ssd", config);
  platform.host_statistics().keep_request_timings();
  platform.precondition(PreconditionMode::Fill);
  const WorkloadSpec spec = parse_workload_spec(workload, "test");
  platform.attach_workload(make_request_source(spec, platform.logical_bytes(), 4096, config.seed));
  platform.run();
  EXPECT_TRUE(platform.workload_done());
  return {platform.statistics(), platform.host_statistics().request_timings()->timings(), platform.measured_window_ps()};
}

std::uint64_t at(const nlohmann::json& stats, const char* pointer) {
  return stats.at(nlohmann::json::json_pointer(pointer)).get<std::uint64_t>();
}

TEST(MeasuredWindowTest, CountedWarmupIsTheRunMinusItsFirstCompletions) {
  const WindowRun whole = run("random-write:qd=8,count=3000,size=4KiB");
  const WindowRun ramped = run("random-write:qd=8,count=2000,ramp=1000,size=4KiB");
  const nlohmann::json& w = whole.stats;
  const nlohmann::json& r = ramped.stats;
  ASSERT_GT(at(w, "/gc/victims"), 0u) << "the test needs GC in the run";

  // The same simulation: the same completions at the same times, the same end and drain.
  ASSERT_EQ(whole.timings.size(), 3000u);
  ASSERT_EQ(ramped.timings.size(), 2000u);
  for (std::size_t i = 0; i < 2000; ++i) {
    ASSERT_EQ(ramped.timings[i].complete_ps, whole.timings[1000 + i].complete_ps) << i;
    ASSERT_EQ(ramped.timings[i].submit_ps, whole.timings[1000 + i].submit_ps) << i;
  }
  EXPECT_EQ(r["sim_time_ns"], w["sim_time_ns"]);
  EXPECT_EQ(r["drain_time_ns"], w["drain_time_ns"]);
  EXPECT_EQ(r["drain"], w["drain"]);

  // The window starts at the 1000th completion; the host figures are the 2000 after it.
  const std::uint64_t start_ps = whole.timings[999].complete_ps;
  EXPECT_EQ(at(r, "/window/start_ns"), start_ps / 1000);
  EXPECT_EQ(at(r, "/host/measured_from_ns"), start_ps / 1000);
  EXPECT_EQ(at(r, "/host/write/count"), 2000u);
  EXPECT_EQ(at(r, "/host/requests"), 3000u);
  EXPECT_EQ(at(r, "/warmup/requests"), 1000u);
  EXPECT_TRUE(r["warmup"]["ended"].get<bool>());
  EXPECT_DOUBLE_EQ(r["host"]["write"]["iops"].get<double>(), 2000.0 / (double(ramped.end_ps - start_ps) * 1e-12));

  // Device counters: the whole run's less the warm-up's snapshot; window plus drain is the total.
  for (const auto& [total, part] : {std::pair{"/flash/reads/total", "/warmup/flash_reads"},
                                    std::pair{"/flash/programs/total", "/warmup/flash_programs"},
                                    std::pair{"/flash/erases/total", "/warmup/flash_erases"},
                                    std::pair{"/gc/victims", "/warmup/gc_victims"},
                                    std::pair{"/gc/pages_moved", "/warmup/gc_pages_moved"}}) {
    EXPECT_EQ(at(r, total) + at(r, part), at(w, total)) << total;
  }
  EXPECT_EQ(at(r, "/window/flash_programs") + at(r, "/drain/flash_programs"), at(r, "/flash/programs/total"));
  EXPECT_EQ(at(r, "/window/gc_victims") + at(r, "/drain/gc_victims"), at(r, "/gc/victims"));
  EXPECT_EQ(at(r, "/warmup/flash_programs") + at(r, "/window/flash_programs"), at(w, "/window/flash_programs"));
  EXPECT_GT(at(r, "/warmup/flash_programs"), 0u);
  EXPECT_EQ(at(w, "/warmup/flash_programs"), 0u);
  EXPECT_EQ(at(w, "/window/start_ns"), 0u);

  // Without a write buffer every host program completes before its request: the window holds
  // them all, and write_amplification is the window's programs over them.
  for (const nlohmann::json* stats : {&w, &r}) {
    const double host = double(at(*stats, "/flash/programs/host"));
    EXPECT_DOUBLE_EQ((*stats)["write_amplification"].get<double>(), double(at(*stats, "/window/flash_programs")) / host);
    EXPECT_DOUBLE_EQ((*stats)["write_amplification_with_drain"].get<double>(),
                     double(at(*stats, "/flash/programs/total")) / host);
  }
  for (const nlohmann::json& utilization : r["die_utilization"]) {
    EXPECT_GT(utilization.get<double>(), 0.0);
    EXPECT_LE(utilization.get<double>(), 1.0);
  }
  EXPECT_NE(r["die_utilization"], w["die_utilization"]);
}

TEST(MeasuredWindowTest, TimedWarmupStartsTheWindowAtItsTimeAndCountCountsAfterIt) {
  const WindowRun ramped = run("random-write:qd=8,count=1500,ramp=2ms,size=4KiB");
  const nlohmann::json& r = ramped.stats;
  EXPECT_EQ(at(r, "/window/start_ns"), 2'000'000u);
  EXPECT_EQ(at(r, "/host/write/count"), 1500u);
  EXPECT_EQ(at(r, "/warmup/requests") + 1500u, at(r, "/host/requests"));
  ASSERT_FALSE(ramped.timings.empty());
  EXPECT_GE(ramped.timings.front().complete_ps, 2'000'000'000u);
  EXPECT_GT(at(r, "/warmup/requests"), 0u);
}

TEST(MeasuredWindowTest, TimeCountsFromTheEndOfACountedWarmup) {
  const WindowRun ramped = run("random-write:qd=8,time=1ms,ramp=500,size=4KiB");
  const nlohmann::json& r = ramped.stats;
  ASSERT_FALSE(ramped.timings.empty());
  // The window starts at the 500th completion, at or before the first measured one.
  const std::uint64_t start_ns = at(r, "/window/start_ns");
  ASSERT_GE(ramped.timings.front().complete_ps / 1000, start_ns);
  const std::uint64_t start_ps = ramped.timings.front().complete_ps;
  EXPECT_EQ(at(r, "/warmup/requests"), 500u);
  // Issuing stops 1 ms after the window's start: every measured request was submitted before.
  std::uint64_t last_submit_ps = 0;
  for (const RequestTiming& t : ramped.timings) last_submit_ps = std::max(last_submit_ps, t.submit_ps);
  EXPECT_LT(last_submit_ps, start_ps + 1'000'000'000u);
  EXPECT_GT(at(r, "/host/write/count"), 0u);
}

TEST(MeasuredWindowTest, AWorkloadThatEndsInsideItsWarmupMeasuresNothingAndSaysSo) {
  testing::fresh_kernel();
  SimulationSession session(ssd_parameter_schema().validate_and_fill(small_drive(), "test"), "test");
  // It stops issuing at 100 us, long before 1000 requests have completed.
  session.add_workload(parse_workload_spec("random-write:qd=4,count=100,ramp=1000,size=4KiB", "test"), 0,
                       100'000, 1);
  ASSERT_TRUE(session.run_to_completion());
  const nlohmann::json stats = session.statistics();
  EXPECT_FALSE(stats["warmup"]["ended"].get<bool>());
  EXPECT_EQ(at(stats, "/host/write/count"), 0u);
  EXPECT_EQ(at(stats, "/window/flash_programs"), 0u);
  EXPECT_EQ(at(stats, "/flash/programs/total"), at(stats, "/drain/flash_programs"));
  EXPECT_GT(at(stats, "/warmup/flash_programs"), 0u);
  ASSERT_TRUE(stats.contains("warnings"));
  EXPECT_EQ(stats["warnings"][0]["kind"], "warmup_unfinished");
}

}  // namespace
}  // namespace ssdtlm
