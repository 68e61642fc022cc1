#include "platforms/ssd_config.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <optional>
#include <vector>

#include "models/common/config/config_error.h"
#include "models/common/config/did_you_mean.h"
#include "models/common/config/json_document.h"
#include "models/ftl/core/logical_capacity.h"
#include "models/common/flash_command.h"
#include "models/ftl/core/frontier_layout.h"
#include "models/ftl/core/ftl_core.h"
#include "models/ftl/gc/policy_params.h"
#include "models/ftl/gc/victim_policy.h"
#include "platforms/ssd_document_values.h"
#include "platforms/rtl_engine_factory.h"

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

// The name nand.cell_type gives `type`.
const char* cell_type_name(CellType type) {
  switch (type) {
    case CellType::SLC: return "slc";
    case CellType::MLC: return "mlc";
    case CellType::TLC: return "tlc";
    case CellType::QLC: return "qlc";
  }
  return "?";
}

// tR or tPROG of each page type in ns: the per-type values when the document gives them, else
// `default_us` for every type.
std::array<std::uint64_t, 4> per_page_type_ns(const std::optional<std::vector<double>>& values_us, const std::string& key,
                                              double default_us, int page_types, const std::string& source) {
  std::array<std::uint64_t, 4> out{};
  const auto base = static_cast<std::uint64_t>(std::llround(default_us * 1000.0));
  out.fill(base);
  if (values_us) {
    const auto& values = *values_us;
    if (static_cast<int>(values.size()) != page_types) {
      throw config_error(source + ": nand.timing." + key,
                         "expected " + std::to_string(page_types) +
                             " entries (one per page type of the cell type), got " + std::to_string(values.size()));
    }
    for (int i = 0; i < page_types; ++i) {
      out[i] = static_cast<std::uint64_t>(std::llround(values[i] * 1000.0));
    }
  }
  return out;
}

// nand.reliability.* and ftl.wear_leveling.* (filled by the table): the factory bad block list
// checked against the device, the fault model's seed and the read-retry limit, and what the FTL
// core takes from them.
void resolve_reliability(const SsdDerivationInputs& in, const std::string& source, SsdConfig& c) {
  NandReliabilityConfig& n = c.controller.reliability;
  if (in.factory_bad_blocks.is_array()) {
    for (const auto& block : in.factory_bad_blocks) {
      const auto id = block.get<double>();
      if (id != std::floor(id) || id >= double(c.geometry.total_blocks())) {
        throw config_error(source + ": nand.reliability.factory_bad_blocks",
                           "block " + block.dump() + " is not a block id of this device (0 .. " +
                               std::to_string(c.geometry.total_blocks() - 1) + ")");
      }
      n.factory_bad_block_list.push_back(static_cast<BlockId>(id));
    }
  }
  n.seed = c.seed;
  if (n.read_retry_threshold_bits > n.ecc_correctable_bits) {
    throw config_error(source + ": nand.reliability.read_retry.threshold_bits",
                       "must be <= nand.reliability.ecc.correctable_bits (" + std::to_string(n.ecc_correctable_bits) + ")");
  }
  c.ftl_core.factory_bad_blocks = factory_bad_blocks(n, c.geometry);
  c.ftl_core.relocate_across_units_when_full = n.failures_enabled() && !c.ftl_cpu.use_copyback;
}

