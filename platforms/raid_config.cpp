#include "platforms/raid_config.h"

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <optional>
#include <sstream>

#include "models/common/config/config_error.h"
#include "models/common/config/did_you_mean.h"
#include "models/common/config/json_document.h"
#include "models/ftl/core/logical_capacity.h"
#include "models/common/config/parameter_builders.h"
#include "models/common/config/parameter_table.h"
#include "models/raid/gc_coordinator.h"
#include "models/raid/stripe_layout_registry.h"

namespace ssdtlm {
namespace {

using namespace parameter;

// Keys of a RAID document that no RaidConfig field holds as they are: resolve_raid_config
// derives the per-device GC thresholds and the scheduled failure from them.
struct RaidDerivationInputs {
  std::optional<double> gc_soft_threshold;  // fraction of a plane's blocks; absent: derived
  std::optional<double> gc_forced_target;   // fraction of a plane's blocks; absent: derived
  std::uint32_t fail_member = 0;
  std::optional<std::uint64_t> fail_member_at_ns;  // absent: no member fails
};

struct RaidDocumentValues : RaidConfig, RaidDerivationInputs {};

RaidLevel level_named(const nlohmann::json& value, const std::string& where) {
  return parse_raid_level(value.get<std::string>(), where);
}

ParityRotation rotation_named(const nlohmann::json& value, const std::string& where) {
  return parse_parity_rotation(value.get<std::string>(), where);
}

// The parameter table of a RAID document, each key bound to the field it fills (adding a key:
// see platforms/ssd_config_schema.cpp). The member SSDs' keys are the SSD table's.
std::vector<ParameterRow<RaidDocumentValues>> build_table() {
  return rows<RaidDocumentValues>(
      document_only(text("name", "raid", "Free-form name of the array platform.")),
      field(&RaidConfig::seed,
            integer("seed", 1, "", 0, 9.0e18,
                 "Seed of the workload; member d gets seed + d for its own random choices (preconditioning, GC).")),
      field(at(&RaidConfig::controller, &RaidControllerConfig::level),
            choice("raid.level", "raid0", {"raid0", "raid1", "raid10", "raid5", "raid6"},
                 "RAID level: striping, n-way mirror, striped mirror pairs, rotating P parity, rotating P+Q parity."),
            level_named),
      field(at(&RaidConfig::controller, &RaidControllerConfig::members),
            integer("raid.members", 4, "members", 2, kMaxRaidMembers,
                 "Member SSDs in the array (spares not counted). RAID-10 needs an even number, RAID-5 >= 3, RAID-6 >= 4.")),
      field(at(&RaidConfig::controller, &RaidControllerConfig::stripe_unit_bytes),
            integer("raid.stripe_unit_bytes", 65536, "bytes", 512, 1073741824.0,
                 "Bytes of one member per stripe (the chunk); a multiple of the members' logical block.")),
      field(at(&RaidConfig::controller, &RaidControllerConfig::rotation),
            choice("raid.parity_rotation", "left-symmetric", parity_rotation_names(),
                 "RAID-5/6 parity placement from stripe to stripe (Linux md names; fixed = RAID-4 style)."),
            rotation_named),
      field(at(&RaidConfig::controller, &RaidControllerConfig::gc, &GcCoordinationConfig::policy),
            choice("raid.gc_coordination", "none", gc_coordinator_names(),
                 "Array-level GC coordination ([Kim et al. 2011]): none, reactive soft-limit, proactive soft-limit, proactive idle.")),
      field(&RaidDerivationInputs::gc_soft_threshold,
            number("raid.gc.soft_threshold", nullptr, "fraction of a plane's blocks", 0.0, 0.5,
                 "Mean free blocks per plane at which a member asks for coordinated GC (not rounded to whole blocks); "
                 "default: one block above its hard threshold (its ftl.gc.free_block_low_watermark), or halfway from "
                 "there to the forced target when that is nearer.")),
      field(&RaidDerivationInputs::gc_forced_target,
            number("raid.gc.forced_target", nullptr, "fraction of a plane's blocks", 0.0, 0.5,
                 "A forced GC collects each plane until it has this many free blocks (planes already there do no work); "
                 "default: the member's own stop point, one above its high watermark (where its own GC cycle stops).")),
      field(at(&RaidConfig::controller, &RaidControllerConfig::gc, &GcCoordinationConfig::poll_interval_ns),
            number("raid.gc.poll_interval_us", 1000.0, "us", 1, 1e9, "proactive: GC state poll period."),
            kMicrosecondsToNs),
      field(at(&RaidConfig::controller, &RaidControllerConfig::gc, &GcCoordinationConfig::proactive_idle_margin_blocks),
            integer("raid.gc.proactive_idle_margin_blocks", 1, "blocks", 0, 1e6,
                 "proactive: while the array is idle, a member this close above its soft threshold already starts a round.")),
      field(at(&RaidConfig::controller, &RaidControllerConfig::gc, &GcCoordinationConfig::idle_threshold_ns),
            number("raid.gc.idle_threshold_us", 1000.0, "us", 0, 1e9,
                 "idle: the array must have had no request outstanding this long before a round starts."),
            kMicrosecondsToNs),
      field(at(&RaidConfig::controller, &RaidControllerConfig::gc, &GcCoordinationConfig::reactive_gather_ns),
            number("raid.gc.reactive_gather_us", 0.0, "us", 0, 1e9,
                 "reactive: wait this long after the first soft-threshold notice, to gather more members."),
            kMicrosecondsToNs),
      field(at(&RaidConfig::controller, &RaidControllerConfig::gc, &GcCoordinationConfig::side_channel_latency_ns),
            number("raid.gc.side_channel_latency_us", 0.0, "us", 0, 1e9,
                 "Time for a force-GC command to reach a member (vendor admin command)."),
            kMicrosecondsToNs),
      field(at(&RaidConfig::controller, &RaidControllerConfig::gc, &GcCoordinationConfig::min_round_interval_ns),
            number("raid.gc.min_round_interval_us", 1000.0, "us", 0, 1e9,
                 "No GC round starts sooner than this after the previous one (rate limit of force commands)."),
            kMicrosecondsToNs),
      field(at(&RaidConfig::controller, &RaidControllerConfig::parity_engine, &ParityEngineConfig::kind),
            choice("raid.parity_engine", "tlm", {"tlm", "rtl"},
                 "Time source of the parity engine: `tlm` takes raid.parity.setup_ns + input bytes / raid.parity.xor_mbps "
                 "(+ / rs_mbps for Q) per job; `rtl` runs the Verilog P/Q block (models/rtl/raid) on each row's content "
                 "tags, checks its P and Q against the controller's parity and takes its clock cycles x "
                 "rtl.clock_period_ns + rtl.transactor_overhead_ns per job (needs nand.data_mode and a build with SSDTLM_RTL).")),
      field(at(&RaidConfig::controller, &RaidControllerConfig::parity_engine, &ParityEngineConfig::rtl_clock_period_ps),
            number("rtl.clock_period_ns", 2.5, "ns", 0.002, 1e6,
                 "Clock period of the array controller's RTL blocks (raid.parity_engine = rtl); same meaning as an SSD's rtl.clock_period_ns."),
            kNanosecondsToPs),
      field(at(&RaidConfig::controller, &RaidControllerConfig::parity_engine, &ParityEngineConfig::rtl_transactor_overhead_ps),
            number("rtl.transactor_overhead_ns", 0.0, "ns", 0, 1e7,
                 "Time the RTL parity engine's transactor adds to each job besides the RTL's cycles (same meaning as an SSD's key)."),
            kNanosecondsToPs),
      field(at(&RaidConfig::controller, &RaidControllerConfig::parity_engine, &ParityEngineConfig::xor_mbps),
            number("raid.parity.xor_mbps", 4000.0, "MB/s", 1, 1e7, "XOR (P) throughput, input bytes.")),
      field(at(&RaidConfig::controller, &RaidControllerConfig::parity_engine, &ParityEngineConfig::rs_mbps),
            number("raid.parity.rs_mbps", 1000.0, "MB/s", 1, 1e7,
                 "Reed-Solomon GF(2^8) (Q) throughput, input bytes.")),
      field(at(&RaidConfig::controller, &RaidControllerConfig::parity_engine, &ParityEngineConfig::engines),
            integer("raid.parity.engines", 1, "engines", 1, 64, "Parity engines working in parallel.")),
      field(at(&RaidConfig::controller, &RaidControllerConfig::parity_engine, &ParityEngineConfig::setup_ns),
            number("raid.parity.setup_ns", 0.0, "ns", 0, 1e9, "Per parity job (descriptor, DMA setup)."),
            kWholeNanoseconds),
      field(at(&RaidConfig::controller, &RaidControllerConfig::command_overhead_ns),
            number("raid.controller.command_overhead_us", 0.0, "us", 0, 1e9,
                 "Controller firmware time per host request (one serial resource)."),
            kMicrosecondsToNs),
      field(at(&RaidConfig::controller, &RaidControllerConfig::completion_overhead_ns),
            number("raid.controller.completion_overhead_us", 0.0, "us", 0, 1e9,
                 "Per host request, between the last member completion and the host completion."),
            kMicrosecondsToNs),
      field(at(&RaidConfig::controller, &RaidControllerConfig::member_queue_depth),
            integer("raid.controller.member_queue_depth", 32, "commands", 1, 65536,
                 "Commands outstanding per member; more wait in the controller's per-member queue.")),
      field(&RaidConfig::host_queue_entries,
            integer("raid.controller.queue_entries", 1024, "requests", 1, 1048576,
                 "Host requests the controller accepts at once; more wait in the host.")),
      field(at(&RaidConfig::controller, &RaidControllerConfig::host_link_mbps),
            number("raid.controller.host_link_mbps", 0.0, "MB/s", 0, 1e7,
                 "Host <-> controller data link per direction; 0: not modelled.")),
      field(at(&RaidConfig::controller, &RaidControllerConfig::spares),
            integer("raid.spares", 0, "devices", 0, 8, "Hot spares (identical SSDs) a failed member is rebuilt onto.")),
      field(&RaidDerivationInputs::fail_member,
            integer("raid.fail_member", 0, "slot", 0, kMaxRaidMembers - 1, "Member slot that fails at fail_member_at_us.")),
      field(&RaidDerivationInputs::fail_member_at_ns,
            number("raid.fail_member_at_us", nullptr, "us", 0, 1e12,
                 "Simulated time at which raid.fail_member fails; absent: no failure."),
            kMicrosecondsToNs),
      field(at(&RaidConfig::controller, &RaidControllerConfig::rebuild_stripes_in_flight),
            integer("raid.rebuild.stripes_in_flight", 4, "stripes", 1, 65536, "Stripes the rebuild works on at once.")),
      field(at(&RaidConfig::controller, &RaidControllerConfig::rebuild_start_delay_ns),
            number("raid.rebuild.start_delay_us", 0.0, "us", 0, 1e12, "From a failure to the start of the rebuild."),
            kMicrosecondsToNs),
      document_only(section("ssd_overrides", "Dotted SSD keys applied to every device, e.g. {\"nand.blocks_per_plane\": 128}.")),
      document_only(section("member_overrides", "Per device (\"0\".. members-1, then the spares), dotted SSD keys applied after ssd_overrides.")),
      field(&RaidConfig::host_queue_depth,
            integer("host.queue_depth", 32, "requests", 1, 65536,
                 "Requests the closed-loop host keeps outstanding (a workload's qd= overrides).")),
      document_only(section("workload", "Default workload (docs/workloads.md); --workload overrides it.")),
      document_only(optional_choice("precondition", {"none", "fill", "steady"},
                          "Preconditioning of every device before the timed run; --precondition overrides it; absent: "
                          "none. effective-config.json records the run's, so that it reruns the same run.")),
      field(&RaidConfig::per_request_records,
            boolean("stats.per_request_records", false, "Write requests.csv with one line per array request.")),
      field(&RaidConfig::member_trace_start_ns,
            number("stats.member_trace_start_us", 0.0, "us", 0, 1e12,
                 "Start of the per-member response-time trace (member_trace.csv)."),
            kMicrosecondsToNs),
      field(&RaidConfig::member_trace_window_ns,
            number("stats.member_trace_window_us", 0.0, "us", 0, 1e12,
                 "Length of the per-member response-time trace; 0: none."),
            kMicrosecondsToNs),
      field(at(&RaidConfig::controller, &RaidControllerConfig::member_wa_window_ns),
            number("stats.member_wa_window_us", 0.0, "us", 0, 1e12,
                 "Window of the members' write-amplification series (stats.json raid.member_wa_windows: host and GC "
                 "pages the members programmed per window, sampled at member completions); 0: none."),
            kMicrosecondsToNs)
  );
}

const ParameterTable<RaidDocumentValues>& raid_parameter_table() {
  static const ParameterTable<RaidDocumentValues> table(build_table());
  return table;
}

std::string find_document(const std::string& config, const std::string& what) {
  return find_config_file(config, what, what == "--config" ? raid_preset_names() : preset_names());
}

// The SSD document every device starts from: `ssd` (preset, file or object) with defaults
// filled and ssd_overrides applied.
nlohmann::json base_ssd_document(const nlohmann::json& ssd, const nlohmann::json& overrides, const std::string& source) {
  nlohmann::json document;
  std::string where = source + ": ssd";
  if (ssd.is_string()) {
    const std::string path = find_document(ssd.get<std::string>(), source + ": ssd");
    document = read_json_file(path);
    where = path;
  } else if (ssd.is_object()) {
    document = ssd;
  } else {
    throw config_error(source + ": ssd", "expected a preset name, a file path or a platform document (object), got " +
                                             std::string(ssd.type_name()));
  }
  for (auto it = overrides.begin(); it != overrides.end(); ++it) set_json_path(document, it.key(), it.value());
  if (document.is_object() && document.contains("precondition")) {
    throw config_error(where + ": precondition",
                       "an array preconditions all its devices alike: set precondition in the RAID document (or --precondition)");
  }
  return ssd_parameter_schema().validate_and_fill(document, where + (overrides.empty() ? "" : " with ssd_overrides"));
}

}  // namespace

std::vector<std::string> raid_preset_names() {
  std::vector<std::string> names;
  std::error_code ignored;
  for (const auto& entry : std::filesystem::directory_iterator(preset_directory(), ignored)) {
    const std::string stem = entry.path().stem().string();
    if (entry.path().extension() == ".json" && stem.rfind("raid-", 0) == 0) names.push_back(stem);
  }
  std::sort(names.begin(), names.end());
  return names;
}

const ParameterSchema& raid_parameter_schema() { return raid_parameter_table().schema(); }

nlohmann::json load_raid_document(const std::string& config, const std::vector<std::string>& overrides) {
  const std::string path = find_document(config, "--config");
  return complete_raid_document(read_json_file(path), overrides, path);
}

nlohmann::json complete_raid_document(nlohmann::json document, const std::vector<std::string>& overrides,
                                      const std::string& path) {
  if (!document.is_object()) throw config_error(path, "expected a JSON object at the top level");
  for (const auto& assignment : overrides) {
    const auto equals = assignment.find('=');
    if (equals == std::string::npos || equals == 0) throw config_error("--set " + assignment, "expected KEY=VALUE");
    const std::string key = assignment.substr(0, equals);
    const std::string text = assignment.substr(equals + 1);
    if (key.rfind("ssd.", 0) == 0) {
      // An SSD key for every device; typed by the SSD schema.
      const std::string ssd_key = key.substr(4);
      const Parameter* parameter = ssd_parameter_schema().find(ssd_key);
      nlohmann::json value = parse_override_value(text, "--set " + key);
      if (parameter && parameter->kind == ParameterKind::String && !value.is_string()) value = text;
      if (!document.contains("ssd_overrides")) document["ssd_overrides"] = nlohmann::json::object();
      document["ssd_overrides"][ssd_key] = value;
      continue;
    }
    const Parameter* parameter = raid_parameter_schema().find(key);
    nlohmann::json value = parse_override_value(text, "--set " + key);
    if (parameter && parameter->kind == ParameterKind::String && !value.is_string()) value = text;
    set_json_path(document, key, value);
  }
  const std::string source = overrides.empty() ? path : path + " with --set";
  // `ssd` is a preset name or a document: resolved here so the effective configuration holds
  // the full SSD document and reproduces the run without the preset files.
  const nlohmann::json ssd = document.contains("ssd") ? document["ssd"] : nlohmann::json("slc-2011");
  const nlohmann::json ssd_overrides = document.value("ssd_overrides", nlohmann::json::object());
  document.erase("ssd");
  nlohmann::json effective = raid_parameter_schema().validate_and_fill(document, source);
  effective["ssd"] = base_ssd_document(ssd, ssd_overrides, source);
  effective.erase("ssd_overrides");  // folded into "ssd"
  return effective;
}

RaidConfig resolve_raid_config(const nlohmann::json& effective, const std::string& source) {
  nlohmann::json checked = effective;
  const nlohmann::json ssd = checked.contains("ssd") ? checked["ssd"] : nlohmann::json("slc-2011");
  checked.erase("ssd");
  checked = raid_parameter_schema().validate_and_fill(checked, source);
  RaidDocumentValues values;
  raid_parameter_table().fill(values, checked, source);
  RaidConfig& c = values;
  const RaidDerivationInputs& in = values;
  c.effective = effective;

  RaidControllerConfig& rc = c.controller;
  make_stripe_layout(rc.level, rc.members, rc.rotation, source + ": raid.members");  // member-count rules
  if (in.fail_member_at_ns) {
    c.fail_member_scheduled = true;
    c.fail_member = in.fail_member;
    c.fail_member_at_ns = *in.fail_member_at_ns;
    if (c.fail_member >= rc.members) {
      throw config_error(source + ": raid.fail_member", "expected a member slot below raid.members (" +
                                                            std::to_string(rc.members) + ")");
    }
    if (tolerated_failures(rc.level) == 0) {
      throw config_error(source + ": raid.fail_member_at_us",
                         "raid0 has no redundancy: a failed member loses data (use raid1, raid10, raid5 or raid6)");
    }
  }

  // Every device's SSD: the base document, then its member_overrides, then its seed.
  const nlohmann::json base = base_ssd_document(ssd, checked.value("ssd_overrides", nlohmann::json::object()), source);
  const nlohmann::json member_overrides = checked.value("member_overrides", nlohmann::json::object());
  const std::uint32_t devices = rc.members + rc.spares;
  for (auto it = member_overrides.begin(); it != member_overrides.end(); ++it) {
    std::size_t used = 0;
    unsigned long index = 0;
    try {
      index = std::stoul(it.key(), &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != it.key().size() || index >= devices || !it.value().is_object()) {
      throw config_error(source + ": member_overrides." + it.key(),
                         "expected a device index 0.." + std::to_string(devices - 1) +
                             " (members, then spares) mapping to an object of dotted SSD keys");
    }
  }
  for (std::uint32_t d = 0; d < devices; ++d) {
    nlohmann::json document = base;
    const std::string key = std::to_string(d);
    std::string where = source + ": ssd";
    if (member_overrides.contains(key)) {
      for (auto it = member_overrides[key].begin(); it != member_overrides[key].end(); ++it) {
        set_json_path(document, it.key(), it.value());
      }
      where = source + ": member_overrides." + key;
    }
    document["seed"] = c.seed + d;
    document = ssd_parameter_schema().validate_and_fill(document, where);
    c.devices.push_back(resolve_ssd_config(document, where));
    if (!c.devices.back().stats.vcd_path.empty()) {
      // Rejected rather than ignored: a run must not silently skip what was asked for.
      throw config_error(where + ".stats.vcd", "the activity VCD is written by `ssdtlm run` (one SSD), not for RAID members; leave it empty");
    }
  }

  const SsdConfig& first = c.devices.front();
  rc.block_bytes = first.host_interface.logical_block_bytes;
  rc.parity_engine.block_bytes = rc.block_bytes;
  rc.data_mode = first.data_mode;
  for (std::uint32_t d = 0; d < devices; ++d) {
    const SsdConfig& device = c.devices[d];
    if (device.host_interface.logical_block_bytes != rc.block_bytes) {
      throw config_error(source + ": member_overrides." + std::to_string(d) + ".host.logical_block_bytes",
                         "every device needs the same logical block (" + std::to_string(rc.block_bytes) + ")");
    }
    if (device.data_mode != rc.data_mode) {
      throw config_error(source + ": member_overrides." + std::to_string(d) + ".nand.data_mode",
                         "data mode is on for all devices or none");
    }
    if (rc.data_mode && device.geometry.page_size_bytes != rc.block_bytes) {
      throw config_error(source + ": ssd.host.logical_block_bytes",
                         "data mode of an array keeps one content tag per block: the logical block must equal the "
                         "page size (" + std::to_string(device.geometry.page_size_bytes) + ")");
    }
  }
  if (rc.parity_engine.kind == "rtl" && !rc.data_mode) {
    throw config_error(source + ": raid.parity_engine",
                       "the rtl parity engine computes on the rows' contents: it needs data mode (ssd nand.data_mode = true)");
  }
  if (rc.stripe_unit_bytes % rc.block_bytes != 0) {
    throw config_error(source + ": raid.stripe_unit_bytes",
                       "expected a multiple of the members' logical block (" + std::to_string(rc.block_bytes) + " B)");
  }

  // GC thresholds per device, in blocks of a plane. A forced collection stops where the
  // member's own GC cycle stops (Harmonia section V.A: a forced GC cleans "until the number of
  // free blocks exceeds an internal threshold"), so a plane already there does no work. The
  // soft threshold lies between the hard one and that stop point; it is compared with the mean
  // free blocks of the member's planes, so it may be fractional: one block above the hard
  // threshold by default, or halfway to the stop point when that is nearer.
  const bool coordinated = rc.gc.policy != "none";
  for (std::uint32_t d = 0; d < devices; ++d) {
    const SsdConfig& device = c.devices[d];
    const std::uint32_t blocks = device.geometry.blocks_per_plane;
    const std::uint32_t own_stop = device.ftl_core.gc_high_watermark_blocks + 1;
    MemberGcThresholds t;
    t.hard_blocks = device.ftl_core.gc_low_watermark_blocks;
    t.soft_blocks = in.gc_soft_threshold
                        ? *in.gc_soft_threshold * blocks
                        : std::min(double(t.hard_blocks) + 1.0, (double(t.hard_blocks) + own_stop) / 2.0);
    t.forced_target_blocks = in.gc_forced_target
                                 ? blocks_for_fraction(*in.gc_forced_target, blocks)
                                 : own_stop;
    const auto blocks_text = [](double value) {
      std::ostringstream text;
      text << value;
      return text.str();
    };
    if (coordinated && t.soft_blocks <= t.hard_blocks) {
      throw config_error(source + ": raid.gc.soft_threshold",
                         "must be above device " + std::to_string(d) + "'s hard threshold (ftl.gc.free_block_low_watermark = " +
                             std::to_string(t.hard_blocks) + " of " + std::to_string(blocks) + " blocks per plane), got " +
                             blocks_text(t.soft_blocks) + " blocks");
    }
    if (coordinated && t.forced_target_blocks <= t.soft_blocks) {
      throw config_error(source + (in.gc_forced_target ? ": raid.gc.forced_target" : ": raid.gc.soft_threshold"),
                         "the soft threshold (" + blocks_text(t.soft_blocks) + " of " + std::to_string(blocks) +
                             " blocks per plane on device " + std::to_string(d) +
                             ") must be below the forced target (" + std::to_string(t.forced_target_blocks) +
                             " blocks, by default the member's own GC stop point: ftl.gc.free_block_high_watermark + 1)");
    }
    // A forced collection runs until every plane reaches the target. Far above the member's
    // own stop point that means compacting nearly all spare space (write amplification without
    // bound), so an explicit target may go at most a quarter of the way from there to the spare
    // blocks a plane has beside its open frontiers.
    const auto& g = device.geometry;
    const double units = double(g.dies()) * g.planes_per_die;
    const double logical_pages = double(logical_pages_for(device.ftl_core.spare_factor, g.total_pages()));
    const std::uint32_t frontiers = device.ftl_core.frontier_layout == "single" ? 1 : 2;
    const auto spare_blocks = static_cast<std::uint32_t>((double(g.total_pages()) - logical_pages) / g.pages_per_block / units);
    const std::uint32_t usable = spare_blocks > frontiers ? spare_blocks - frontiers : 0;
    std::uint32_t max_target = usable > own_stop ? own_stop + (usable - own_stop) / 4 : own_stop;
    if (coordinated && t.forced_target_blocks > max_target) {
      throw config_error(source + ": raid.gc.forced_target",
                         "at most " + std::to_string(max_target) + " of " + std::to_string(blocks) +
                             " blocks per plane on device " + std::to_string(d) + " (its spare is " +
                             std::to_string(spare_blocks) + " blocks per plane), got " +
                             std::to_string(t.forced_target_blocks) +
                             (in.gc_forced_target ? "" : " (the default); raise ftl.spare_factor"));
    }
    c.gc_thresholds.push_back(t);
  }
  return std::move(c);
}

}  // namespace ssdtlm
