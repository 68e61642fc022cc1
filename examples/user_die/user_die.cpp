// A die model of your own, bound into an SsdPlatform (docs/extending.md, "A die model of your
// own"). Two die targets written as a user would write them, each a plain TLM-2.0 module with a
// tlm_target_socket:
//   * OperationCounter, a monitor in front of the built-in die: it counts the commands by
//     opcode and passes them on, so the run's results are those of the built-in die;
//   * FixedLatencyDie, a die of its own: every operation takes the same array time and nothing
//     is stored (a timing-only die; the workload below writes before it reads nothing back).
// The program runs the same workload three times (built-in dies, monitors, fixed-latency dies)
// and checks what each must give; it exits non-zero when a check fails (ctest runs it).
#include <cstdint>
#include <iostream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "models/host/workload/request_source_factory.h"
#include "models/kernel/kernel_context_guard.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/ssd_config.h"
#include "platforms/ssd_platform.h"

namespace {

using ssdtlm::FlashCommand;
using ssdtlm::FlashOpcode;

// Counts the die commands by opcode and hands each to the die bound to `out`.
struct OperationCounter : sc_core::sc_module {
  tlm_utils::simple_target_socket<OperationCounter> in;
  tlm_utils::simple_initiator_socket<OperationCounter> out;
  std::map<std::string, std::uint64_t> operations;

  explicit OperationCounter(sc_core::sc_module_name name) : sc_core::sc_module(name), in("in"), out("out") {
    in.register_b_transport(this, &OperationCounter::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& payload, sc_core::sc_time& delay) {
    ++operations[ssdtlm::to_string(payload.get_extension<FlashCommand>()->opcode)];
    out->b_transport(payload, delay);  // the built-in die adds its array time to `delay`
  }
};

// Accepts every command and takes `array_time` for it.
struct FixedLatencyDie : sc_core::sc_module {
  tlm_utils::simple_target_socket<FixedLatencyDie> socket;
  sc_core::sc_time array_time;
  std::uint64_t operations = 0;

  FixedLatencyDie(sc_core::sc_module_name name, const sc_core::sc_time& time)
      : sc_core::sc_module(name), socket("socket"), array_time(time) {
    socket.register_b_transport(this, &FixedLatencyDie::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& payload, sc_core::sc_time& delay) {
    payload.get_extension<FlashCommand>()->status = ssdtlm::FlashStatus::Ok;
    delay += array_time;
    payload.set_response_status(tlm::TLM_OK_RESPONSE);
    ++operations;
  }
};

ssdtlm::SsdConfig small_device() {
  const nlohmann::json overrides = {
      {"nand", {{"page_size_bytes", 4096}, {"pages_per_block", 32}, {"blocks_per_plane", 64}, {"planes_per_die", 1}}},
      {"controller", {{"channels", 2}, {"chips_per_channel", 1}}},
      {"ftl", {{"spare_factor", 0.2}}},
  };
  return ssdtlm::resolve_ssd_config(ssdtlm::ssd_parameter_schema().validate_and_fill(overrides, "example"), "example");
}

// Runs `workload` on a platform whose die sockets `die_targets` wires; returns stats.json.
nlohmann::json run(const std::string& workload, const ssdtlm::DieTargetFactory& die_targets) {
  const ssdtlm::SsdConfig config = small_device();
  ssdtlm::SsdPlatform platform("ssd", config, die_targets);
  platform.attach_workload(ssdtlm::make_request_source(ssdtlm::parse_workload_spec(workload, "example"),
                                                       platform.logical_bytes(), 4096, config.seed));
  platform.run();
  return platform.statistics();
}

int failures = 0;
void check(bool ok, const std::string& what) {
  std::cout << (ok ? "ok    " : "FAILED") << "  " << what << "\n";
  if (!ok) ++failures;
}

// The built-in dies: the results the other runs are checked against.
nlohmann::json builtin_results(const std::string& workload) {
  const ssdtlm::ScopedKernelContext kernel;  // a kernel per run, deleted after its modules
  return run(workload, {});
}

// Monitors: one per die, each wrapping the platform's built-in die.
void check_monitors(const std::string& workload, const nlohmann::json& builtin) {
  const ssdtlm::ScopedKernelContext kernel;
  std::vector<std::unique_ptr<OperationCounter>> counters;
  const nlohmann::json monitored = run(workload, [&](ssdtlm::DieId id, ssdtlm::NandDie& die) -> tlm::tlm_target_socket<>& {
    counters.push_back(std::make_unique<OperationCounter>(("counter_" + std::to_string(id)).c_str()));
    counters.back()->out.bind(die.socket);
    return counters.back()->in;
  });
  std::map<std::string, std::uint64_t> total;
  for (const auto& counter : counters) {
    for (const auto& [opcode, count] : counter->operations) total[opcode] += count;
  }
  for (const auto& [opcode, count] : total) std::cout << "monitored " << opcode << ": " << count << "\n";
  check(monitored["host"] == builtin["host"], "monitors change no host result");
  check(monitored["flash"] == builtin["flash"], "monitors change no flash statistic");
  check(total["program"] == builtin["flash"]["programs"]["total"].get<std::uint64_t>(),
        "the monitors saw every page program");
}

// Dies of their own: 50 us per operation, whatever it is.
void check_own_dies(const std::string& workload, const nlohmann::json& builtin) {
  const ssdtlm::ScopedKernelContext kernel;
  std::vector<std::unique_ptr<FixedLatencyDie>> fixed;
  const nlohmann::json own = run(workload, [&](ssdtlm::DieId id, ssdtlm::NandDie&) -> tlm::tlm_target_socket<>& {
    fixed.push_back(std::make_unique<FixedLatencyDie>(("fixed_" + std::to_string(id)).c_str(),
                                                      sc_core::sc_time(50, sc_core::SC_US)));
    return fixed.back()->socket;
  });
  std::uint64_t own_operations = 0;
  for (const auto& die : fixed) own_operations += die->operations;
  std::cout << "fixed-latency dies: " << own_operations << " operations\n";
  check(own["host"]["requests"] == builtin["host"]["requests"], "the fixed-latency dies served the whole workload");
  check(own_operations > 0 && own["sim_time_ns"] != builtin["sim_time_ns"], "their timing is their own");
}

}  // namespace

int sc_main(int, char*[]) {
  const std::string workload = "mixed:qd=8,count=3000,read=0.3,size=4KiB";
  const nlohmann::json builtin = builtin_results(workload);
  check_monitors(workload, builtin);
  check_own_dies(workload, builtin);
  return failures == 0 ? 0 : 1;
}
