// SsdPlatform's die wiring (platforms/die_wiring.h): without a factory every controller die
// socket is bound to the built-in die and called directly; with one, to the target it names.
// A monitor that passes every command on to the built-in die changes no result: the same
// stats.json, in data mode with GC, copybacks and multi-plane merging (all through the socket).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "models/host/workload/request_source_factory.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/ssd_platform.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

struct PassThroughMonitor : sc_core::sc_module {
  tlm_utils::simple_target_socket<PassThroughMonitor> in;
  tlm_utils::simple_initiator_socket<PassThroughMonitor> out;
  std::uint64_t commands = 0;

  explicit PassThroughMonitor(sc_core::sc_module_name name) : sc_core::sc_module(name), in("in"), out("out") {
    in.register_b_transport(this, &PassThroughMonitor::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& payload, sc_core::sc_time& delay) {
    ++commands;
    out->b_transport(payload, delay);
  }
};

SsdConfig data_mode_device() {
  return testing::make_config({
      {"nand", {{"pages_per_block", 8}, {"blocks_per_plane", 24}, {"planes_per_die", 2}, {"data_mode", true}}},
      {"controller", {{"channels", 2}, {"chips_per_channel", 1}, {"copyback", true}, {"multi_plane", true}}},
      {"ftl", {{"spare_factor", 0.3}, {"gc", {{"free_block_low_watermark", 0.1}, {"free_block_high_watermark", 0.2}}}}},
  });
}

class DieWiringTest : public testing::SystemCTest {
 protected:
  // stats.json of the workload on a platform wired by `die_targets`.
  static nlohmann::json run(const DieTargetFactory& die_targets, bool expect_direct) {
    const SsdConfig config = data_mode_device();
    SsdPlatform platform("ssd", config, die_targets);
    platform.attach_workload(make_request_source(parse_workload_spec("mixed:qd=8,count=3000,read=0.4,size=4KiB", "test"),
                                                 platform.logical_bytes(), 4096, config.seed));
    platform.precondition(PreconditionMode::Fill);
    platform.run();
    EXPECT_TRUE(platform.workload_done());
    for (DieId id = 0; id < config.geometry.dies(); ++id) {
      EXPECT_EQ(platform.controller().directly_called_die(id), expect_direct ? &platform.die(id) : nullptr);
    }
    return platform.statistics();
  }
};

TEST_F(DieWiringTest, AMonitorInFrontOfEveryDieChangesNoResult) {
  const nlohmann::json direct = run({}, /*expect_direct=*/true);
  ASSERT_GT(direct["gc"]["victims"].get<std::uint64_t>(), 10u);
  ASSERT_GT(direct["flash"]["copybacks"]["gc"].get<std::uint64_t>(), 0u);
  ASSERT_EQ(direct["data_integrity"]["mismatches"], 0);

  testing::fresh_kernel();
  std::vector<std::unique_ptr<PassThroughMonitor>> monitors;
  const nlohmann::json monitored = run(
      [&](DieId id, NandDie& die) -> tlm::tlm_target_socket<>& {
        monitors.push_back(std::make_unique<PassThroughMonitor>(("monitor_" + std::to_string(id)).c_str()));
        monitors.back()->out.bind(die.socket);
        return monitors.back()->in;
      },
      /*expect_direct=*/false);
  ASSERT_EQ(monitors.size(), data_mode_device().geometry.dies());
  std::uint64_t commands = 0;
  for (const auto& monitor : monitors) commands += monitor->commands;
  EXPECT_GT(commands, 3000u);
  EXPECT_EQ(monitored.dump(2), direct.dump(2));
}

}  // namespace
}  // namespace ssdtlm
