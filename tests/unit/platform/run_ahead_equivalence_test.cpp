// Run-ahead (models/kernel/event_loop.h) is exact: a whole timed run with GC, several dies on
// a shared channel and the timeline sampler gives the same stats.json with and without it, and
// it actually takes most callbacks without a kernel wake-up.
#include <gtest/gtest.h>

#include "models/host/workload/request_source_factory.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/ssd_platform.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

nlohmann::json small_collecting_ssd() {
  return {
      {"nand", {{"page_size_bytes", 4096}, {"pages_per_block", 16}, {"blocks_per_plane", 24},
                {"planes_per_die", 2}, {"dies_per_chip", 1}}},
      {"controller", {{"channels", 2}, {"chips_per_channel", 2}}},
      {"ftl", {{"spare_factor", 0.2}}},
      {"stats", {{"timeline_interval_us", 10000}}},
  };
}

// Removes the wall-clock figures, which differ between any two runs.
void drop_wall_figures(nlohmann::json& j) {
  if (!j.is_object()) return;
  for (auto it = j.begin(); it != j.end();) {
    if (it.key().find("wall") != std::string::npos) {
      it = j.erase(it);
    } else {
      drop_wall_figures(*it);
      ++it;
    }
  }
}

struct RunResult {
  nlohmann::json stats;
  std::uint64_t end_ps = 0, activations = 0, callbacks = 0;
};

RunResult run_mixed_workload(bool run_ahead, const std::string& workload) {
  testing::fresh_kernel();
  EventLoop::set_run_ahead_enabled(run_ahead);
  const SsdConfig config = testing::make_config(small_collecting_ssd());
  SsdPlatform platform("ssd", config);
  platform.attach_workload(make_request_source(parse_workload_spec(workload, "test"), platform.logical_bytes(),
                                               config.host_interface.logical_block_bytes, 7));
  platform.precondition(PreconditionMode::Steady);
  platform.run();
  RunResult result;
  result.stats = platform.statistics();
  drop_wall_figures(result.stats);
  result.end_ps = sc_core::sc_time_stamp().value();
  result.activations = platform.event_loop().activations();
  result.callbacks = platform.event_loop().callbacks_run();
  EventLoop::set_run_ahead_enabled(true);
  return result;
}

class RunAheadEquivalenceTest : public testing::SystemCTest {};

TEST_F(RunAheadEquivalenceTest, MixedWorkloadWithGcGivesIdenticalStatistics) {
  const std::string workload = "mixed:qd=16,count=3000,read=0.3,size=4KiB";
  const RunResult stepped = run_mixed_workload(false, workload);
  const RunResult ahead = run_mixed_workload(true, workload);
  ASSERT_GT(stepped.end_ps, 0u);
  EXPECT_EQ(ahead.stats.dump(2), stepped.stats.dump(2));
  EXPECT_EQ(ahead.end_ps, stepped.end_ps);
  EXPECT_EQ(ahead.callbacks, stepped.callbacks);
  // Stepped: one wake-up per distinct instant. Run-ahead: one per timeline sample and little else.
  EXPECT_GT(stepped.activations, stepped.callbacks / 4);
  EXPECT_LT(ahead.activations * 20, stepped.activations) << "end " << ahead.end_ps << " ps, " << ahead.callbacks << " callbacks";
}

}  // namespace
}  // namespace ssdtlm
