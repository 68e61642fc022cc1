// The JSON "workload" section (keys in docs/workloads.md) to and from WorkloadSpec.
#include <cmath>
#include <limits>

#include "models/common/config/config_error.h"
#include "models/host/workload/json_section.h"
#include "models/host/workload/workload_fields.h"
#include "models/host/workload/workload_names.h"
#include "models/host/workload/workload_spec.h"

namespace ssdtlm {
namespace {

constexpr const char* kSyntheticKeys =
    "pattern, read_fraction, sequential_fraction, arrival, queue_depth, rate_iops, burst_on_us, burst_off_us, "
    "size_bytes, size_mix, range, address_distribution, request_count, duration_us, ramp_requests, ramp_us, "
    "alignment_bytes, seed_offset, snapshot_every, snapshot_slots, snapshot_burst, range_copy_every, range_move_every, "
    "range_delete_every, range_size_bytes";
constexpr const char* kTraceWorkloadKeys =
    "trace, queue_depth, request_count, duration_us, ramp_requests, ramp_us, alignment_bytes";
constexpr const char* kTraceKeys =
    "path, format, strict, blkparse_event, devices, replay, speedup, repeat, beyond_device, split_bytes";
constexpr const char* kSyntheticOnlyKeys[] = {
    "pattern",     "read_fraction",        "sequential_fraction", "arrival",    "rate_iops",
    "burst_on_us", "burst_off_us",         "size_bytes", "size_mix",
    "range",       "address_distribution", "seed_offset", "snapshot_every", "snapshot_slots", "snapshot_burst",
    "range_copy_every", "range_move_every", "range_delete_every", "range_size_bytes"};

constexpr std::uint64_t kU32Max = std::numeric_limits<std::uint32_t>::max();

std::uint64_t microseconds_to_ns(double microseconds, const std::string& key_path) {
  const double ns = std::round(microseconds * 1000.0);
  if (!(microseconds >= 0.0) || ns >= 0x1.0p63) {
    throw config_error(key_path, "expected a duration in us >= 0, got " + std::to_string(microseconds));
  }
  return static_cast<std::uint64_t>(ns);
}

double ns_to_microseconds(std::uint64_t ns) {
  return static_cast<double>(ns) / 1000.0;
}

// An optional enumerated key.
template <typename Enum, std::size_t N>
Enum choice(JsonSection& section, const std::string& key, Enum fallback,
            const workload_names::NameTable<Enum> (&names)[N]) {
  if (!section.has(key)) return fallback;
  return workload_names::parse(section.string_or(key, ""), names, section.path_of(key));
}

void read_common(JsonSection& section, WorkloadSpec& spec) {
  spec.queue_depth = static_cast<std::uint32_t>(section.whole_or("queue_depth", 0, kU32Max));
  spec.request_count = section.whole_or("request_count", 0);
  spec.duration_ns = microseconds_to_ns(section.number_or("duration_us", 0), section.path_of("duration_us"));
  spec.ramp_requests = section.whole_or("ramp_requests", 0);
  spec.ramp_ns = microseconds_to_ns(section.number_or("ramp_us", 0), section.path_of("ramp_us"));
  spec.alignment_bytes = static_cast<std::uint32_t>(section.whole_or("alignment_bytes", 0, kU32Max));
}

TraceReplayOptions read_trace(const nlohmann::json& value, const std::string& key_path) {
  JsonSection section(value, key_path);
  TraceReplayOptions trace;
  if (!section.has("path")) throw config_error(section.path_of("path"), "expected the path of a trace file");
  trace.path = section.string_or("path", "");
  trace.reader.format = section.string_or("format", trace.reader.format);
  trace.reader.strict = section.bool_or("strict", trace.reader.strict);
  const std::string event = section.string_or("blkparse_event", "D");
  if (event.size() != 1) {
    throw config_error(section.path_of("blkparse_event"), "expected Q, D or C, got '" + event + "'");
  }
  trace.reader.blkparse_event = event[0];
  if (section.has("devices")) {
    const nlohmann::json& devices = section.raw("devices");
    if (!devices.is_array()) {
      throw config_error(section.path_of("devices"), "expected an array of device numbers");
    }
    for (std::size_t i = 0; i < devices.size(); ++i) {
      trace.reader.devices.push_back(static_cast<std::uint32_t>(
          json_whole(devices[i], section.path_of("devices") + "[" + std::to_string(i) + "]", kU32Max)));
    }
  }
  trace.timing = choice(section, "replay", trace.timing, workload_names::kTimings);
  trace.speedup = section.number_or("speedup", trace.speedup);
  trace.repeat = static_cast<std::uint32_t>(section.whole_or("repeat", trace.repeat, kU32Max));
  trace.beyond_device = choice(section, "beyond_device", trace.beyond_device, workload_names::kBeyondDevice);
  trace.split_bytes = section.whole_or("split_bytes", trace.split_bytes);
  section.finish(kTraceKeys);
  return trace;
}

std::vector<SizeChoice> read_size_mix(const nlohmann::json& value, const std::string& key_path) {
  if (!value.is_array() || value.empty()) {
    throw config_error(key_path, "expected a non-empty array of {\"size_bytes\": N, \"weight\": W}");
  }
  std::vector<SizeChoice> sizes;
  for (std::size_t i = 0; i < value.size(); ++i) {
    JsonSection entry(value[i], key_path + "[" + std::to_string(i) + "]");
    if (!entry.has("size_bytes")) throw config_error(entry.path_of("size_bytes"), "expected a size in bytes");
    SizeChoice choice;
    choice.size_bytes = entry.whole_or("size_bytes", 0);
    choice.weight = entry.number_or("weight", 1.0);
    entry.finish("size_bytes, weight");
    sizes.push_back(choice);
  }
  return sizes;
}

AddressRange read_range(const nlohmann::json& value, const std::string& key_path) {
  JsonSection section(value, key_path);
  AddressRange range;
  const bool in_bytes = section.has("offset_bytes") || section.has("length_bytes");
  const bool in_fractions = section.has("start_fraction") || section.has("length_fraction");
  if (in_bytes && in_fractions) {
    throw config_error(key_path,
                       "give offset_bytes/length_bytes or start_fraction/length_fraction, not both");
  }
  range.in_fractions = !in_bytes;
  range.offset_bytes = section.whole_or("offset_bytes", 0);
  range.length_bytes = section.whole_or("length_bytes", 0);
  range.start_fraction = section.number_or("start_fraction", 0.0);
  range.length_fraction = section.number_or("length_fraction", 1.0);
  section.finish("offset_bytes, length_bytes, start_fraction, length_fraction");
  return range;
}

WorkloadSpec read_synthetic(JsonSection& section) {
  WorkloadSpec spec;
  // "mixed" is random access with reads and writes mixed: half and half unless told.
  constexpr workload_names::NameTable<int> kPatterns[] = {{"random", 0}, {"sequential", 1}, {"mixed", 2}};
  const int pattern = choice(section, "pattern", 0, kPatterns);
  spec.pattern = pattern == 1 ? AccessPattern::Sequential : AccessPattern::Random;
  spec.read_fraction = section.number_or("read_fraction", pattern == 2 ? 0.5 : 0.0);
  spec.sequential_fraction = section.number_or("sequential_fraction", 0.0);
  spec.arrival = choice(section, "arrival", spec.arrival, workload_names::kArrivals);
  spec.rate_iops = section.number_or("rate_iops", 0.0);
  spec.burst_on_ns = microseconds_to_ns(section.number_or("burst_on_us", 0), section.path_of("burst_on_us"));
  spec.burst_off_ns =
      microseconds_to_ns(section.number_or("burst_off_us", 0), section.path_of("burst_off_us"));
  if (section.has("size_bytes") && section.has("size_mix")) {
    throw config_error(section.path_of("size_mix"), "give size_bytes or size_mix, not both");
  }
  if (section.has("size_bytes")) spec.sizes = {SizeChoice{section.whole_or("size_bytes", 0), 1.0}};
  if (section.has("size_mix"))
    spec.sizes = read_size_mix(section.raw("size_mix"), section.path_of("size_mix"));
  if (section.has("range")) spec.range = read_range(section.raw("range"), section.path_of("range"));
  spec.address_distribution = section.string_or("address_distribution", spec.address_distribution);
  spec.seed_offset = section.whole_or("seed_offset", 0);
  spec.snapshot_every = section.whole_or("snapshot_every", 0);
  const std::uint64_t slots = section.whole_or("snapshot_slots", 1);
  if (slots == 0 || slots > 4096) throw config_error(section.path_of("snapshot_slots"), "expected 1 to 4096");
  spec.snapshot_slots = static_cast<std::uint32_t>(slots);
  const std::uint64_t burst = section.whole_or("snapshot_burst", 1);
  if (burst == 0 || burst > 4096) throw config_error(section.path_of("snapshot_burst"), "expected 1 to 4096");
  spec.snapshot_burst = static_cast<std::uint32_t>(burst);
  spec.range_copy_every = section.whole_or("range_copy_every", 0);
  spec.range_move_every = section.whole_or("range_move_every", 0);
  spec.range_delete_every = section.whole_or("range_delete_every", 0);
  spec.range_bytes = section.whole_or("range_size_bytes", 0);
  read_common(section, spec);
  section.finish(kSyntheticKeys);
  return spec;
}

}  // namespace

WorkloadSpec workload_from_json(const nlohmann::json& value, const std::string& key_path) {
  JsonSection section(value, key_path);
  WorkloadSpec spec;
  if (section.has("fio")) {
    spec.fio_job_file = section.string_or("fio", "");
    if (spec.fio_job_file.empty()) throw config_error(section.path_of("fio"), "expected the path of a fio job file");
    section.finish("fio (a fio job file workload takes its settings from the file alone)");
  } else if (section.has("trace")) {
    for (const char* key : kSyntheticOnlyKeys) {
      section.reject(key, "not used when replaying a trace (workload.trace)");
    }
    spec.trace = read_trace(section.raw("trace"), section.path_of("trace"));
    read_common(section, spec);
    section.finish(kTraceWorkloadKeys);
  } else {
    spec = read_synthetic(section);
  }
  validate_workload(spec, WorkloadFieldNames(key_path, false));
  return spec;
}

nlohmann::json to_json(const WorkloadSpec& spec) {
  nlohmann::json json = nlohmann::json::object();
  if (spec.is_fio()) return {{"fio", spec.fio_job_file}};
  if (spec.is_trace()) {
    const TraceReplayOptions& trace = *spec.trace;
    json["trace"] = {
        {"path", trace.path},
        {"format", trace.reader.format},
        {"strict", trace.reader.strict},
        {"blkparse_event", std::string(1, trace.reader.blkparse_event)},
        {"devices", trace.reader.devices},
        {"replay", to_string(trace.timing)},
        {"speedup", trace.speedup},
        {"repeat", trace.repeat},
        {"beyond_device", to_string(trace.beyond_device)},
        {"split_bytes", trace.split_bytes},
    };
  } else {
    json["pattern"] = to_string(spec.pattern);
    json["read_fraction"] = spec.read_fraction;
    json["arrival"] = to_string(spec.arrival);
    if (spec.arrival != ArrivalProcess::Closed) json["rate_iops"] = spec.rate_iops;
    if (spec.arrival == ArrivalProcess::Bursty) {
      json["burst_on_us"] = ns_to_microseconds(spec.burst_on_ns);
      json["burst_off_us"] = ns_to_microseconds(spec.burst_off_ns);
    }
    if (spec.sizes.size() == 1 && spec.sizes[0].weight == 1.0) {
      json["size_bytes"] = spec.sizes[0].size_bytes;
    } else {
      nlohmann::json mix = nlohmann::json::array();
      for (const SizeChoice& choice : spec.sizes) {
        mix.push_back({{"size_bytes", choice.size_bytes}, {"weight", choice.weight}});
      }
      json["size_mix"] = mix;
    }
    json["range"] = spec.range.in_fractions ? nlohmann::json{{"start_fraction", spec.range.start_fraction},
                                                             {"length_fraction", spec.range.length_fraction}}
                                            : nlohmann::json{{"offset_bytes", spec.range.offset_bytes},
                                                             {"length_bytes", spec.range.length_bytes}};
    if (spec.pattern == AccessPattern::Random) {
      json["address_distribution"] = spec.address_distribution;
      json["sequential_fraction"] = spec.sequential_fraction;
    }
    json["seed_offset"] = spec.seed_offset;
    json["snapshot_every"] = spec.snapshot_every;
    json["snapshot_slots"] = spec.snapshot_slots;
    json["snapshot_burst"] = spec.snapshot_burst;
    json["range_copy_every"] = spec.range_copy_every;
    json["range_move_every"] = spec.range_move_every;
    json["range_delete_every"] = spec.range_delete_every;
    json["range_size_bytes"] = spec.range_bytes;
  }
  json["queue_depth"] = spec.queue_depth;
  json["request_count"] = spec.request_count;
  json["duration_us"] = ns_to_microseconds(spec.duration_ns);
  // Only with a warm-up, so that the effective configuration of a run without one stays as it was.
  if (spec.ramp_requests != 0) json["ramp_requests"] = spec.ramp_requests;
  if (spec.ramp_ns != 0) json["ramp_us"] = ns_to_microseconds(spec.ramp_ns);
  json["alignment_bytes"] = spec.alignment_bytes;
  return json;
}

}  // namespace ssdtlm
