// The same FtlCore and policy code behind `ssdtlm wa` and the timed platform: for the same
// geometry, policy, workload and seed, the timed run (QD 1, foreground GC) makes exactly the
// functional engine's decisions, so their write amplification is identical, not just close.
#include <gtest/gtest.h>

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
               {"gc", {{"policy", c.policy}, {"params", c.params}, {"foreground", true},
                       {"free_block_low_watermark", 0.0}, {"free_block_high_watermark", 0.0}}}}},
  };
  const SsdConfig config = testing::make_config(overrides);
  SsdPlatform platform("ssd", config);
  ASSERT_EQ(platform.core().logical_pages(), functional.logical_pages);

  // The engine's write stream, replayed as QD-1 host writes.
  auto stream = plan_workload("uniform", "test").make_stream(functional.logical_pages, options.seed);
  std::vector<Lpn> lpns(functional.host_page_writes);
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
  EXPECT_DOUBLE_EQ(stats["write_amplification"].get<double>(), functional.write_amplification);
}

INSTANTIATE_TEST_SUITE_P(
    Policies, TimedFunctionalEquivalenceTest,
    ::testing::Values(EquivalenceCase{"greedy", "greedy", nlohmann::json::object(), {}},
                      EquivalenceCase{"d_choices_memory", "d-choices", {{"d", 4}, {"memory", 2}}, {{"d", "4"}, {"memory", "2"}}},
                      EquivalenceCase{"fifo", "fifo", nlohmann::json::object(), {}}),
    [](const ::testing::TestParamInfo<EquivalenceCase>& info) { return std::string(info.param.name); });

}  // namespace
}  // namespace ssdtlm