// ftl.mode and ftl.mjolnir.* (docs/mjolnir.md, "Timed mode"): the namespace from the logical
// capacity, and the keys that do not apply to the multi-reference FTL refused.
void resolve_multi_reference(SsdConfig& c, const SsdDerivationInputs& in, const std::string& source) {
  MultiReferenceCpuConfig& j = c.mjolnir;
  j.volume_pages = logical_pages_for(c.ftl_core.spare_factor, c.geometry.total_pages());
  j.namespace_pages = j.volume_pages * (1 + in.mjolnir_snapshot_slots);
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
  // The fault and power-loss models act through the page-mapping FTL (FtlCpu, FtlCore): MultiReferenceCpu
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

std::uint32_t blocks_for_fraction(double fraction, std::uint32_t blocks) {
  return static_cast<std::uint32_t>(std::ceil(fraction * blocks - 1e-9));
}

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
  SsdDocumentValues values;
  ssd_parameter_table().fill(values, effective, source);
  SsdConfig& c = values;
  const SsdDerivationInputs& in = values;
  c.effective = effective;

  c.geometry.dies_per_channel = in.chips_per_channel * in.dies_per_chip;
  if (c.geometry.total_pages() >= kInvalidPpn) {
    throw config_error(source + ": nand",
                       "impossible geometry: " + std::to_string(c.geometry.total_pages()) +
                           " physical pages exceed the 32-bit page id space (at most 4294967294)");
  }
  if (c.geometry.planes_per_die > kMaxPlanes) {
    throw config_error(source + ": nand.planes_per_die", "at most " + std::to_string(kMaxPlanes));
  }

  const int page_types = bits_per_cell(c.nand_timing.cell_type);
  c.nand_timing.read_ns = per_page_type_ns(in.read_us_by_page_type, "read_us_by_page_type", in.read_us, page_types, source);
  c.nand_timing.program_ns = per_page_type_ns(in.program_us_by_page_type, "program_us_by_page_type", in.program_us, page_types, source);
  if (c.geometry.pages_per_block % page_types != 0) {
    throw config_error(source + ": nand.pages_per_block",
                       "must be a multiple of the bits per cell (" + std::to_string(page_types) + ") of nand.cell_type " +
                           cell_type_name(c.nand_timing.cell_type));
  }

  if (c.bus_timing.bus_width_bits % 8 != 0) {
    throw config_error(source + ": channel.bus_width_bits", "expected a multiple of 8");
  }

  c.controller.data_mode = c.data_mode;
  if (c.controller.ecc.engine == "rtl" && !rtl_blocks_built()) {
    throw config_error(source + ": controller.ecc_engine", "rtl needs the Verilator blocks, and this build has none (configure with -DSSDTLM_RTL=ON)");
  }
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
  if (in.gc_high_watermark < in.gc_low_watermark) {
    throw config_error(source + ": ftl.gc.free_block_high_watermark",
                       "must be >= ftl.gc.free_block_low_watermark (" + std::to_string(in.gc_low_watermark) + ")");
  }
  c.ftl_core.gc_low_watermark_blocks = blocks_for_fraction(in.gc_low_watermark, c.geometry.blocks_per_plane);
  c.ftl_core.gc_high_watermark_blocks = blocks_for_fraction(in.gc_high_watermark, c.geometry.blocks_per_plane);
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

  resolve_reliability(in, source, c);
  if (c.nand_model == SsdConfig::NandModel::OnfiRtl && c.controller.reliability.enabled()) {
    throw config_error(source + ": nand.reliability",
                       "a fault model's outcome (bit errors, failed programs and erases) does not cross the ONFI pins of nand.model onfi-rtl: use nand.model tlm");
  }

  if (in.gc_state3_watermark > in.gc_state2_watermark) {
    throw config_error(source + ": ftl.gc.semi.state3_watermark",
                       "must be <= ftl.gc.semi.state2_watermark (" + std::to_string(in.gc_state2_watermark) + ")");
  }
  c.ftl_cpu.gc_state2_free_blocks = blocks_for_fraction(in.gc_state2_watermark, c.geometry.blocks_per_plane);
  c.ftl_cpu.gc_state3_free_blocks = blocks_for_fraction(in.gc_state3_watermark, c.geometry.blocks_per_plane);
  c.ftl_cpu.data_mode = c.data_mode;
  if (c.ftl_cpu.write_buffer_pages != 0 && c.ftl_core.victim_policy == "mdc") {
    const auto segments = c.ftl_core.policy_params.find("sort_buffer_segments");
    if (segments == c.ftl_core.policy_params.end() || segments->second != "0") {
      throw config_error(source + ": ftl.write_buffer.pages",
                         "must be 0 with ftl.gc.policy = mdc and ftl.gc.params.sort_buffer_segments > 0 (default 16): "
                         "mdc's sort buffer is the DRAM write buffer (its access time is ftl.write_buffer.access_ns)");
    }
  }

  {
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
  if (c.host_interface.logical_block_bytes != 512 && c.host_interface.logical_block_bytes != 4096) {
    throw config_error(source + ": host.logical_block_bytes", "expected 512 or 4096");
  }
  if (c.geometry.page_size_bytes % c.host_interface.logical_block_bytes != 0) {
    throw config_error(source + ": nand.page_size_bytes",
                       "must be a multiple of host.logical_block_bytes (" + std::to_string(c.host_interface.logical_block_bytes) + ")");
  }

  resolve_multi_reference(c, in, source);
  check_gc_parameters(c.ftl_core, c.geometry.pages_per_block, source);
  return std::move(c);
}

}  // namespace ssdtlm
