// The summary's opening lines say what ran (platforms/run_summary.h): the platform as its
// preset and the keys changed from it, capacity and spare, workload, preconditioning, and the
// measured window with its warm-up and drain.
#include <gtest/gtest.h>

#include "models/host/workload/workload_spec.h"
#include "platforms/run_summary.h"
#include "platforms/ssd_config.h"

namespace ssdtlm {
namespace {

nlohmann::json slc_2011_with_changes() {
  nlohmann::json effective = load_platform_document("slc-2011", {"nand.blocks_per_plane=128", "ftl.gc.policy=fifo"});
  effective["workload"] = to_json(parse_workload_spec("random-write:qd=8,count=100,ramp=200,size=4KiB", "test"));
  effective["precondition"] = "steady";
  return effective;
}

TEST(RunSummaryTest, ChangesAreTheKeysThatDifferFromThePresetNotTheRunsOwn) {
  const PresetChanges changes = changes_from_preset(slc_2011_with_changes());
  EXPECT_TRUE(changes.found);
  EXPECT_EQ(changes.preset, "preset slc-2011");
  EXPECT_EQ(changes.changes, (std::vector<std::string>{"ftl.gc.policy=fifo", "nand.blocks_per_plane=128"}));
  EXPECT_TRUE(changes_from_preset(load_platform_document("slc-2011", {})).changes.empty());

  nlohmann::json renamed = load_platform_document("slc-2011", {"name=my-drive"});
  EXPECT_FALSE(changes_from_preset(renamed).found);
  EXPECT_EQ(changes_from_preset(renamed).preset, "my-drive (no preset of that name to compare with)");
  renamed.erase("name");
  EXPECT_EQ(changes_from_preset(renamed).preset, "a configuration without a name (no preset to compare with)");
}

TEST(RunSummaryTest, OpeningLinesSayWhatRan) {
  const nlohmann::json stats = {
      {"sim_time_ns", 5'000'000},
      {"drain_time_ns", 250'000},
      {"interrupted", false},
      {"window", {{"start_ns", 1'000'000}}},
      {"warmup", {{"requests", 200}, {"ended", true}}},
      {"precondition", {{"mode", "steady"}, {"steady_write_amplification", 2.5}}},
      {"capacity",
       {{"logical_bytes", 1ull << 30}, {"physical_bytes", 3ull << 29}, {"spare_blocks_per_plane", 4.484375},
        {"spare_for_data_fraction", 0.331}}}};
  const std::vector<std::string> lines = run_description(stats, slc_2011_with_changes());
  EXPECT_EQ(lines, (std::vector<std::string>{
                       "platform: preset slc-2011 with ftl.gc.policy=fifo, nand.blocks_per_plane=128",
                       "capacity: 1.00 GiB logical of 1.50 GiB physical; spare 4.5 blocks per plane, 33 % of it for "
                       "data (the rest: GC free pool, open frontiers)",
                       "workload: random-write:size=4KiB,qd=8,count=100,ramp=200",
                       "precondition: steady (write amplification 2.500 in its last round)",
                       "measured window: 4.000 ms, from 1.000 ms to 5.000 ms, after a warm-up of 200 requests; "
                       "drain 0.250 ms after it"}));

  nlohmann::json whole = stats;
  whole["window"]["start_ns"] = 0;
  whole["warmup"]["requests"] = 0;
  whole["interrupted"] = true;
  EXPECT_EQ(run_description(whole, slc_2011_with_changes())[4],
            "measured window: 5.000 ms, from the start to the last host completion; drain 0.250 ms after it "
            "(interrupted: the run so far)");
  whole["warmup"] = {{"requests", 80}, {"ended", false}};
  EXPECT_EQ(run_description(whole, slc_2011_with_changes())[4].rfind(
                "measured window: empty, the workload ended inside its warm-up (80 requests in 5.000 ms)", 0),
            0u);
}

TEST(RunSummaryTest, PlacedWorkloadsAreListedWithTheirTimes) {
  const nlohmann::json workloads = nlohmann::json::array(
      {{{"workload", to_json(parse_workload_spec("random-read:qd=1,count=10", "w"))}, {"start_ns", 0}, {"stop_ns", 0}},
       {{"workload", to_json(parse_workload_spec("random-write:qd=2,count=5", "w"))},
        {"start_ns", 2'000'000},
        {"stop_ns", 5'000'000}}});
  nlohmann::json stats = {{"sim_time_ns", 1}, {"drain_time_ns", 0}, {"precondition", {{"mode", "none"}}}};
  const std::vector<std::string> lines = run_description(stats, load_platform_document("slc-2011", {}), workloads);
  EXPECT_EQ(lines[0], "platform: preset slc-2011, unchanged");
  EXPECT_EQ(lines[1], "capacity: unknown");
  EXPECT_EQ(lines[2],
            "workloads: random-read:size=4KiB,qd=1,count=10 from 0.000 ms; random-write:size=4KiB,qd=2,count=5 from "
            "2.000 ms to 5.000 ms");
  EXPECT_EQ(lines[3], "precondition: none");
}

}  // namespace
}  // namespace ssdtlm
