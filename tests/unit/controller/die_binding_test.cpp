// The controller's die sockets (flash_controller.h, "Die protocol"): the built-in die bound
// straight to a socket is called directly; any other target (a monitor wrapping the built-in
// die, a die model of its own) is called through the socket with b_transport, and gives the
// same times, data and array state as the direct call for the same answers.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "tests/unit/controller/controller_bench.h"
#include "tests/unit/controller/flash_commands.h"

namespace ssdtlm::testing {
namespace {

// Passes every die command on to the die bound to `out`, counting them by opcode.
struct DieMonitor : sc_core::sc_module {
  tlm_utils::simple_target_socket<DieMonitor> in;
  tlm_utils::simple_initiator_socket<DieMonitor> out;
  std::vector<FlashOpcode> seen;

  explicit DieMonitor(sc_core::sc_module_name name) : sc_core::sc_module(name), in("in"), out("out") {
    in.register_b_transport(this, &DieMonitor::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& payload, sc_core::sc_time& delay) {
    seen.push_back(payload.get_extension<FlashCommand>()->opcode);
    out->b_transport(payload, delay);
  }
};

// A die of its own: accepts everything and takes `array_ps` per command, one phase, no state.
struct FixedLatencyDie : sc_core::sc_module {
  tlm_utils::simple_target_socket<FixedLatencyDie> socket;
  std::uint64_t array_ps;

