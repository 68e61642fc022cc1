// nand.model = onfi-rtl: every die command of a platform run goes through the Verilated ONFI
// sequencer and the pins of an OnfiTarget in front of the die (models/rtl/onfi/onfi_rtl_die.h).
// A small platform run gives the same stats.json as with the built-in dies, in data mode (every
// read checked against what was written), with GC, copybacks and multi-plane merging (split into
// single-plane operations on the pins), and cache commands; and the configuration keys the pin
// path cannot carry are refused with an error naming them.
#include <gtest/gtest.h>

#include <string>

#include "models/common/config/config_error.h"
#include "models/host/workload/request_source_factory.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/ssd_platform.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

nlohmann::json small_device(const char* model, bool cache_commands) {
  return {
      {"nand", {{"model", model}, {"pages_per_block", 8}, {"blocks_per_plane", 24}, {"planes_per_die", 2},
                {"data_mode", true}}},
      {"controller", {{"channels", 2}, {"chips_per_channel", 1}, {"copyback", !cache_commands},
                      {"multi_plane", true}, {"cache_commands", cache_commands}}},
      {"ftl", {{"spare_factor", 0.3}, {"gc", {{"free_block_low_watermark", 0.1}, {"free_block_high_watermark", 0.2}}}}},
  };
}

class OnfiRtlDieTest : public testing::SystemCTest {
 protected:
  static nlohmann::json run(const char* model, bool cache_commands) {
    const SsdConfig config = testing::make_config(small_device(model, cache_commands));
    SsdPlatform platform("ssd", config);
    platform.attach_workload(make_request_source(parse_workload_spec("mixed:qd=8,count=1500,read=0.4,size=4KiB", "test"),
                                                 platform.logical_bytes(), 4096, config.seed));
    platform.precondition(PreconditionMode::Fill);
    platform.run();
    EXPECT_TRUE(platform.workload_done());
    const bool pin_level = std::string(model) == "onfi-rtl";
    for (DieId id = 0; id < config.geometry.dies(); ++id) {
      EXPECT_EQ(platform.controller().directly_called_die(id) == nullptr, pin_level) << "die " << id;
    }
    nlohmann::json stats = platform.statistics();
    stats["test"]["multi_plane_operations"] = platform.controller().multi_plane_operations();
    return stats;
  }
};

TEST_F(OnfiRtlDieTest, APlatformRunGivesTheSameStatisticsAsTheTlmDie) {
  for (const bool cache_commands : {false, true}) {
    SCOPED_TRACE(cache_commands ? "cache commands" : "copyback");
    testing::fresh_kernel();
    const nlohmann::json tlm = run("tlm", cache_commands);
    ASSERT_GT(tlm["gc"]["victims"].get<std::uint64_t>(), 5u);
    ASSERT_EQ(tlm["data_integrity"]["mismatches"], 0);
    ASSERT_GT(tlm["test"]["multi_plane_operations"].get<std::uint64_t>(), 0u);
    if (!cache_commands) ASSERT_GT(tlm["flash"]["copybacks"]["gc"].get<std::uint64_t>(), 0u);
    testing::fresh_kernel();
    const nlohmann::json pins = run("onfi-rtl", cache_commands);
    EXPECT_EQ(pins.dump(2), tlm.dump(2));
  }
}

TEST_F(OnfiRtlDieTest, RefusesAFaultModelNamingTheKey) {
  nlohmann::json document = small_device("onfi-rtl", false);
  document["nand"]["reliability"] = {{"rber", {{"base", 1e-6}}}};
  try {
    testing::make_config(document);
    FAIL() << "expected a ConfigError";
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find("nand.reliability"), std::string::npos) << error.what();
  }
}

TEST_F(OnfiRtlDieTest, RefusesAGeometryBeyondTheRowAddressNamingTheKey) {
  nlohmann::json document = small_device("onfi-rtl", false);
  document["nand"]["pages_per_block"] = 1024;
  document["nand"]["blocks_per_plane"] = 16384;
  try {
    testing::make_config(document);
    FAIL() << "expected a ConfigError";
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find("nand.blocks_per_plane"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace ssdtlm
