#include "platforms/run_summary.h"

#include <algorithm>
#include <cstdarg>
#include <cstdio>
#include <map>

#include "models/common/config/config_error.h"
#include "models/host/workload/spec_text.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/raid_config.h"
#include "platforms/ssd_config.h"

namespace ssdtlm {
namespace {

constexpr std::size_t kMaxChangesShown = 8;

std::string format(const char* pattern, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char* pattern, ...) {
  char buffer[512];
  va_list args;
  va_start(args, pattern);
  std::vsnprintf(buffer, sizeof buffer, pattern, args);
  va_end(args);
  return buffer;
}

unsigned long long count(const nlohmann::json& value) { return value.get<unsigned long long>(); }

std::string milliseconds(std::uint64_t ns) { return format("%.3f ms", double(ns) / 1e6); }

// "1.61 GiB": the largest binary unit that keeps the value at 1 or more.
std::string binary_bytes(std::uint64_t bytes) {
  static constexpr const char* kUnits[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
  double value = double(bytes);
  std::size_t unit = 0;
  while (value >= 1024.0 && unit + 1 < std::size(kUnits)) {
    value /= 1024.0;
    ++unit;
  }
  return unit == 0 ? format("%llu B", static_cast<unsigned long long>(bytes)) : format("%.2f %s", value, kUnits[unit]);
}

void flatten(const nlohmann::json& value, const std::string& path, std::map<std::string, nlohmann::json>& leaves) {
  if (value.is_object() && !value.empty()) {
    for (auto it = value.begin(); it != value.end(); ++it) {
      flatten(it.value(), path.empty() ? it.key() : path + "." + it.key(), leaves);
    }
  } else {
    leaves[path] = value;
  }
}

std::string value_text(const nlohmann::json& value) {
  if (value.is_null()) return "(absent)";
  return value.is_string() ? value.get<std::string>() : value.dump();
}

std::string platform_line(const nlohmann::json& effective) {
  const PresetChanges preset = changes_from_preset(effective);
  std::string line = "platform: " + preset.preset;
  if (!preset.found) return line;
  if (preset.changes.empty()) return line + ", unchanged";
  line += " with ";
  for (std::size_t i = 0; i < std::min(preset.changes.size(), kMaxChangesShown); ++i) {
    line += (i == 0 ? "" : ", ") + preset.changes[i];
  }
  if (preset.changes.size() > kMaxChangesShown) {
    line += format(" and %zu more (effective-config.json)", preset.changes.size() - kMaxChangesShown);
  }
  return line;
}

// The spare of one SSD's stats.json "capacity": "; spare 4.5 blocks per plane, 33 % of it for data".
std::string spare_text(const nlohmann::json& capacity) {
  if (!capacity.contains("spare_blocks_per_plane")) return "";
  return format("; spare %.1f blocks per plane, %.0f %% of it for data (the rest: GC free pool, open frontiers)",
                capacity["spare_blocks_per_plane"].get<double>(),
                capacity["spare_for_data_fraction"].get<double>() * 100.0);
}

std::string capacity_line(const nlohmann::json& stats) {
  if (stats.contains("raid")) {
    const nlohmann::json& raid = stats["raid"];
    std::string line = "capacity: " + binary_bytes(count(raid["capacity_bytes"])) + " over " +
                       std::to_string(count(raid["members"])) + " members (" + raid["layout"].get<std::string>() + ")";
    if (stats.contains("devices") && !stats["devices"].empty()) {
      const nlohmann::json& member = stats["devices"][0]["ssd"];
      if (member.contains("capacity")) {
        const std::string spare = spare_text(member["capacity"]);
        if (!spare.empty()) line += "; member 0: spare" + spare.substr(std::string("; spare").size());
      }
    }
    return line;
  }
  if (!stats.contains("capacity")) return "capacity: unknown";
  const nlohmann::json& capacity = stats["capacity"];
  return "capacity: " + binary_bytes(count(capacity["logical_bytes"])) + " logical of " +
         binary_bytes(count(capacity["physical_bytes"])) + " physical" + spare_text(capacity);
}

std::string workload_text(const nlohmann::json& section) {
  try {
    return to_compact(workload_from_json(section, "workload"));
  } catch (const ConfigError&) {
    return section.dump();
  }
}

std::string workload_line(const nlohmann::json& effective, const nlohmann::json& workloads) {
  const bool placed = workloads.is_array() &&
                      (workloads.size() > 1 || std::any_of(workloads.begin(), workloads.end(), [](const nlohmann::json& w) {
                         return w.value("start_ns", 0.0) != 0.0 || w.value("stop_ns", 0.0) != 0.0;
                       }));
  if (!placed) {
    return effective.contains("workload") ? "workload: " + workload_text(effective["workload"])
                                          : "workload: none (commands only)";
  }
  std::string line = "workloads: ";
  for (std::size_t i = 0; i < workloads.size(); ++i) {
    const nlohmann::json& w = workloads[i];
    line += (i == 0 ? "" : "; ") + workload_text(w["workload"]) + " from " +
            milliseconds(static_cast<std::uint64_t>(w.value("start_ns", 0.0)));
    const double stop = w.value("stop_ns", 0.0);
    if (stop != 0.0) line += " to " + milliseconds(static_cast<std::uint64_t>(stop));
  }
  return line;
}

std::string precondition_line(const nlohmann::json& stats) {
  if (stats.contains("array")) return "precondition: " + stats["array"].value("precondition", std::string("none"));
  const nlohmann::json& p = stats["precondition"];
  const std::string mode = p.value("mode", std::string("none"));
  if (mode != "steady") return "precondition: " + mode;
  return format("precondition: steady (write amplification %.3f in its last round)",
                p["steady_write_amplification"].get<double>());
}

std::string window_line(const nlohmann::json& stats) {
  const std::uint64_t end_ns = count(stats["sim_time_ns"]);
  const std::uint64_t start_ns = stats.contains("window") ? count(stats["window"]["start_ns"]) : 0;
  const nlohmann::json warmup = stats.value("warmup", nlohmann::json::object());
  const unsigned long long warmup_requests = warmup.value("requests", 0ull);
  std::string line;
  if (!warmup.value("ended", true)) {
    line = "measured window: empty, the workload ended inside its warm-up (" + std::to_string(warmup_requests) +
           " requests in " + milliseconds(end_ns) + ")";
  } else if (start_ns == 0 && warmup_requests == 0) {
    line = "measured window: " + milliseconds(end_ns) + ", from the start to the last host completion";
  } else {
    line = "measured window: " + milliseconds(end_ns - start_ns) + ", from " + milliseconds(start_ns) + " to " +
           milliseconds(end_ns) + ", after a warm-up of " + std::to_string(warmup_requests) + " requests";
  }
  line += "; drain " + milliseconds(count(stats["drain_time_ns"])) + " after it";
  if (stats.value("interrupted", false)) line += " (interrupted: the run so far)";
  return line;
}

std::string operation_line(const char* name, const nlohmann::json& op) {
  const nlohmann::json& l = op["latency_us"];
  return format("  %-5s %10llu req  %9.1f IOPS  %8.1f MB/s  latency us: mean %.1f p50 %.1f p99 %.1f p99.9 %.1f max %.1f",
                name, count(op["count"]), op["iops"].get<double>(), op["bandwidth_mbps"].get<double>(),
                l["mean"].get<double>(), l["p50"].get<double>(), l["p99"].get<double>(), l["p999"].get<double>(),
                l["max"].get<double>());
}

}  // namespace

PresetChanges changes_from_preset(const nlohmann::json& effective) {
  PresetChanges result;
  const std::string name = effective.value("name", std::string());
  if (name.empty()) {
    result.preset = "a configuration without a name (no preset to compare with)";
    return result;
  }
  const bool raid = effective.contains("raid");
  const std::vector<std::string> presets = raid ? raid_preset_names() : preset_names();
  if (std::find(presets.begin(), presets.end(), name) == presets.end()) {
    result.preset = name + " (no preset of that name to compare with)";
    return result;
  }
  const std::string path = preset_directory() + "/" + name + ".json";
  const nlohmann::json preset = raid ? load_raid_document(path, {}) : load_platform_document(path, {});
  result.preset = "preset " + name;
  result.found = true;
  std::map<std::string, nlohmann::json> ours, theirs;
  flatten(effective, "", ours);
  flatten(preset, "", theirs);
  const auto run_own = [](const std::string& key) {
    return key.rfind("workload", 0) == 0 || key == "precondition" || key == "name";
  };
  for (const auto& [key, value] : ours) {
    if (run_own(key)) continue;
    const auto other = theirs.find(key);
    if (other == theirs.end() || other->second != value) result.changes.push_back(key + "=" + value_text(value));
  }
  for (const auto& [key, value] : theirs) {
    if (!run_own(key) && ours.find(key) == ours.end()) result.changes.push_back(key + "=(absent)");
  }
  return result;
}

std::vector<std::string> run_description(const nlohmann::json& stats, const nlohmann::json& effective,
                                         const nlohmann::json& workloads) {
  return {platform_line(effective), capacity_line(stats), workload_line(effective, workloads),
          precondition_line(stats), window_line(stats)};
}

std::vector<std::string> warning_lines(const nlohmann::json& stats) {
  std::vector<std::string> lines;
  if (!stats.contains("warnings")) return lines;
  for (const nlohmann::json& warning : stats["warnings"]) {
    lines.push_back("  warning: " + warning["message"].get<std::string>());
  }
  return lines;
}

std::string ssd_run_summary(const nlohmann::json& stats, const nlohmann::json& effective, const nlohmann::json& workloads) {
  std::vector<std::string> lines = run_description(stats, effective, workloads);
  for (const char* op : {"read", "write"}) {
    if (count(stats["host"][op]["count"]) != 0) lines.push_back(operation_line(op, stats["host"][op]));
  }
  const nlohmann::json& gc = stats["gc"];
  const nlohmann::json& drain = stats["drain"];
  lines.push_back(format("  write amplification %.3f (%.3f with the drain); GC: %llu victims, %llu pages moved, of "
                         "which %llu victims and %llu pages in the drain",
                         stats["write_amplification"].get<double>(), stats["write_amplification_with_drain"].get<double>(),
                         count(gc["victims"]), count(gc["pages_moved"]), count(drain["gc_victims"]),
                         count(drain["gc_pages_moved"])));
  const nlohmann::json& erases = stats["erase_count"];
  lines.push_back(format("  erase count min/mean/max %llu/%.2f/%llu", count(erases["min"]), erases["mean"].get<double>(),
                         count(erases["max"])));
  if (stats.contains("data_integrity")) {
    lines.push_back(format("  data mode: %llu pages verified, %llu mismatches", count(stats["data_integrity"]["checked_pages"]),
                           count(stats["data_integrity"]["mismatches"])));
  }
  for (std::string& line : warning_lines(stats)) lines.push_back(std::move(line));
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

}  // namespace ssdtlm
