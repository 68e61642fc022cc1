// The functional engine behind `ssdtlm wa`: option validation (each error names its flag),
// determinism, and the meaning of its result fields.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "models/common/config/config_error.h"
#include "models/ftl/functional/functional_engine.h"

namespace ssdtlm {
namespace {

WaOptions small_run() {
  WaOptions options;
  options.pages_per_block = 32;
  options.blocks = 512;
  options.spare_factor = 0.1;
  options.policy = "greedy";
  options.warmup = 1.0;
  options.host_writes = 2.0;
  options.seed = 3;
  return options;
}

void expect_config_error(const WaOptions& options, const std::string& flag) {
  try {
    run_wa(options);
    FAIL() << "expected a ConfigError naming " << flag;
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find(flag), std::string::npos) << error.what();
  }
}

TEST(FunctionalEngine, RejectsBadOptionsNamingTheFlag) {
  WaOptions o = small_run();
  o.policy = "d-choices";
  o.params = {{"d", "0"}};
  expect_config_error(o, "--param d");
  o.params = {{"d", "4"}, {"memory", "-1"}};
  expect_config_error(o, "--param memory");
  o = small_run();
  o.spare_factor = 0.0;
  expect_config_error(o, "--spare-factor");
  o.spare_factor = 1.0;
  expect_config_error(o, "--spare-factor");
  o = small_run();
  o.blocks = 1;
  o.spare_factor = 0.5;
  expect_config_error(o, "--blocks");  // 16 logical pages < one 32-page block
  o = small_run();
  o.policy = "lru";
  expect_config_error(o, "--policy");
  try {
    run_wa(o);
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find("d-choices"), std::string::npos) << "lists the available policies";
  }
  o = small_run();
  o.frontier = "triple";
  expect_config_error(o, "--frontier");
  o = small_run();
  o.workload = "pareto:a=1";
  expect_config_error(o, "--workload");
  o = small_run();
  o.host_writes = 0;
  expect_config_error(o, "--host-writes");
  o = small_run();
  o.params = {{"window", "4"}};  // greedy takes no parameters
  expect_config_error(o, "--param window");
  o = small_run();
  o.params = {{"gc_low_watermark", "8"}, {"gc_high_watermark", "2"}};
  expect_config_error(o, "gc_high_watermark");
}

// mdc oracle=1 ([Lomet & Luo 2021]'s MDC-opt) needs every page's exact update frequency: a trace does not
// define one, and a core driven without the engine has none.
TEST(FunctionalEngine, MdcOracleNeedsExactFrequencies) {
  WaOptions o = small_run();
  o.policy = "mdc";
  o.params = {{"oracle", "1"}};
  o.workload = "trace:/work/shared/traces/wdev_3.csv";
  expect_config_error(o, "--param oracle");
  o.params = {{"oracle", "maybe"}};
  o.workload = "uniform";
  expect_config_error(o, "--param oracle");
  FtlCoreConfig config = make_wa_core_config(small_run());
  config.victim_policy = "mdc";
  config.policy_params = {{"oracle", "1"}, {"sort_buffer_segments", "0"}};
  config.policy_params_key = "ftl.gc.params.";
  FtlCore core(config);
  try {
    core.write_host_functional(0);
    FAIL() << "expected a ConfigError: no page rates given";
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find("ftl.gc.params.oracle"), std::string::npos) << error.what();
  }
}

// `mdc-oracle` is mdc with oracle=1 under its own name: the same run, counter for counter; a
// workload without exact frequencies is refused naming --policy.
TEST(FunctionalEngine, MdcOracleByNameIsMdcWithExactFrequencies) {
  WaOptions by_param = small_run();
  by_param.workload = "zipf:theta=1.35";
  by_param.policy = "mdc";
  by_param.params = {{"oracle", "1"}, {"sort_buffer_segments", "2"}};
  WaOptions by_name = by_param;
  by_name.policy = "mdc-oracle";
  by_name.params = {{"sort_buffer_segments", "2"}};
  const WaResult a = run_wa(by_param);
  const WaResult b = run_wa(by_name);
  EXPECT_GT(a.gc_page_writes, 0u);
  EXPECT_EQ(a.gc_page_writes, b.gc_page_writes);
  EXPECT_EQ(a.host_page_writes, b.host_page_writes);
  EXPECT_EQ(a.host_writes_absorbed, b.host_writes_absorbed);
  EXPECT_EQ(a.erases, b.erases);
  WaOptions estimated = by_param;
  estimated.params = {{"sort_buffer_segments", "2"}};
  EXPECT_NE(run_wa(estimated).gc_page_writes, a.gc_page_writes);
  by_name.workload = "trace:/work/shared/traces/wdev_3.csv";
  expect_config_error(by_name, "--policy");
  by_name.workload = "uniform";
  by_name.params = {{"oracle", "1"}};  // implied by the name, so not a parameter of mdc-oracle
  expect_config_error(by_name, "--param oracle");
}

