#include "models/ftl/functional/functional_engine.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <ctime>
#include <set>
#include <vector>

#include "models/common/config/config_error.h"
#include "models/ftl/core/frontier_layout.h"
#include "models/ftl/functional/replay_writes.h"
#include "models/ftl/functional/write_stream.h"
#include "models/ftl/gc/policy_params.h"

namespace ssdtlm {
namespace {

const FrontierLayoutInfo& find_layout(const std::string& name) {
  for (const auto& info : frontier_layouts()) {
    if (name == info.name) return info;
  }
  throw config_error("--frontier", "unknown frontier layout '" + name +
                                       "' (available: " + frontier_layout_names() + ")");
}

std::uint64_t capacities_to_writes(double capacities, std::uint64_t logical_pages) {
  return static_cast<std::uint64_t>(std::llround(capacities * static_cast<double>(logical_pages)));
}

}  // namespace

FtlCoreConfig make_wa_core_config(const WaOptions& options) {
  FtlCoreConfig config;
  if (options.geometry) {
    config.geometry = *options.geometry;
  } else {
    if (options.pages_per_block < 1) throw config_error("--pages-per-block", "must be >= 1");
    if (options.blocks < 1) throw config_error("--blocks", "must be >= 1");
    if (options.blocks > 0xffffffffull) throw config_error("--blocks", "must be below 2^32");
    config.geometry.blocks_per_plane = static_cast<std::uint32_t>(options.blocks);
    config.geometry.pages_per_block = options.pages_per_block;
  }
  if (!(options.spare_factor > 0.0 && options.spare_factor < 1.0)) {
    throw config_error("--spare-factor", "must be in (0, 1), got " + std::to_string(options.spare_factor));
  }
  const double logical = (1.0 - options.spare_factor) * static_cast<double>(config.geometry.total_pages());
  if (logical + 1e-6 < config.geometry.pages_per_block) {
    throw config_error(options.geometry ? "--config" : "--blocks",
                       "with --spare-factor " + std::to_string(options.spare_factor) + " the device has " +
                           std::to_string(static_cast<std::uint64_t>(logical)) +
                           " logical pages, fewer than one block (" +
                           std::to_string(config.geometry.pages_per_block) + " pages)");
  }
  if (!(options.host_writes > 0.0) || !std::isfinite(options.host_writes)) {
    throw config_error("--host-writes", "must be > 0 logical capacities");
  }
  if (!(options.warmup >= 0.0) || !std::isfinite(options.warmup)) {
    throw config_error("--warmup", "must be >= 0 logical capacities");
  }
  config.spare_factor = options.spare_factor;
  config.victim_policy = options.policy;
  config.frontier_layout = options.frontier;
  config.seed = options.seed;
  config.seal_blocks_on_close = true;
  config.in_place_keeps_page_offsets = true;  // same WA, no map update per surviving page
  config.gc_low_watermark_blocks = options.gc_low_watermark_blocks;
  config.gc_high_watermark_blocks = options.gc_high_watermark_blocks;
  config.gc_victims_per_cycle = options.gc_victims_per_cycle;
  config.spare_factor_key = "--spare-factor";
  config.high_watermark_key = "--param gc_high_watermark";
  config.policy_key = "--policy";
  config.policy_params_key = "--param ";
  config.frontier_key = "--frontier";
  config.frontier_params_key = "--param ";

  const FrontierLayoutInfo& layout = find_layout(options.frontier);
  const std::set<std::string> frontier_keys(layout.keys.begin(), layout.keys.end());
  std::map<std::string, std::string> scheduling;
  for (const auto& [key, value] : options.params) {
    if (key == "gc_low_watermark" || key == "gc_high_watermark" || key == "victims_per_cycle") {
      scheduling[key] = value;
    } else if (frontier_keys.count(key) != 0) {
      config.frontier_params[key] = value;
    } else {
      config.policy_params[key] = value;
    }
  }
  PolicyParams gc(scheduling, "--param ");
  const std::int64_t blocks_per_unit = config.geometry.blocks_per_plane;
  config.gc_low_watermark_blocks = static_cast<std::uint32_t>(
      gc.integer("gc_low_watermark", config.gc_low_watermark_blocks, 0, blocks_per_unit));
  config.gc_high_watermark_blocks = static_cast<std::uint32_t>(
      gc.integer("gc_high_watermark", std::max(config.gc_high_watermark_blocks, config.gc_low_watermark_blocks), 0,
                 blocks_per_unit));
  config.gc_victims_per_cycle = static_cast<std::uint32_t>(
      gc.integer("victims_per_cycle", config.gc_victims_per_cycle, 1, blocks_per_unit));
  return config;
}

WaResult run_wa(const WaOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  WorkloadPlan plan = plan_workload(options.workload, "--workload");
  WaOptions sized = options;
  std::uint64_t used_logical_pages = 0;  // 0: the core's whole logical space
  if (plan.footprint_pages > 0) {
    // [Van Houdt 2013] section 4.1: the logical space U is the trace's footprint x rounded up to whole
    // blocks, the device has N = U / ((1 - S) B) blocks, rounded up.
    if (options.geometry) {
      throw config_error("--config", "a trace workload derives the geometry from its footprint; use --pages-per-block");
    }
    if (options.pages_per_block < 1) throw config_error("--pages-per-block", "must be >= 1");
    if (!(options.spare_factor > 0.0 && options.spare_factor < 1.0)) {
      throw config_error("--spare-factor", "must be in (0, 1), got " + std::to_string(options.spare_factor));
    }
    const std::uint64_t b = options.pages_per_block;
    used_logical_pages = (plan.footprint_pages + b - 1) / b * b;
    const double per_block = (1.0 - options.spare_factor) * static_cast<double>(b);
    sized.blocks = static_cast<std::uint64_t>(std::ceil(static_cast<double>(used_logical_pages) / per_block - 1e-9));
    // Binary rounding must not leave the core fewer logical pages than U.
    while (static_cast<std::uint64_t>(std::floor((1.0 - options.spare_factor) * static_cast<double>(sized.blocks * b) +
                                                 1e-9)) < used_logical_pages) {
      ++sized.blocks;
    }
  }
  FtlCore core(make_wa_core_config(sized));
  // With a trace the core may hold a few logical pages beyond U (N is rounded up): they are
  // never written and so act as spare space.
  const std::uint64_t logical_pages = used_logical_pages > 0 ? used_logical_pages : core.logical_pages();
  auto stream = plan.make_stream(logical_pages, options.seed);
  if (core.victim_policy().wants_exact_page_rates()) {
    std::vector<float> rates;
    if (!stream->page_update_probabilities(rates)) {
      throw config_error(core.exact_rates_key(), "needs exact page update frequencies, which workload '" +
                                                     options.workload +
                                                     "' does not define (use uniform, hotcold:... or zipf:...)");
    }
    core.set_page_update_rates(std::move(rates));
  }

  for (Lpn lpn = 0; lpn < logical_pages; ++lpn) core.write_host_functional(lpn);  // sequential fill
  const auto random_started = std::chrono::steady_clock::now();
  const std::clock_t cpu_started = std::clock();
  const std::uint64_t warmup_writes = capacities_to_writes(options.warmup, logical_pages);
  const std::uint64_t measured_writes = capacities_to_writes(options.host_writes, logical_pages);
  replay_writes(core, *stream, warmup_writes);
  core.reset_counters();
  replay_writes(core, *stream, measured_writes);
  core.flush_host_sort_buffer();
  const auto finished = std::chrono::steady_clock::now();
  const double cpu_seconds = static_cast<double>(std::clock() - cpu_started) / CLOCKS_PER_SEC;

  WaResult result;
  const FtlCounters& counters = core.counters();
  result.host_page_writes = counters.host_page_writes;
  result.gc_page_writes = counters.gc_page_writes;
  result.erases = counters.erases;
  result.gc_invocations = counters.gc_invocations;
  result.host_writes_absorbed = counters.host_writes_absorbed;
  if (counters.host_page_writes > 0) {
    result.write_amplification =
        static_cast<double>(counters.host_page_writes + counters.gc_page_writes) / counters.host_page_writes;
    result.extra_writes_per_user_write = static_cast<double>(counters.gc_page_writes) / counters.host_page_writes;
    // The writes issued in the measured part; programs of warm-up writes still staged at the
    // reset are counted among host_page_writes, so this is not host_page_writes + absorbed.
    result.extra_writes_per_issued_host_write =
        static_cast<double>(counters.gc_page_writes) / static_cast<double>(measured_writes);
  }
  const FlashGeometry& geometry = core.geometry();
  if (counters.gc_invocations > 0) {
    result.mean_valid_fraction_of_victims = static_cast<double>(counters.victim_valid_pages) /
                                            (static_cast<double>(counters.gc_invocations) * geometry.pages_per_block);
  }
  result.logical_pages = logical_pages;
  result.physical_pages = geometry.total_pages();
  result.blocks = geometry.total_blocks();
  result.pages_per_block = geometry.pages_per_block;
  result.units = core.units();
  std::uint64_t erase_sum = 0;
  result.erase_count_min = ~0u;
  for (BlockId block = 0; block < result.blocks; ++block) {
    const std::uint32_t erases = core.erase_count(block);
    result.erase_count_min = std::min(result.erase_count_min, erases);
    result.erase_count_max = std::max(result.erase_count_max, erases);
    erase_sum += erases;
  }
  result.erase_count_mean = static_cast<double>(erase_sum) / result.blocks;
  result.workload_description = stream->describe();
  result.blocks_derived_from_trace = plan.footprint_pages > 0;
  result.footprint_pages = plan.footprint_pages;
  result.trace_format = plan.trace_format;
  result.trace_page_writes = plan.trace_page_writes;
  result.memory_bytes = core.memory_bytes();
  result.bytes_per_physical_page = static_cast<double>(result.memory_bytes) / result.physical_pages;
  result.wall_seconds = std::chrono::duration<double>(finished - started).count();
  const double random_seconds = std::chrono::duration<double>(finished - random_started).count();
  if (random_seconds > 0) {
    result.host_page_writes_per_wall_second = static_cast<double>(warmup_writes + measured_writes) / random_seconds;
  }
  if (cpu_seconds > 0) {
    result.host_page_writes_per_wall_cpu_second = static_cast<double>(warmup_writes + measured_writes) / cpu_seconds;
  }
  return result;
}

nlohmann::json to_json(const WaOptions& options, const WaResult& result) {
  nlohmann::json params = nlohmann::json::object();
  for (const auto& [key, value] : options.params) params[key] = value;
  nlohmann::json out{
      {"write_amplification", result.write_amplification},
      {"extra_writes_per_user_write", result.extra_writes_per_user_write},
      {"extra_writes_per_issued_host_write", result.extra_writes_per_issued_host_write},
      {"host_page_writes", result.host_page_writes},
      {"gc_page_writes", result.gc_page_writes},
      {"erases", result.erases},
      {"gc_invocations", result.gc_invocations},
      {"mean_valid_fraction_of_victims", result.mean_valid_fraction_of_victims},
      {"host_writes_absorbed_by_sort_buffer", result.host_writes_absorbed},
      {"policy", options.policy},
      {"params", params},
      {"frontier", options.frontier},
      {"workload", options.workload},
      {"workload_description", result.workload_description},
      {"spare_factor", options.spare_factor},
      {"pages_per_block", result.pages_per_block},
      {"blocks", result.blocks},
      {"units", result.units},
      {"logical_pages", result.logical_pages},
      {"physical_pages", result.physical_pages},
      {"host_writes_capacities", options.host_writes},
      {"warmup_capacities", options.warmup},
      {"seed", options.seed},
      {"erase_count", {{"min", result.erase_count_min}, {"mean", result.erase_count_mean}, {"max", result.erase_count_max}}},
      {"memory_bytes", result.memory_bytes},
      {"bytes_per_physical_page", result.bytes_per_physical_page},
      {"wall_seconds", result.wall_seconds},
      {"host_page_writes_per_wall_second", result.host_page_writes_per_wall_second},
      {"host_page_writes_per_wall_cpu_second", result.host_page_writes_per_wall_cpu_second},
      {"definitions",
       {{"write_amplification", "(host + GC page programs) / host page programs over the measured part ([Van Houdt 2013])"},
        {"extra_writes_per_user_write", "GC page programs / host page programs = [Lomet & Luo 2021]'s Wamp = (1-E)/E"},
        {"extra_writes_per_issued_host_write",
         "GC page programs / host writes issued (programmed + absorbed by mdc's sort buffer)"}}},
  };
  if (result.blocks_derived_from_trace) {
    out["blocks_derived_from_trace"] = true;
    out["footprint_pages"] = result.footprint_pages;
    out["trace_format"] = result.trace_format;
    out["trace_page_writes_per_pass"] = result.trace_page_writes;
    out["definitions"]["logical_pages"] =
        "trace footprint (pages read or written, 4 KiB) rounded up to whole blocks; blocks = ceil(logical / ((1 - S) B))";
  }
  return out;
}

}  // namespace ssdtlm
