// `ssdtlm wa`: write amplification of a GC policy, geometry and workload with the functional
// engine (no timing). Prints one JSON object on stdout.
//
//   ssdtlm wa --pages-per-block B --blocks N --spare-factor S --policy NAME [--param KEY=VALUE]...
//             [--frontier single|double|hot-cold] --workload SPEC --host-writes K --warmup K0
//             --seed X [--config FILE]
//
// --config takes the geometry (and, unless given as flags, the spare factor, policy, parameters,
// frontier, GC watermarks and seed) from a platform file or preset; --blocks and
// --pages-per-block then must not be given.
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "models/common/config/config_error.h"
#include "models/common/output_file.h"
#include "models/ftl/functional/functional_engine.h"
#include "models/ftl/gc/victim_policy.h"
#include "platforms/ssd_config.h"
#include "platforms/wa_report.h"
#include "sc_main/commands.h"
#include "sc_main/plugin_option.h"

namespace ssdtlm::cli {
namespace {

struct WaFlags {
  WaOptions options;
  std::vector<std::string> params;
  std::string config;
  CLI::Option* pages_per_block = nullptr;
  CLI::Option* blocks = nullptr;
  CLI::Option* spare_factor = nullptr;
  CLI::Option* policy = nullptr;
  CLI::Option* frontier = nullptr;
  CLI::Option* seed = nullptr;
};

void apply_platform_file(WaFlags& flags) {
  const SsdConfig platform = resolve_ssd_config(load_platform_document(flags.config, {}), flags.config);
  WaOptions& options = flags.options;
  options.geometry = platform.geometry;
  const FtlCoreConfig& core = platform.ftl_core;
  if (flags.spare_factor->count() == 0) options.spare_factor = core.spare_factor;
  if (flags.policy->count() == 0) {
    options.policy = core.victim_policy;
    for (const auto& [key, value] : core.policy_params) options.params.emplace(key, value);
  }
  if (flags.frontier->count() == 0) {
    options.frontier = core.frontier_layout;
    for (const auto& [key, value] : core.frontier_params) options.params.emplace(key, value);
  }
  if (flags.seed->count() == 0) options.seed = core.seed;
  options.gc_low_watermark_blocks = core.gc_low_watermark_blocks;
  options.gc_high_watermark_blocks = core.gc_high_watermark_blocks;
  options.gc_victims_per_cycle = core.gc_victims_per_cycle;
}

void run(WaFlags& flags) {
  WaOptions& options = flags.options;
  for (const std::string& param : flags.params) {
    const auto equals = param.find('=');
    if (equals == std::string::npos || equals == 0) {
      throw config_error("--param", "expected KEY=VALUE, got '" + param + "'");
    }
    options.params[param.substr(0, equals)] = param.substr(equals + 1);  // flags win over --config
  }
  if (!flags.config.empty()) {
    if (flags.blocks->count() != 0 || flags.pages_per_block->count() != 0) {
      throw config_error("--config", "gives the geometry; do not combine it with --blocks or --pages-per-block");
    }
    apply_platform_file(flags);
  } else if (options.workload.rfind("trace:", 0) == 0) {
    if (flags.blocks->count() != 0) {
      throw config_error("--blocks", "a trace workload derives the number of blocks from its footprint; leave it out");
    }
    if (flags.pages_per_block->count() == 0) throw config_error("--pages-per-block", "required (or --config FILE)");
  } else {
    if (flags.blocks->count() == 0) throw config_error("--blocks", "required (or --config FILE)");
    if (flags.pages_per_block->count() == 0) throw config_error("--pages-per-block", "required (or --config FILE)");
  }
  const WaResult result = run_wa(options);
  const nlohmann::json report = wa_report(options, result);
  std::cout << json_file_text(report) << std::flush;
  if (report.contains("warnings")) {
    for (const nlohmann::json& warning : report["warnings"]) {
      std::cerr << "warning: " << warning["message"].get<std::string>() << std::endl;
    }
  }
}

}  // namespace

void register_wa_command(CLI::App& app) {
  auto flags = std::make_shared<WaFlags>();
  CLI::App* wa = app.add_subcommand("wa", "Write amplification of a GC policy with the functional engine (no timing)");
  WaOptions& o = flags->options;
  flags->pages_per_block = wa->add_option("--pages-per-block", o.pages_per_block, "B: pages per block");
  flags->blocks = wa->add_option("--blocks", o.blocks, "N: physical blocks (one plane)");
  flags->spare_factor = wa->add_option("--spare-factor", o.spare_factor,
                                       "S: fraction of physical pages hidden from the host, in (0, 1)")
                            ->capture_default_str();
  flags->policy = wa->add_option("--policy", o.policy, "victim policy: " + victim_policy_names())
                      ->capture_default_str();
  wa->add_option("--param", flags->params,
                 "KEY=VALUE policy parameter (d, memory, window, sort_buffer_segments), frontier parameter "
                 "(frontiers, hot_interval, ratio) or GC scheduling (gc_low_watermark, gc_high_watermark, "
                 "victims_per_cycle); repeatable");
  flags->frontier = wa->add_option("--frontier", o.frontier, "write frontier layout: single, double, hot-cold")
                        ->capture_default_str();
  wa->add_option("--workload", o.workload, "uniform | hotcold:r=R,f=F | zipf:theta=T | trace:PATH")->capture_default_str();
  wa->add_option("--host-writes", o.host_writes, "K: measured host writes, in logical capacities")->capture_default_str();
  wa->add_option("--warmup", o.warmup, "K0: host writes discarded first, in logical capacities")->capture_default_str();
  flags->seed = wa->add_option("--seed", o.seed, "random seed")->capture_default_str();
  wa->add_option("--config", flags->config, "platform file or preset: geometry (and defaults for the rest)");
  add_plugin_option(*wa);
  wa->callback([flags]() {
    if (!commands_enabled()) return;
    load_requested_plugins();
    run(*flags);
  });
}

}  // namespace ssdtlm::cli
