// stats.json "warnings" (platforms/run_warnings.h): a write run on a preconditioned drive that
// collects no GC victim, reads of unmapped pages, and trace requests beyond the device are
// reported; a run with nothing to say has no "warnings" key, so its stats.json is as before.
#include <gtest/gtest.h>

#include "models/host/workload/request_source_factory.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/run_warnings.h"
#include "platforms/ssd_platform.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

class RunWarningsPlatformTest : public testing::SystemCTest {
 protected:
  // 4 planes of 64 blocks of 32 pages: a fresh fill leaves each plane well above its GC watermark.
  const SsdConfig config = testing::make_config(
      {{"nand", {{"page_size_bytes", 4096}, {"pages_per_block", 32}, {"blocks_per_plane", 64}, {"planes_per_die", 2}}},
       {"controller", {{"channels", 2}, {"chips_per_channel", 1}}},
       {"ftl", {{"spare_factor", 0.25}}}});

  nlohmann::json run(SsdPlatform& platform, const char* workload) {
    const WorkloadSpec spec = parse_workload_spec(workload, "test");
    platform.attach_workload(make_request_source(spec, platform.logical_bytes(), 4096, config.seed));
    platform.run();
    EXPECT_TRUE(platform.workload_done());
    return platform.statistics();
  }
};

TEST_F(RunWarningsPlatformTest, WriteRunWithoutGcOnAPreconditionedDriveIsWarnedAbout) {
  SsdPlatform platform("ssd", config);
  platform.precondition(PreconditionMode::Fill);
  const nlohmann::json stats = run(platform, "random-write:qd=8,count=200,size=4KiB");
  ASSERT_EQ(stats["gc"]["victims"], 0);
  ASSERT_TRUE(stats.contains("warnings"));
  ASSERT_EQ(stats["warnings"].size(), 1u) << stats["warnings"].dump();
  EXPECT_EQ(stats["warnings"][0]["kind"], "no_gc_after_precondition");
  EXPECT_EQ(stats["warnings"][0]["message"].get<std::string>().rfind("200 host writes on a drive preconditioned with 'fill'", 0), 0u);
}

TEST_F(RunWarningsPlatformTest, ReadsOfUnmappedPagesAreWarnedAbout) {
  SsdPlatform platform("ssd", config);
  const nlohmann::json stats = run(platform, "random-read:qd=4,count=100,size=4KiB");
  ASSERT_EQ(stats["ftl"]["reads_unmapped"], 100);
  ASSERT_TRUE(stats.contains("warnings"));
  ASSERT_EQ(stats["warnings"].size(), 1u);
  EXPECT_EQ(stats["warnings"][0]["kind"], "unmapped_reads");
  EXPECT_EQ(stats["warnings"][0]["message"].get<std::string>().rfind("100 host page reads", 0), 0u);
}

TEST_F(RunWarningsPlatformTest, RunWithNothingToSayHasNoWarningsKey) {
  SsdPlatform platform("ssd", config);
  platform.precondition(PreconditionMode::Fill);
  const nlohmann::json stats = run(platform, "random-read:qd=4,count=100,size=4KiB");
  EXPECT_FALSE(stats.contains("warnings")) << stats["warnings"].dump();
}

TEST(RunWarningsTest, TraceRequestsBeyondTheDeviceAreWarnedAbout) {
  RunFacts facts;
  facts.add_workload_report({{"beyond_device", 3}, {"wrapped_beyond_device", 5}});
  const nlohmann::json warnings = run_warnings(facts);
  ASSERT_EQ(warnings.size(), 2u);
  EXPECT_EQ(warnings[0]["kind"], "trace_requests_wrapped");
  EXPECT_EQ(warnings[0]["message"].get<std::string>().rfind("5 trace requests", 0), 0u);
  EXPECT_EQ(warnings[1]["kind"], "trace_requests_skipped");
  EXPECT_EQ(warnings[1]["message"].get<std::string>().rfind("3 trace requests", 0), 0u);
  EXPECT_TRUE(run_warnings(RunFacts{}).empty());
}

TEST(RunWarningsTest, FailedRequestsLostPagesAndEndOfLifeAreWarnedAbout) {
  nlohmann::json stats = {{"reliability",
                           {{"host_read_errors", 7}, {"host_write_errors", 2}, {"lost_pages", 4}, {"end_of_life", true}}}};
  set_ssd_run_warnings(stats);
  ASSERT_EQ(stats["warnings"].size(), 3u) << stats["warnings"].dump();
  EXPECT_EQ(stats["warnings"][0]["kind"], "host_requests_failed");
  EXPECT_EQ(stats["warnings"][0]["message"].get<std::string>().rfind(
                "9 host requests ended with an error status (7 reads of uncorrectable or lost data, 2 writes", 0),
            0u);
  EXPECT_EQ(stats["warnings"][1]["kind"], "lost_pages");
  EXPECT_EQ(stats["warnings"][1]["message"].get<std::string>().rfind("4 logical pages", 0), 0u);
  EXPECT_EQ(stats["warnings"][2]["kind"], "end_of_life");
  // A fault model that cost nothing says nothing.
  nlohmann::json healthy = {{"reliability",
                             {{"host_read_errors", 0}, {"host_write_errors", 0}, {"lost_pages", 0}, {"end_of_life", false}}}};
  set_ssd_run_warnings(healthy);
  EXPECT_FALSE(healthy.contains("warnings"));
}

}  // namespace
}  // namespace ssdtlm
