#include "platforms/ssd_config.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>

#include "models/common/config/config_error.h"
#include "models/common/config/did_you_mean.h"
#include "models/common/config/json_document.h"
#include "models/ftl/core/logical_capacity.h"
#include "models/common/flash_command.h"
#include "models/ftl/core/frontier_layout.h"
#include "models/ftl/core/ftl_core.h"
#include "models/ftl/gc/policy_params.h"
#include "models/ftl/gc/victim_policy.h"

#ifndef SSDTLM_SOURCE_DIR
#define SSDTLM_SOURCE_DIR "."
#endif

namespace ssdtlm {
namespace {

// The victim policy and frontier layout read their parameters when the FTL is built; building
// them here as well rejects a misspelt or foreign parameter (d with fifo) when the document is
// checked: before `ssdtlm run` prepares its output, before a sweep starts any point.
void check_gc_parameters(const FtlCoreConfig& core, std::uint32_t pages_per_block, const std::string& source) {
  PolicyParams frontier_params(core.frontier_params, source + ": " + core.frontier_params_key);
  make_frontier_layout(core.frontier_layout, frontier_params, source + ": " + core.frontier_key);
  PolicyParams policy_params(core.policy_params, source + ": " + core.policy_params_key);
  make_victim_policy(core.victim_policy, policy_params, pages_per_block, source + ": " + core.policy_key);
}

std::uint32_t blocks_for_fraction(double fraction, std::uint32_t blocks) {
  return static_cast<std::uint32_t>(std::ceil(fraction * blocks - 1e-9));
}

std::array<std::uint64_t, 4> per_page_type_ns(const nlohmann::json& timing, const std::string& key,
                                              double default_us, int page_types,
                                              const std::string& source) {
  std::array<std::uint64_t, 4> out{};
  const auto base = static_cast<std::uint64_t>(std::llround(default_us * 1000.0));
  out.fill(base);
  if (timing.contains(key) && !timing[key].is_null()) {
    const auto& values = timing[key];
    if (static_cast<int>(values.size()) != page_types) {
      throw config_error(source + ": nand.timing." + key,
                         "expected " + std::to_string(page_types) +
                             " entries (one per page type of the cell type), got " + std::to_string(values.size()));
    }
    for (int i = 0; i < page_types; ++i) {
      out[i] = static_cast<std::uint64_t>(std::llround(values[i].get<double>() * 1000.0));
    }
  }
  return out;
}

std::map<std::string, std::string> string_map(const nlohmann::json& object) {
  std::map<std::string, std::string> out;
  for (auto it = object.begin(); it != object.end(); ++it) {
    out[it.key()] = it.value().is_string() ? it.value().get<std::string>() : it.value().dump();
  }
  return out;
}

// nand.reliability.* and ftl.wear_leveling.*: the dies' fault model and the controller's ECC
// limit and read retry (controller.reliability), the factory bad blocks and wear leveling of
// the FTL core.
void resolve_reliability(const nlohmann::json& effective, const std::string& source, SsdConfig& c) {
  const auto& r = effective["nand"]["reliability"];
  NandReliabilityConfig& n = c.controller.reliability;
  n.factory_bad_block_rate = r["factory_bad_block_rate"].get<double>();
  if (r.contains("factory_bad_blocks") && !r["factory_bad_blocks"].is_null()) {
    for (const auto& block : r["factory_bad_blocks"]) {
      const auto id = block.get<double>();
      if (id != std::floor(id) || id >= double(c.geometry.total_blocks())) {
        throw config_error(source + ": nand.reliability.factory_bad_blocks",
                           "block " + block.dump() + " is not a block id of this device (0 .. " +
                               std::to_string(c.geometry.total_blocks() - 1) + ")");
      }
      n.factory_bad_block_list.push_back(static_cast<BlockId>(id));
    }
  }
  n.program_fail_probability = r["program_fail_probability"].get<double>();
  n.program_fail_probability_per_pe_cycle = r["program_fail_probability_per_pe_cycle"].get<double>();
  n.erase_fail_probability = r["erase_fail_probability"].get<double>();
  n.erase_fail_probability_per_pe_cycle = r["erase_fail_probability_per_pe_cycle"].get<double>();
  n.rber_base = r["rber"]["base"].get<double>();
  n.rber_wear = r["rber"]["wear"].get<double>();
  n.rber_wear_exponent = r["rber"]["wear_exponent"].get<double>();
  n.rber_retention_per_hour = r["rber"]["retention_per_hour"].get<double>();
  n.retention_offset_hours = r["retention_offset_hours"].get<double>();
  n.initial_pe_cycles = r["initial_pe_cycles"].get<std::uint32_t>();
  n.ecc_codeword_bytes = r["ecc"]["codeword_bytes"].get<std::uint32_t>();
  n.ecc_correctable_bits = r["ecc"]["correctable_bits"].get<std::uint32_t>();
  n.read_retry_threshold_bits = r["read_retry"]["threshold_bits"].get<std::uint32_t>();
  n.read_retry_max_steps = r["read_retry"]["max_steps"].get<std::uint32_t>();
  n.read_retry_rber_factor = r["read_retry"]["rber_factor"].get<double>();
  n.seed = c.seed;
  if (n.read_retry_threshold_bits > n.ecc_correctable_bits) {
    throw config_error(source + ": nand.reliability.read_retry.threshold_bits",
                       "must be <= nand.reliability.ecc.correctable_bits (" + std::to_string(n.ecc_correctable_bits) + ")");
  }
  c.ftl_core.factory_bad_blocks = factory_bad_blocks(n, c.geometry);
  c.ftl_core.relocate_across_units_when_full = n.failures_enabled() && !effective["controller"]["copyback"].get<bool>();
  const auto& wl = effective["ftl"]["wear_leveling"];
  c.ftl_core.dynamic_wear_leveling = wl["dynamic"].get<bool>();
  c.ftl_core.static_wear_leveling = wl["static"].get<bool>();
  c.ftl_core.static_wear_leveling_threshold = wl["static_threshold"].get<std::uint32_t>();
}

// ftl.mode and ftl.mjolnir.* (docs/mjolnir.md, "Timed mode").
void resolve_mjolnir(SsdConfig& c, const nlohmann::json& ftl, const std::string& source) {
  c.ftl_mode = ftl["mode"].get<std::string>() == "mjolnir" ? SsdConfig::FtlMode::Mjolnir : SsdConfig::FtlMode::Page;
  const auto& m = ftl["mjolnir"];
  MjolnirCpuConfig& j = c.mjolnir;
  j.volume_pages = logical_pages_for(c.ftl_core.spare_factor, c.geometry.total_pages());
  j.namespace_pages = j.volume_pages * (1 + m["snapshot_slots"].get<std::uint64_t>());
  j.store.scanner.validity_threshold = m["validity_threshold"].get<double>();
  const auto max_candidates = m["max_candidates_per_cycle"].get<std::uint32_t>();
  j.store.scanner.max_candidates_per_cycle = max_candidates == 0 ? 0xffffffffu : max_candidates;
  j.store.reverse_map_limit_bytes = m["reverse_map_limit_bytes"].get<std::uint64_t>();
  j.store.reverse_map_entry_bytes = m["reverse_map_entry_bytes"].get<std::uint32_t>();
  j.store.translation_fanout = m["translation_fanout"].get<std::size_t>();
  j.store.rate_limiter.gc_start_utilization = m["gc_start_utilization"].get<double>();
  j.store.rate_limiter.panic_free_segments = m["panic_free_segments"].get<std::uint32_t>();
  j.scanner_threads = m["scanner_threads"].get<std::uint32_t>();
  j.cycles_per_mapping_scanned = m["cycles_per_mapping_scanned"].get<std::uint64_t>();
  j.scan_check_interval_mappings = m["scan_check_interval_mappings"].get<std::uint64_t>();
  j.scan_barrier_cycles = m["scan_barrier_cycles"].get<std::uint64_t>();
  j.dynamic_reassignment = m["dynamic_reassignment"].get<bool>();
  j.cycles_per_range_mapping = m["cycles_per_range_mapping"].get<std::uint64_t>();
  j.cycles_per_mapping_updated = m["cycles_per_mapping_updated"].get<std::uint64_t>();
  j.inflight_pages = m["inflight_pages"].get<std::uint32_t>();
  j.measure_reclaim_at_end = m["measure_reclaim_at_end"].get<bool>();
  j.timeline_interval_ps = c.stats.timeline_interval_ns * 1000;
  if (c.ftl_mode != SsdConfig::FtlMode::Mjolnir) return;
  if (j.scanner_threads > c.ftl_cpu.cores) {
    throw config_error(source + ": ftl.mjolnir.scanner_threads",
                       "each scanner thread runs on its own firmware core: at most ftl.cpu.cores (" +
                           std::to_string(c.ftl_cpu.cores) + ")");
  }
  if (c.geometry.blocks_per_plane < 2 * (j.store.rate_limiter.panic_free_segments + 1)) {
    throw config_error(source + ": ftl.mjolnir.panic_free_segments",
                       "a segment is one block of every plane: nand.blocks_per_plane (" +
                           std::to_string(c.geometry.blocks_per_plane) + ") must be at least twice the panic reserve plus one");
  }
  if (j.namespace_pages >= kInvalidLpn) {
    throw config_error(source + ": ftl.mjolnir.snapshot_slots",
                       "the namespace (" + std::to_string(j.namespace_pages) + " pages) exceeds the 32-bit logical page id space");
  }
  if (c.ftl_cpu.write_buffer_pages != 0) {
    throw config_error(source + ": ftl.write_buffer.pages", "the write buffer is not modelled with ftl.mode = mjolnir; leave it 0");
  }
  if (c.ftl_cpu.use_copyback) {
    throw config_error(source + ": controller.copyback", "GC copies with ftl.mode = mjolnir cross planes: copyback does not apply");
  }
  if (c.ftl_cpu.cache_commands) {
    throw config_error(source + ": controller.cache_commands", "cache commands are issued by ftl.mode = page only; leave it false");
  }
  // The fault and power-loss models act through the page-mapping FTL (FtlCpu, FtlCore): MjolnirCpu
  // neither re-drives failed programs nor keeps OOB metadata, so say so instead of ignoring them.
  if (c.controller.reliability.enabled()) {
    throw config_error(source + ": nand.reliability", "NAND faults are modelled with ftl.mode = page only; leave them off");
  }
  if (c.ftl_core.static_wear_leveling) {
    throw config_error(source + ": ftl.wear_leveling.static", "is implemented for ftl.mode = page only");
  }
  if (c.power.enabled) {
    throw config_error(source + ": power.enabled", "power loss is modelled with ftl.mode = page only");
  }
}

}  // namespace

std::string preset_directory() {
  if (const char* env = std::getenv("SSDTLM_PRESET_DIR")) return env;
  return std::string(SSDTLM_SOURCE_DIR) + "/platforms/presets";
}

std::vector<std::string> preset_names() {
  std::vector<std::string> names;
  std::error_code ignored;
  for (const auto& entry : std::filesystem::directory_iterator(preset_directory(), ignored)) {
    // raid-*.json are RAID platform documents (raid_preset_names()), not SSDs.
    const std::string stem = entry.path().stem().string();
    if (entry.path().extension() == ".json" && stem.rfind("raid-", 0) != 0) names.push_back(stem);
  }
  std::sort(names.begin(), names.end());
  return names;
}

std::string find_config_file(const std::string& config, const std::string& flag,
                             const std::vector<std::string>& known_presets) {
  if (std::filesystem::exists(config)) return config;
  const bool bare_name = !config.empty() && config.front() != '.' &&
                         std::all_of(config.begin(), config.end(), [](char c) {
                           return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
                         });
  std::string known;
  for (const auto& name : known_presets) known += (known.empty() ? "" : ", ") + name;
  if (!bare_name) {
    throw config_error(flag + " " + config, "no such file (a preset is named by its bare name: " + known + ")");
  }
  const std::string preset = preset_directory() + "/" + config + ".json";
  if (std::filesystem::exists(preset)) return preset;
  throw config_error(flag + " " + config,
                     "no such file and no such preset" + did_you_mean(config, known_presets) + " (presets: " + known + ")");
}

nlohmann::json load_platform_document(const std::string& config,
                                      const std::vector<std::string>& overrides) {
  const std::string path = find_config_file(config, "--config", preset_names());
  nlohmann::json document = read_json_file(path);
  if (!document.is_object()) throw config_error(path, "expected a JSON object at the top level");
  // A RAID platform (a "raid" section over member SSDs) is a different document: say so
  // instead of listing "raid" as an unknown key.
  if (document.contains("raid")) {
    throw config_error(path, "a RAID platform (it has a \"raid\" section): run it with `ssdtlm raid` (docs/raid.md)");
  }
  for (const auto& assignment : overrides) {
    const auto equals = assignment.find('=');
    if (equals == std::string::npos || equals == 0) {
      throw config_error("--set " + assignment, "expected KEY=VALUE");
    }
    const std::string key = assignment.substr(0, equals);
    const Parameter* parameter = ssd_parameter_schema().find(key);
    nlohmann::json value = parse_override_value(assignment.substr(equals + 1), "--set " + key);
    // A quoted number is still a string to JSON; `--set name=123` should stay a string.
    if (parameter && (parameter->kind == ParameterKind::String) && !value.is_string()) {
      value = assignment.substr(equals + 1);
    }
    set_json_path(document, key, value);
  }
  const std::string source = overrides.empty() ? path : path + " with --set";
  return ssd_parameter_schema().validate_and_fill(document, source);
}

SsdConfig resolve_ssd_config(const nlohmann::json& effective, const std::string& source) {
  SsdConfig c;
  c.effective = effective;
  const auto& nand = effective["nand"];
  const auto& timing = nand["timing"];
  const auto& ctrl = effective["controller"];
  const auto& channel = effective["channel"];
  const auto& ftl = effective["ftl"];
  const auto& gc = ftl["gc"];
  const auto& cpu = ftl["cpu"];
  const auto& host = effective["host"];

  c.seed = effective["seed"].get<std::uint64_t>();
  c.data_mode = nand["data_mode"].get<bool>();

  c.geometry.channels = ctrl["channels"].get<std::uint32_t>();
  c.geometry.dies_per_channel = ctrl["chips_per_channel"].get<std::uint32_t>() * nand["dies_per_chip"].get<std::uint32_t>();
  c.geometry.planes_per_die = nand["planes_per_die"].get<std::uint32_t>();
  c.geometry.blocks_per_plane = nand["blocks_per_plane"].get<std::uint32_t>();
  c.geometry.pages_per_block = nand["pages_per_block"].get<std::uint32_t>();
  c.geometry.page_size_bytes = nand["page_size_bytes"].get<std::uint32_t>();
  c.geometry.spare_bytes_per_page = nand["spare_bytes_per_page"].get<std::uint32_t>();
  if (c.geometry.total_pages() >= kInvalidPpn) {
    throw config_error(source + ": nand",
                       "impossible geometry: " + std::to_string(c.geometry.total_pages()) +
                           " physical pages exceed the 32-bit page id space (at most 4294967294)");
  }
  if (c.geometry.planes_per_die > kMaxPlanes) {
    throw config_error(source + ": nand.planes_per_die", "at most " + std::to_string(kMaxPlanes));
  }

  const std::string cell = nand["cell_type"].get<std::string>();
  c.nand_timing.cell_type = cell == "slc" ? CellType::SLC : cell == "mlc" ? CellType::MLC
                          : cell == "tlc" ? CellType::TLC : CellType::QLC;
  const int page_types = bits_per_cell(c.nand_timing.cell_type);
  c.nand_timing.read_ns = per_page_type_ns(timing, "read_us_by_page_type", timing["read_us"].get<double>(), page_types, source);
  c.nand_timing.program_ns = per_page_type_ns(timing, "program_us_by_page_type", timing["program_us"].get<double>(), page_types, source);
  c.nand_timing.erase_ns = static_cast<std::uint64_t>(std::llround(timing["erase_us"].get<double>() * 1000.0));
  c.nand_timing.cache_busy_ns = static_cast<std::uint64_t>(std::llround(timing["cache_busy_us"].get<double>() * 1000.0));
  c.nand_timing.multi_plane_busy_ns = static_cast<std::uint64_t>(std::llround(timing["multi_plane_busy_us"].get<double>() * 1000.0));
  c.nand_timing.status_read_ns = static_cast<std::uint64_t>(std::llround(timing["status_read_ns"].get<double>()));
  c.nand_timing.program_suspend_ns = static_cast<std::uint64_t>(std::llround(timing["program_suspend_us"].get<double>() * 1000.0));
  c.nand_timing.erase_suspend_ns = static_cast<std::uint64_t>(std::llround(timing["erase_suspend_us"].get<double>() * 1000.0));
  c.nand_timing.resume_ns = static_cast<std::uint64_t>(std::llround(timing["resume_us"].get<double>() * 1000.0));
  if (c.geometry.pages_per_block % page_types != 0) {
    throw config_error(source + ": nand.pages_per_block",
                       "must be a multiple of the bits per cell (" + std::to_string(page_types) + ") of nand.cell_type " + cell);
  }

  c.bus_timing.transfer_rate_mts = channel["transfer_rate_mts"].get<std::uint32_t>();
  c.bus_timing.bus_width_bits = channel["bus_width_bits"].get<std::uint32_t>();
  if (c.bus_timing.bus_width_bits % 8 != 0) {
    throw config_error(source + ": channel.bus_width_bits", "expected a multiple of 8");
  }
  c.bus_timing.command_cycle_ns = static_cast<std::uint64_t>(std::llround(channel["command_cycle_ns"].get<double>()));
  c.bus_timing.address_cycles = channel["address_cycles"].get<std::uint32_t>();

  c.controller.scheduling_policy = ctrl["scheduling_policy"].get<std::string>();
  c.controller.multi_plane = ctrl["multi_plane"].get<bool>();
  c.controller.data_mode = c.data_mode;
  c.controller.command_overhead_ns = static_cast<std::uint64_t>(std::llround(ctrl["command_overhead_ns"].get<double>()));
  c.controller.suspend_enabled = ctrl["suspend"]["enabled"].get<bool>();
  c.controller.max_suspensions_per_operation = ctrl["suspend"]["max_per_operation"].get<std::uint32_t>();
  const auto& rtl = effective["rtl"];
  c.controller.ecc.engine = ctrl["ecc_engine"].get<std::string>();
  c.controller.ecc.latency_ns = static_cast<std::uint64_t>(std::llround(ctrl["ecc"]["latency_ns"].get<double>()));
  c.controller.ecc.throughput_mbps = ctrl["ecc"]["throughput_mbps"].get<double>();
  c.controller.ecc.rtl_clock_period_ps = static_cast<std::uint64_t>(std::llround(rtl["clock_period_ns"].get<double>() * 1000.0));
  c.controller.ecc.rtl_overhead_ps = static_cast<std::uint64_t>(std::llround(rtl["transactor_overhead_ns"].get<double>() * 1000.0));
  if (c.controller.ecc.engine == "rtl" && !rtl_blocks_built()) {
    throw config_error(source + ": controller.ecc_engine", "rtl needs the Verilator blocks, and this build has none (configure with -DSSDTLM_RTL=ON)");
  }
  c.nand_model = nand["model"].get<std::string>() == "onfi-rtl" ? SsdConfig::NandModel::OnfiRtl : SsdConfig::NandModel::Tlm;
  if (c.nand_model == SsdConfig::NandModel::OnfiRtl) {
    if (!rtl_blocks_built()) {
      throw config_error(source + ": nand.model", "onfi-rtl needs the Verilator blocks, and this build has none (configure with -DSSDTLM_RTL=ON)");
    }
    // The ONFI row address (OnfiTarget): page and block of the die in 24 bits.
    std::uint64_t page_slots = 1;
    while (page_slots < c.geometry.pages_per_block) page_slots *= 2;
    if (std::uint64_t(c.geometry.planes_per_die) * c.geometry.blocks_per_plane * page_slots > (std::uint64_t(1) << 24)) {
      throw config_error(source + ": nand.blocks_per_plane",
                         "nand.model onfi-rtl addresses a die's pages in a 24-bit ONFI row address: at most 16777216 page slots per die (planes x blocks x pages per block rounded up to a power of two)");
    }
  }

  c.ftl_core.geometry = c.geometry;
  c.ftl_core.spare_factor = ftl["spare_factor"].get<double>();
  c.ftl_core.victim_policy = gc["policy"].get<std::string>();
  if (gc.contains("params")) c.ftl_core.policy_params = string_map(gc["params"]);
  c.ftl_core.frontier_layout = gc["frontier"].get<std::string>();
  if (gc.contains("frontier_params")) c.ftl_core.frontier_params = string_map(gc["frontier_params"]);
  const double low = gc["free_block_low_watermark"].get<double>();
  const double high = gc["free_block_high_watermark"].get<double>();
  if (high < low) {
    throw config_error(source + ": ftl.gc.free_block_high_watermark",
                       "must be >= ftl.gc.free_block_low_watermark (" + std::to_string(low) + ")");
  }
  c.ftl_core.gc_low_watermark_blocks = blocks_for_fraction(low, c.geometry.blocks_per_plane);
  c.ftl_core.gc_high_watermark_blocks = blocks_for_fraction(high, c.geometry.blocks_per_plane);
  c.ftl_core.seal_blocks_on_close = false;  // FtlCpu seals when the last program completes
  c.ftl_core.seed = c.seed;
  // The logical space plus the GC reserve and one open frontier per plane must fit.
  const double logical_pages = double(logical_pages_for(c.ftl_core.spare_factor, c.geometry.total_pages()));
  const double units = double(c.geometry.dies()) * c.geometry.planes_per_die;
  const double needed = logical_pages + units * (c.ftl_core.gc_high_watermark_blocks + 2.0) * c.geometry.pages_per_block;
  if (needed > double(c.geometry.total_pages())) {
    throw config_error(source + ": ftl.spare_factor",
                       "too small for the GC watermarks: the logical space plus " +
                           std::to_string(c.ftl_core.gc_high_watermark_blocks + 2) +
                           " reserved blocks per plane exceed the physical capacity; raise ftl.spare_factor or lower ftl.gc.free_block_*_watermark");
  }
  if (logical_pages < c.geometry.pages_per_block) {
    throw config_error(source + ": ftl.spare_factor", "leaves fewer logical pages than one block");
  }

  resolve_reliability(effective, source, c);
  if (c.nand_model == SsdConfig::NandModel::OnfiRtl && c.controller.reliability.enabled()) {
    throw config_error(source + ": nand.reliability",
                       "a fault model's outcome (bit errors, failed programs and erases) does not cross the ONFI pins of nand.model onfi-rtl: use nand.model tlm");
  }

  c.ftl_cpu.cores = cpu["cores"].get<std::uint32_t>();
  c.ftl_cpu.clock_mhz = cpu["clock_mhz"].get<double>();
  c.ftl_cpu.cycles_per_host_read = cpu["cycles_per_host_read"].get<std::uint64_t>();
  c.ftl_cpu.cycles_per_host_write = cpu["cycles_per_host_write"].get<std::uint64_t>();
  c.ftl_cpu.cycles_per_trim = cpu["cycles_per_trim"].get<std::uint64_t>();
  c.ftl_cpu.cycles_per_gc_page = cpu["cycles_per_gc_page"].get<std::uint64_t>();
  c.ftl_cpu.cycles_per_gc_victim = cpu["cycles_per_gc_victim"].get<std::uint64_t>();
  c.ftl_cpu.foreground_gc = gc["foreground"].get<bool>();
  c.ftl_cpu.gc_preemption = gc["preemption"].get<std::string>() == "semi" ? FtlCpuConfig::GcPreemption::Semi
                                                                            : FtlCpuConfig::GcPreemption::None;
  {
    const auto& semi = gc["semi"];
    c.ftl_cpu.gc_yield = semi["yield"].get<bool>();
    c.ftl_cpu.gc_merge = semi["merge"].get<bool>();
    c.ftl_cpu.gc_pipeline = semi["pipeline"].get<bool>();
    const double state2 = semi["state2_watermark"].get<double>();
    const double state3 = semi["state3_watermark"].get<double>();
    if (state3 > state2) {
      throw config_error(source + ": ftl.gc.semi.state3_watermark",
                         "must be <= ftl.gc.semi.state2_watermark (" + std::to_string(state2) + ")");
    }
    c.ftl_cpu.gc_state2_free_blocks = blocks_for_fraction(state2, c.geometry.blocks_per_plane);
    c.ftl_cpu.gc_state3_free_blocks = blocks_for_fraction(state3, c.geometry.blocks_per_plane);
  }
  c.ftl_cpu.use_copyback = ctrl["copyback"].get<bool>();
  c.ftl_cpu.cache_commands = ctrl["cache_commands"].get<bool>();
  c.ftl_cpu.data_mode = c.data_mode;
  c.ftl_cpu.write_buffer_pages = ftl["write_buffer"]["pages"].get<std::uint32_t>();
  c.ftl_cpu.write_buffer_access_ns = static_cast<std::uint64_t>(std::llround(ftl["write_buffer"]["access_ns"].get<double>()));
  if (c.ftl_cpu.write_buffer_pages != 0 && c.ftl_core.victim_policy == "mdc") {
    const auto segments = c.ftl_core.policy_params.find("sort_buffer_segments");
    if (segments == c.ftl_core.policy_params.end() || segments->second != "0") {
      throw config_error(source + ": ftl.write_buffer.pages",
                         "must be 0 with ftl.gc.policy = mdc and ftl.gc.params.sort_buffer_segments > 0 (default 16): "
                         "mdc's sort buffer is the DRAM write buffer (its access time is ftl.write_buffer.access_ns)");
    }
  }

  {
    const auto& power = effective["power"];
    c.power.enabled = power["enabled"].get<bool>();
    c.power.checkpoint_interval_pages = power["checkpoint_interval_pages"].get<std::uint64_t>();
    c.power.loss_at_ps = static_cast<std::uint64_t>(std::llround(power["loss_at_us"].get<double>() * 1e6));
    if (!c.power.enabled && c.power.checkpoint_interval_pages > 0) {
      throw config_error(source + ": power.checkpoint_interval_pages", "needs power.enabled = true");
    }
    if (!c.power.enabled && c.power.loss_at_ps > 0) throw config_error(source + ": power.loss_at_us", "needs power.enabled = true");
    if (c.power.enabled && c.ftl_core.victim_policy == "mdc") {
      // mdc keeps acknowledged host writes in its volatile sort buffer and u_p2 estimates the OOB
      // metadata does not carry.
      throw config_error(source + ": power.enabled",
                         "is not supported with ftl.gc.policy = mdc (its sort buffer, "
                         "ftl.gc.params.sort_buffer_segments, holds acknowledged writes in volatile DRAM, and "
                         "recovery would lose its u_p2 estimates)");
    }
    if (c.power.enabled && c.ftl_core.gc_low_watermark_blocks == 0) {
      // With a low watermark of 0 blocks GC starts only when no free block is left and
      // collects in place: between the victim's erase and the write-back its valid pages
      // exist only in controller DRAM, which a power loss erases.
      throw config_error(source + ": power.enabled",
                         "needs GC that is not in place: ftl.gc.free_block_low_watermark must give at least one block "
                         "per plane (in-place GC, both watermarks 0, keeps a victim's valid data only in DRAM between "
                         "its erase and its write-back)");
    }
    if (c.power.enabled) {
      // Host writes leave each plane's last free block to GC, so a victim is never collected
      // in place; the trim table (4 B per logical page) gets logical pages above the host's.
      c.ftl_core.keep_gc_reserve_block = true;
      const std::uint64_t base = logical_pages_for(c.ftl_core.spare_factor, c.geometry.total_pages());
      const std::uint64_t entries = c.geometry.page_size_bytes / 4;
      c.ftl_core.extra_logical_pages = (base + entries - 1) / entries;
    }
  }
  c.host_queue_depth = host["queue_depth"].get<std::uint32_t>();
  c.host_interface.logical_block_bytes = host["logical_block_bytes"].get<std::uint32_t>();
  if (c.host_interface.logical_block_bytes != 512 && c.host_interface.logical_block_bytes != 4096) {
    throw config_error(source + ": host.logical_block_bytes", "expected 512 or 4096");
  }
  if (c.geometry.page_size_bytes % c.host_interface.logical_block_bytes != 0) {
    throw config_error(source + ": nand.page_size_bytes",
                       "must be a multiple of host.logical_block_bytes (" + std::to_string(c.host_interface.logical_block_bytes) + ")");
  }
  c.host_interface.queue_pairs = host["nvme"]["queue_pairs"].get<std::uint32_t>();
  c.host_interface.queue_entries = host["nvme"]["queue_entries"].get<std::uint32_t>();
  c.host_interface.command_overhead_ns = static_cast<std::uint64_t>(std::llround(host["nvme"]["command_overhead_ns"].get<double>()));
  c.host_interface.pcie.lanes = host["pcie"]["lanes"].get<std::uint32_t>();
  c.host_interface.pcie.lane_bandwidth_mbps = host["pcie"]["lane_bandwidth_mbps"].get<double>();
  c.host_interface.pcie.max_payload_bytes = host["pcie"]["max_payload_bytes"].get<std::uint32_t>();
  c.host_interface.pcie.tlp_overhead_bytes = host["pcie"]["tlp_overhead_bytes"].get<std::uint32_t>();

  c.stats.timeline_interval_ns = static_cast<std::uint64_t>(std::llround(effective["stats"]["timeline_interval_us"].get<double>() * 1000.0));
  c.stats.per_request_records = effective["stats"]["per_request_records"].get<bool>();
  c.stats.vcd_path = effective["stats"]["vcd"].get<std::string>();
  resolve_mjolnir(c, ftl, source);
  check_gc_parameters(c.ftl_core, c.geometry.pages_per_block, source);
  return c;
}

}  // namespace ssdtlm