  FixedLatencyDie(sc_core::sc_module_name name, std::uint64_t latency_ps)
      : sc_core::sc_module(name), socket("socket"), array_ps(latency_ps) {
    socket.register_b_transport(this, &FixedLatencyDie::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& payload, sc_core::sc_time& delay) {
    payload.get_extension<FlashCommand>()->status = FlashStatus::Ok;
    delay += sc_core::sc_time::from_value(array_ps);
    payload.set_response_status(tlm::TLM_OK_RESPONSE);
  }
};

// A controller whose die sockets are bound to monitors in front of the built-in dies.
struct MonitoredBench {
  MonitoredBench(const FlashGeometry& geometry, const NandTiming& nand, const ChannelBusTiming& bus,
                 const FlashControllerConfig& config)
      : controller("controller", geometry, nand, bus, config),
        dies("nand", geometry, nand, config.data_mode),
        monitors("monitor", geometry.dies()),
        ftl("ftl") {
    ftl.socket.bind(controller.target_socket);
    for (DieId id = 0; id < geometry.dies(); ++id) {
      controller.die_sockets[id].bind(monitors[id].in);
      monitors[id].out.bind(dies[id].socket);
    }
  }
  FlashController controller;
  NandDies dies;
  sc_core::sc_vector<DieMonitor> monitors;
  FtlStub ftl;
};

class DieBindingTest : public FlashTimingTest {
 protected:
  FlashControllerConfig data_mode() const {
    FlashControllerConfig config;
    config.data_mode = true;
    return config;
  }
  // Program page 0 and 1 of block 0, read page 0 back, copy it back to block 1 and erase block
  // 2 of die 1, which shares the channel: every opcode and both array phases of a copyback.
  struct Handles {
    std::size_t program_a, program_b, read, copyback, erase;
  };
  static Handles issue(FtlStub& ftl) {
    Handles h{};
    h.program_a = ftl.issue_at(sc_core::SC_ZERO_TIME, program_command(0, 0, 0, 0, 11));
    h.program_b = ftl.issue_after(h.program_a, program_command(0, 0, 0, 1, 12));
    h.read = ftl.issue_after(h.program_b, read_command(0, 0, 0, 0));
    h.copyback = ftl.issue_after(h.read, copyback_command(0, 0, 0, 0, 1, 0));
    h.erase = ftl.issue_at(sc_core::SC_ZERO_TIME, erase_command(1, 0, 2));
    return h;
  }
  static std::vector<sc_core::sc_time> completion_times(const FtlStub& ftl, const Handles& h) {
    return {ftl.completion_time(h.program_a), ftl.completion_time(h.program_b), ftl.completion_time(h.read),
            ftl.completion_time(h.copyback), ftl.completion_time(h.erase)};
  }
};

TEST_F(DieBindingTest, TheBuiltInDieBoundToASocketIsCalledDirectly) {
  ControllerBench bench(small_geometry(1, 2, 1), nand_, bus_, data_mode());
  sc_core::sc_start(sc_core::SC_ZERO_TIME);  // elaborates
  EXPECT_EQ(bench.controller.directly_called_die(0), &bench.die(0));
  EXPECT_EQ(bench.controller.directly_called_die(1), &bench.die(1));
}

TEST_F(DieBindingTest, AMonitorSeesEveryDieCommandAndChangesNoTimeDataOrState) {
  std::vector<sc_core::sc_time> direct_times;
  std::vector<std::uint64_t> direct_tags;
  {
    ControllerBench bench(small_geometry(1, 2, 1), nand_, bus_, data_mode());
    const Handles h = issue(bench.ftl);
    sc_core::sc_start();
    direct_times = completion_times(bench.ftl, h);
    direct_tags = {bench.ftl.result(h.read).targets[0].data_tag, bench.ftl.result(h.copyback).targets[0].data_tag};
    EXPECT_EQ(bench.die(0).backdoor_read(0, 1, 0), 11u);
  }
  fresh_kernel();
  MonitoredBench bench(small_geometry(1, 2, 1), nand_, bus_, data_mode());
  const Handles h = issue(bench.ftl);
  sc_core::sc_start();
  EXPECT_EQ(bench.controller.directly_called_die(0), nullptr);
  EXPECT_EQ(completion_times(bench.ftl, h), direct_times);
  EXPECT_EQ((std::vector<std::uint64_t>{bench.ftl.result(h.read).targets[0].data_tag,
                                        bench.ftl.result(h.copyback).targets[0].data_tag}),
            direct_tags);
  EXPECT_EQ(bench.dies[0].backdoor_read(0, 1, 0), 11u);
  EXPECT_EQ(bench.monitors[0].seen, (std::vector<FlashOpcode>{FlashOpcode::Program, FlashOpcode::Program,
                                                               FlashOpcode::Read, FlashOpcode::Copyback}));
  EXPECT_EQ(bench.monitors[1].seen, (std::vector<FlashOpcode>{FlashOpcode::Erase}));
  // The copyback's second command phase sits between its tR and tPROG, as with the direct call.
  EXPECT_EQ(bench.dies[0].counters().copybacks, 1u);
}

TEST_F(DieBindingTest, ADieModelOfItsOwnSetsTheArrayTime) {
  const std::uint64_t array_ps = 7'000'000;
  FlashController controller("controller", small_geometry(), nand_, bus_, FlashControllerConfig{});
  FixedLatencyDie die("fixed_die", array_ps);
  FtlStub ftl("ftl");
  ftl.socket.bind(controller.target_socket);
  controller.die_sockets[0].bind(die.socket);
  const std::size_t program = ftl.issue_at(sc_core::SC_ZERO_TIME, program_command(0, 0, 0, 0));
  const std::size_t read = ftl.issue_after(program, read_command(0, 0, 0, 0));
  const std::size_t erase = ftl.issue_after(read, erase_command(0, 0, 0));
  sc_core::sc_start();
  EXPECT_EQ(controller.directly_called_die(0), nullptr);
  const std::uint64_t program_end_ps = P() + X() + array_ps;
  const std::uint64_t read_end_ps = program_end_ps + P() + array_ps + X();
  EXPECT_EQ(ftl.completion_time(program).value(), program_end_ps);
  EXPECT_EQ(ftl.completion_time(read).value(), read_end_ps);
  EXPECT_EQ(ftl.completion_time(erase).value(), read_end_ps + E() + array_ps);
  EXPECT_EQ(ftl.response_status(erase), tlm::TLM_OK_RESPONSE);
}

}  // namespace
}  // namespace ssdtlm::testing
