#pragma once
// The text summary of a run, one implementation for `ssdtlm run` / `ssdtlm raid` and Python's
// Result.summary(), so that they say the same. It opens with what ran: the platform (its preset
// and the keys changed from it), capacity and spare, the workload, the preconditioning and the
// measured window with the warm-up before it and the drain after it; then the figures and the
// warnings.
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace ssdtlm {

// The opening lines. `stats` is stats.json (an SSD's or an array's), `effective` the effective
// configuration with its "workload" and "precondition"; `workloads` null, or the workloads of a
// Python Simulation that has several or places one in time: [{"workload", "start_ns",
// "stop_ns"}, ...].
std::vector<std::string> run_description(const nlohmann::json& stats, const nlohmann::json& effective,
                                         const nlohmann::json& workloads = nullptr);

// The whole summary of an SSD run, lines ended by '\n': run_description, the host's read and
// write figures, write amplification and GC, data mode, warnings. The CLI adds its wall-clock line.
std::string ssd_run_summary(const nlohmann::json& stats, const nlohmann::json& effective,
                            const nlohmann::json& workloads = nullptr);

// The summary's lines for stats.json's "warnings", "  warning: MESSAGE" each.
std::vector<std::string> warning_lines(const nlohmann::json& stats);

// `key=value` for every leaf of `effective` that differs from the preset it names ("name"),
// the run's own workload and precondition left out; `preset` says "preset NAME", or why there
// is nothing to compare to.
struct PresetChanges {
  std::string preset;
  bool found = false;
  std::vector<std::string> changes;
};
PresetChanges changes_from_preset(const nlohmann::json& effective);

}  // namespace ssdtlm