// The sort buffer absorbs rewrites of staged pages: GC programs per host write issued count them,
// GC programs per host page programmed ([Lomet & Luo 2021]'s (1-E)/E) do not. Without a buffer they agree.
TEST(FunctionalEngine, ExtraWritesPerIssuedHostWriteCountsAbsorbedRewrites) {
  WaOptions o = small_run();
  o.workload = "zipf:theta=1.35";
  o.policy = "mdc";
  o.frontier = "double";
  o.params = {{"sort_buffer_segments", "2"}};
  const WaResult buffered = run_wa(o);
  ASSERT_GT(buffered.host_writes_absorbed, 0u);
  EXPECT_LT(buffered.host_page_writes, 2u * buffered.logical_pages);
  EXPECT_DOUBLE_EQ(buffered.extra_writes_per_issued_host_write,
                   double(buffered.gc_page_writes) / double(2u * buffered.logical_pages));
  EXPECT_LT(buffered.extra_writes_per_issued_host_write, buffered.extra_writes_per_user_write);
  o.params = {{"sort_buffer_segments", "0"}};
  const WaResult direct = run_wa(o);
  EXPECT_EQ(direct.host_writes_absorbed, 0u);
  EXPECT_DOUBLE_EQ(direct.extra_writes_per_issued_host_write, direct.extra_writes_per_user_write);
  EXPECT_TRUE(to_json(o, direct).contains("extra_writes_per_issued_host_write"));
}

// With exact rates a block's heat is the mean rate of the pages it still holds: here hot pages
// (0..15, 9/16 of the writes) and cold pages share blocks until the hot ones are rewritten.
TEST(FunctionalEngine, MdcOracleBlockHeatFollowsTheValidPages) {
  FtlCoreConfig config = make_wa_core_config(small_run());
  config.victim_policy = "mdc";
  config.policy_params = {{"oracle", "1"}, {"sort_buffer_segments", "0"}};
  FtlCore core(config);
  std::vector<float> rates(core.logical_pages(), 1.0f);
  for (Lpn lpn = 0; lpn < 16; ++lpn) rates[lpn] = 100.0f;
  core.set_page_update_rates(rates);
  for (Lpn lpn = 0; lpn < 32; ++lpn) core.write_host_functional(lpn);  // block 0: 16 hot, 16 cold
  const BlockId first = core.lookup(0) / 32;
  EXPECT_DOUBLE_EQ(core.victim_policy().block_heat(first), (16 * 100.0 + 16 * 1.0) / 32);
  for (Lpn lpn = 0; lpn < 16; ++lpn) core.write_host_functional(lpn);  // the hot ones move on
  EXPECT_EQ(core.valid_pages(first), 16u);
  EXPECT_DOUBLE_EQ(core.victim_policy().block_heat(first), 1.0);
}

TEST(FunctionalEngine, SameSeedSameResultOtherSeedOtherResult) {
  const WaResult a = run_wa(small_run());
  const WaResult b = run_wa(small_run());
  WaOptions other = small_run();
  other.seed = 4;
  const WaResult c = run_wa(other);
  EXPECT_EQ(a.gc_page_writes, b.gc_page_writes);
  EXPECT_EQ(a.erases, b.erases);
  EXPECT_NE(a.gc_page_writes, c.gc_page_writes);
}

TEST(FunctionalEngine, ResultFieldsAreConsistent) {
  const WaResult r = run_wa(small_run());
  EXPECT_EQ(r.logical_pages, 14745u);  // floor(0.9 * 512 * 32)
  EXPECT_EQ(r.host_page_writes, 2u * 14745u);
  EXPECT_DOUBLE_EQ(r.write_amplification, double(r.host_page_writes + r.gc_page_writes) / r.host_page_writes);
  EXPECT_DOUBLE_EQ(r.extra_writes_per_user_write, r.write_amplification - 1.0);
  EXPECT_GT(r.mean_valid_fraction_of_victims, 0.5);
  EXPECT_LT(r.mean_valid_fraction_of_victims, 1.0);
  EXPECT_EQ(r.erases, r.gc_invocations);
  EXPECT_LE(r.bytes_per_physical_page, 16.0);
  const auto json = to_json(small_run(), r);
  for (const char* key : {"write_amplification", "extra_writes_per_user_write", "host_page_writes", "gc_page_writes",
                          "erases", "mean_valid_fraction_of_victims", "wall_seconds"}) {
    EXPECT_TRUE(json.contains(key)) << key;
  }
}

TEST(FunctionalEngine, SchedulingAndFrontierParametersAreRouted) {
  WaOptions o = small_run();
  o.frontier = "hot-cold";
  o.workload = "hotcold:r=0.9,f=0.1";
  o.params = {{"frontiers", "3"}, {"gc_low_watermark", "4"}, {"gc_high_watermark", "6"}, {"victims_per_cycle", "4"}};
  const FtlCoreConfig config = make_wa_core_config(o);
  EXPECT_EQ(config.frontier_params.at("frontiers"), "3");
  EXPECT_TRUE(config.policy_params.empty());
  EXPECT_EQ(config.gc_low_watermark_blocks, 4u);
  EXPECT_EQ(config.gc_high_watermark_blocks, 6u);
  EXPECT_EQ(config.gc_victims_per_cycle, 4u);
  const WaResult r = run_wa(o);
  EXPECT_GT(r.write_amplification, 1.0);
}

TEST(FunctionalEngine, EveryWorkloadAndPolicyRuns) {
  for (const char* workload : {"uniform", "hotcold:r=0.8,f=0.2", "zipf:theta=0.99"}) {
    for (const char* policy :
         {"fifo", "greedy", "random", "windowed", "d-choices", "cost-benefit", "mdc", "mdc-oracle"}) {
      WaOptions o = small_run();
      o.workload = workload;
      o.policy = policy;
      const WaResult r = run_wa(o);
      EXPECT_GT(r.write_amplification, 1.0) << workload << " " << policy;
      EXPECT_LT(r.write_amplification, 40.0) << workload << " " << policy;
    }
  }
}

}  // namespace
}  // namespace ssdtlm
