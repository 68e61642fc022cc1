// `ssdtlm wa --workload trace:PATH`: [Van Houdt 2013] section 4.1 in the functional engine. The
// footprint (every page read or written, renumbered) rounded up to whole blocks is the logical
// space, the blocks follow from the spare factor, and the trace's writes are replayed cyclically.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "models/common/config/config_error.h"
#include "models/ftl/functional/functional_engine.h"
#include "tests/unit/host/trace_test_files.h"

namespace ssdtlm {
namespace {

// MQSim ASCII: arrival_ns device start_sector size_sectors type (1 read, 0 write); 8 sectors
// make a 4 KiB page. Pages touched, in order of first appearance: 0 (w), 10, 11 (r), 100 (w),
// 0 (w again), 3 (r, a 512-byte read inside page 3), 200..204 (w, one 20 KiB write), 11 (w):
// x = 10 distinct pages; 9 page writes per pass.
const char* const kTinyTrace =
    "0 0 0 8 0\n"
    "10 0 80 16 1\n"
    "20 0 800 8 0\n"
    "30 0 0 8 0\n"
    "40 0 25 1 1\n"
    "50 0 1600 40 0\n"
    "60 0 88 8 0\n";

WaOptions trace_run(const std::string& path) {
  WaOptions options;
  options.workload = "trace:" + path;
  options.pages_per_block = 4;
  options.spare_factor = 0.5;
  options.warmup = 1.0;
  options.host_writes = 3.0;
  return options;
}

TEST(TraceWa, TinyTraceFootprintIsHandComputable) {
  testing::TempTraceFile file(kTinyTrace);
  const WaResult result = run_wa(trace_run(file.path()));
  EXPECT_TRUE(result.blocks_derived_from_trace);
  EXPECT_EQ(result.footprint_pages, 10u);
  EXPECT_EQ(result.trace_page_writes, 9u);
  EXPECT_EQ(result.logical_pages, 12u);  // 10 rounded up to 3 blocks of 4
  EXPECT_EQ(result.blocks, 6u);          // 12 / ((1 - 0.5) * 4)
  EXPECT_EQ(result.physical_pages, 24u);
  EXPECT_EQ(result.host_page_writes, 36u);  // 3 capacities of 12 pages
  EXPECT_GE(result.write_amplification, 1.0);
  EXPECT_NE(result.trace_format.find("mqsim"), std::string::npos) << result.trace_format;
  EXPECT_NE(result.workload_description.find("footprint 10 pages"), std::string::npos);
}

TEST(TraceWa, ExplicitFormatAndJson) {
  testing::TempTraceFile file(kTinyTrace);
  WaOptions options = trace_run(file.path() + ",format=disksim");
  const WaResult result = run_wa(options);
  EXPECT_EQ(result.footprint_pages, 10u);
  EXPECT_EQ(result.trace_format, "disksim");
  const auto json = to_json(options, result);
  EXPECT_EQ(json.at("blocks_derived_from_trace"), true);
  EXPECT_EQ(json.at("footprint_pages"), 10u);
  EXPECT_EQ(json.at("logical_pages"), 12u);
  EXPECT_EQ(json.at("trace_page_writes_per_pass"), 9u);
}

TEST(TraceWa, BadTraceOptionsNameTheFlag) {
  testing::TempTraceFile file(kTinyTrace);
  for (const std::string& suffix : {std::string(",replay=closed-loop"), std::string(",format=nosuch")}) {
    try {
      run_wa(trace_run(file.path() + suffix));
      FAIL() << suffix;
    } catch (const ConfigError& error) {
      EXPECT_NE(std::string(error.what()).find(suffix == ",format=nosuch" ? "nosuch" : "--workload"),
                std::string::npos)
          << error.what();
    }
  }
  testing::TempTraceFile reads_only("0 0 0 8 1\n10 0 8 8 1\n");
  EXPECT_THROW(run_wa(trace_run(reads_only.path())), ConfigError);  // nothing to replay
  WaOptions with_geometry = trace_run(file.path());
  with_geometry.geometry = FlashGeometry{};
  EXPECT_THROW(run_wa(with_geometry), ConfigError);
}

TEST(TraceWa, DeterministicAndRepeatable) {
  testing::TempTraceFile file(kTinyTrace);
  const WaResult a = run_wa(trace_run(file.path()));
  const WaResult b = run_wa(trace_run(file.path()));
  EXPECT_EQ(a.gc_page_writes, b.gc_page_writes);
  EXPECT_EQ(a.erases, b.erases);
}

// The shared real traces at [Van Houdt 2013]'s b = 64: footprint sizes match trace-stats (docs/workloads.md).
TEST(TraceWa, SharedTracesSizeTheDeviceFromTheFootprint) {
  SSDTLM_REQUIRE_SHARED_TRACES(dir);
  struct Case {
    const char* file;
    std::uint64_t footprint;
  };
  for (const Case& c : {Case{"wdev_3.csv", 300}, Case{"tpcc-small.trace", 14481},
                        Case{"fiu-mail-cheetah-110108.blkparse", 9202}}) {
    SCOPED_TRACE(c.file);
    WaOptions options;
    options.workload = "trace:" + dir + "/" + c.file;
    options.pages_per_block = 64;
    options.spare_factor = 0.1;
    options.warmup = 1.0;
    options.host_writes = 2.0;
    const WaResult result = run_wa(options);
    EXPECT_EQ(result.footprint_pages, c.footprint);
    const std::uint64_t u = (c.footprint + 63) / 64 * 64;
    EXPECT_EQ(result.logical_pages, u);
    EXPECT_EQ(result.blocks, static_cast<std::uint64_t>(std::ceil(u / (0.9 * 64) - 1e-9)));
    EXPECT_GE(result.write_amplification, 1.0);
    EXPECT_EQ(result.host_page_writes, 2 * u);
  }
}

// [Van Houdt 2013] Table 5's direction: the double write frontier does not do worse than the single
// one on a real trace, and d-choices with memory runs on it.
TEST(TraceWa, DoubleFrontierAndDChoicesOnTpcc) {
  SSDTLM_REQUIRE_SHARED_TRACES(dir);
  WaOptions options;
  options.workload = "trace:" + dir + "/tpcc-small.trace";
  options.pages_per_block = 64;
  options.spare_factor = 0.1;
  options.warmup = 2.0;
  options.host_writes = 4.0;
  options.policy = "d-choices";
  options.params = {{"d", "9"}, {"memory", "1"}};
  const WaResult single = run_wa(options);
  options.frontier = "double";
  const WaResult twin = run_wa(options);
  EXPECT_GT(single.write_amplification, 1.0);
  EXPECT_LE(twin.write_amplification, single.write_amplification * 1.02);
}

}  // namespace
}  // namespace ssdtlm
