// Data mode end to end: random reads and writes with GC running; the FTL checks every flash
// read against the oracle as it happens, and the platform re-reads every logical page at the
// end. Variants cover foreground/background GC, copyback moves, in-place ([Van Houdt 2013]) GC and the
// write buffer, and mdc's sort buffer (writes staged in DRAM, programmed sorted in batches).
#include <gtest/gtest.h>

#include "models/host/workload/request_source_factory.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/ssd_platform.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

struct DataModeCase {
  const char* name;
  bool foreground;
  bool copyback;
  double low_watermark;
  double high_watermark;
  int write_buffer_pages;
  const char* policy = "greedy";
  nlohmann::json policy_params = nlohmann::json::object();
};

class DataModeTest : public testing::SystemCTest, public ::testing::WithParamInterface<DataModeCase> {};

TEST_P(DataModeTest, EveryReadReturnsWhatWasLastWrittenThroughGc) {
  const DataModeCase& c = GetParam();
  nlohmann::json overrides = {
      {"nand", {{"pages_per_block", 8}, {"blocks_per_plane", 24}, {"planes_per_die", 2}, {"data_mode", true}}},
      {"controller", {{"channels", 2}, {"chips_per_channel", 1}, {"copyback", c.copyback}}},
      {"ftl", {{"spare_factor", 0.3},
               {"gc", {{"policy", c.policy}, {"params", c.policy_params},
                       {"foreground", c.foreground}, {"free_block_low_watermark", c.low_watermark},
                       {"free_block_high_watermark", c.high_watermark}}},
               {"write_buffer", {{"pages", c.write_buffer_pages}}}}},
  };
  const SsdConfig config = testing::make_config(overrides);
  SsdPlatform platform("ssd", config);
  const WorkloadSpec spec = parse_workload_spec("mixed:qd=8,count=4000,read=0.4,size=4KiB", "test");
  platform.attach_workload(make_request_source(spec, platform.logical_bytes(), 4096, config.seed));
  platform.precondition(PreconditionMode::Fill);
  platform.run();

  ASSERT_TRUE(platform.workload_done());
  const auto stats = platform.statistics();
  EXPECT_GT(stats["gc"]["victims"].get<std::uint64_t>(), 20u) << "GC must actually run in this test";
  EXPECT_GT(stats["ftl"]["data_checks"].get<std::uint64_t>(), 1000u);
  EXPECT_EQ(stats["data_integrity"]["mismatches"], 0);
  EXPECT_EQ(stats["data_integrity"]["checked_pages"], platform.core().logical_pages());
  if (std::string(c.policy) == "mdc") {  // writes went through the sort buffer, reads were served from it
    EXPECT_GT(stats["ftl"]["sort_buffer"]["flushes"].get<std::uint64_t>(), 10u);
    EXPECT_GT(stats["ftl"]["reads_from_buffer"].get<std::uint64_t>(), 0u);
  }
  if (c.copyback) {
    EXPECT_GT(stats["flash"]["copybacks"]["gc"].get<std::uint64_t>(), 0u);
  }
}

INSTANTIATE_TEST_SUITE_P(
    GcVariants, DataModeTest,
    ::testing::Values(DataModeCase{"foreground", true, false, 0.1, 0.2, 0},
                      DataModeCase{"background", false, false, 0.1, 0.2, 0},
                      DataModeCase{"copyback", false, true, 0.1, 0.2, 0},
                      DataModeCase{"in_place", true, false, 0.0, 0.0, 0},
                      DataModeCase{"write_buffer", false, false, 0.1, 0.2, 16},
                      DataModeCase{"mdc_sort_buffer", false, false, 0.1, 0.2, 0, "mdc", {{"sort_buffer_segments", 1}}},
                      DataModeCase{"mdc_sort_buffer_foreground", true, false, 0.1, 0.2, 0, "mdc",
                                   {{"sort_buffer_segments", 2}}}),
    [](const ::testing::TestParamInfo<DataModeCase>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace ssdtlm
