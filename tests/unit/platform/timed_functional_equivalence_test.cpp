// The same FtlCore and policy code behind `ssdtlm wa` and the timed platform: for the same
// geometry, policy, workload and seed, the timed run (QD 1, foreground GC) makes exactly the
// functional engine's decisions, so their write amplification is identical, not just close.
// mdc with its sort buffer: the timed FtlCpu stages host writes in DRAM and programs each sorted
// batch through the host write path (ftl_cpu_sort_buffer.cpp), the engine stages them in FtlCore
// and flushes at once; the programs, moves, erases and absorbed rewrites must still agree.
#include <gtest/gtest.h>

#include <cmath>

#include "models/ftl/functional/functional_engine.h"
#include "models/ftl/functional/write_stream.h"
#include "platforms/ssd_platform.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"
#include "tests/unit/support/vector_request_source.h"

namespace ssdtlm {
namespace {

struct EquivalenceCase {
  const char* name;
  const char* policy;
  nlohmann::json params;
  std::map<std::string, std::string> wa_params;
  const char* frontier = "single";
};

class TimedFunctionalEquivalenceTest : public testing::SystemCTest,
                                       public ::testing::WithParamInterface<EquivalenceCase> {};

TEST_P(TimedFunctionalEquivalenceTest, SameWriteAmplificationAsTheFunctionalEngine) {
  const EquivalenceCase& c = GetParam();
  WaOptions options;
  options.pages_per_block = 16;
  options.blocks = 128;
  options.spare_factor = 0.2;
  options.policy = c.policy;
  options.params = c.wa_params;
  options.frontier = c.frontier;
  options.workload = "uniform";
  options.warmup = 0.0;
  options.host_writes = 1.5;
  options.seed = 42;
  const WaResult functional = run_wa(options);
  ASSERT_GT(functional.gc_page_writes, 0u);

  nlohmann::json overrides = {
      {"seed", 42},
      {"nand", {{"page_size_bytes", 4096}, {"pages_per_block", 16}, {"blocks_per_plane", 128}, {"planes_per_die", 1}}},
      {"controller", {{"channels", 1}, {"chips_per_channel", 1}}},
      {"ftl", {{"spare_factor", 0.2},
               {"gc", {{"policy", c.policy}, {"params", c.params}, {"frontier", c.frontier}, {"foreground", true},
                       {"free_block_low_watermark", 0.0}, {"free_block_high_watermark", 0.0}}}}},
  };
  const SsdConfig config = testing::make_config(overrides);
  SsdPlatform platform("ssd", config);
  ASSERT_EQ(platform.core().logical_pages(), functional.logical_pages);

  // The engine's write stream, replayed as QD-1 host writes.
  auto stream = plan_workload("uniform", "test").make_stream(functional.logical_pages, options.seed);
  // (as many as the engine's measured writes; with mdc's sort buffer that is not its count of
  // host programs, which excludes absorbed rewrites and includes the pages the fill left staged)
  std::vector<Lpn> lpns(static_cast<std::size_t>(std::llround(options.host_writes * functional.logical_pages)));
  stream->next(lpns.data(), lpns.size());
  std::vector<HostRequest> writes;
  for (Lpn lpn : lpns) writes.push_back(testing::page_request(HostOp::Write, lpn, 4096));
  platform.attach_workload(std::make_unique<testing::VectorRequestSource>(writes, ArrivalMode::ClosedLoop, 1));
  platform.precondition(PreconditionMode::Fill);
  platform.run();

  const auto stats = platform.statistics();
  EXPECT_EQ(stats["flash"]["programs"]["host"].get<std::uint64_t>(), functional.host_page_writes);
  EXPECT_EQ(stats["gc"]["pages_moved"].get<std::uint64_t>(), functional.gc_page_writes);
  EXPECT_EQ(stats["flash"]["erases"]["total"].get<std::uint64_t>(), functional.erases);
  // The engine counts every program of its writes; the timed run's last ones (mdc's final
  // partial batch) may come after the last host completion, in the drain.
  EXPECT_DOUBLE_EQ(stats["write_amplification_with_drain"].get<double>(), functional.write_amplification);
  if (std::string(c.policy) == "mdc") {
    // 1,638 logical pages in batches of 32: the fill leaves 6 staged, the run ends with a
    // partial batch, and rewrites of staged pages are absorbed on both sides.
    ASSERT_TRUE(stats["ftl"].contains("sort_buffer"));
    EXPECT_GT(stats["ftl"]["sort_buffer"]["flushes"].get<std::uint64_t>(), 50u);
    EXPECT_GT(functional.host_writes_absorbed, 0u);
    EXPECT_EQ(stats["ftl"]["sort_buffer"]["rewrites_absorbed"].get<std::uint64_t>(), functional.host_writes_absorbed);
    EXPECT_EQ(stats["ftl"]["sort_buffer"]["pages_programmed"].get<std::uint64_t>(), functional.host_page_writes);
  }
}

INSTANTIATE_TEST_SUITE_P(
    Policies, TimedFunctionalEquivalenceTest,
    ::testing::Values(EquivalenceCase{"greedy", "greedy", nlohmann::json::object(), {}},
                      EquivalenceCase{"d_choices_memory", "d-choices", {{"d", 4}, {"memory", 2}}, {{"d", "4"}, {"memory", "2"}}},
                      EquivalenceCase{"fifo", "fifo", nlohmann::json::object(), {}},
                      EquivalenceCase{"mdc_sort_buffer", "mdc", {{"sort_buffer_segments", 2}}, {{"sort_buffer_segments", "2"}}},
                      EquivalenceCase{"mdc_sort_buffer_double", "mdc", {{"sort_buffer_segments", 2}},
                                      {{"sort_buffer_segments", "2"}}, "double"}),
    [](const ::testing::TestParamInfo<EquivalenceCase>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace ssdtlm
