// The compact command-line form of a workload (grammar in docs/workloads.md):
//   KIND[:KEY=VALUE,...]     KIND = random-read | random-write | mixed |
//                                   sequential-read | sequential-write | sequential-mixed
//   trace:PATH[,KEY=VALUE,...]
#include <cmath>
#include <limits>
#include <string>
#include <vector>

#include "models/common/config/config_error.h"
#include "models/common/config/did_you_mean.h"
#include "models/host/trace/trace_record.h"
#include "models/host/workload/spec_text.h"
#include "models/host/workload/workload_fields.h"
#include "models/host/workload/workload_names.h"
#include "models/host/workload/workload_spec.h"

namespace ssdtlm {
namespace {

using F = WorkloadField;

struct Kind {
  const char* name;
  AccessPattern pattern;
  double read_fraction;
  bool mixed;  // takes read=
};

constexpr Kind kKinds[] = {
    {"random-read", AccessPattern::Random, 1.0, false},
    {"random-write", AccessPattern::Random, 0.0, false},
    {"mixed", AccessPattern::Random, 0.5, true},
    {"sequential-read", AccessPattern::Sequential, 1.0, false},
    {"sequential-write", AccessPattern::Sequential, 0.0, false},
    {"sequential-mixed", AccessPattern::Sequential, 0.5, true},
};

constexpr const char* kKindNames =
    "random-read, random-write, mixed, sequential-read, sequential-write, sequential-mixed, "
    "trace:PATH or fio:PATH";

// The keys each form accepts, for the error message of an unknown one.
const std::vector<std::string> kTraceOptions = {"format", "replay", "speedup", "qd",     "repeat", "beyond", "devices",
                                                "strict", "event",  "split",   "count", "time",   "ramp", "align"};
const std::vector<std::string> kSyntheticOptions = {
    "qd",   "count",     "time",           "ramp",           "size",           "read",           "seq",
    "arrival", "rate",   "on",             "off",            "dist",           "range",
    "align", "seed_offset", "snapshot_every", "snapshot_slots", "snapshot_burst", "range_copy_every",
    "range_move_every", "range_delete_every", "range_size"};

std::string unknown_option(const char* form, const std::string& key, const std::vector<std::string>& options) {
  std::string expected;
  for (std::size_t i = 0; i < options.size(); ++i) {
    expected += (i == 0 ? "" : i + 1 == options.size() ? " or " : ", ") + options[i];
  }
  return std::string("unknown ") + form + " option '" + key + "'" + did_you_mean(key, options) + " (expected " +
         expected + ")";
}

std::uint32_t parse_u32(const std::string& text, const std::string& where) {
  const std::uint64_t value = spec::parse_whole_number(text, where);
  if (value > std::numeric_limits<std::uint32_t>::max()) {
    throw config_error(where, "expected a value below 2^32, got " + text);
  }
  return static_cast<std::uint32_t>(value);
}

// Requests per second, with an optional k (1e3) or M (1e6) suffix: "50k".
double parse_rate(const std::string& text, const std::string& where) {
  if (!text.empty() && (text.back() == 'k' || text.back() == 'M')) {
    const double scale = text.back() == 'k' ? 1e3 : 1e6;
    return spec::parse_number(std::string_view(text).substr(0, text.size() - 1), where) * scale;
  }
  return spec::parse_number(text, where);
}

// "4KiB" or "4KiB:70/64KiB:30" (size:weight pairs separated by '/').
std::vector<SizeChoice> parse_sizes(const std::string& text, const std::string& where) {
  std::vector<SizeChoice> sizes;
  if (text.find_first_of(":/") == std::string::npos) {
    sizes.push_back({spec::parse_bytes(text, where), 1.0});
    return sizes;
  }
  for (const std::string& item : spec::split(text, '/')) {
    const std::size_t colon = item.find(':');
    if (colon == std::string::npos) {
      throw config_error(where,
                         "expected SIZE:WEIGHT pairs separated by '/', such as "
                         "4KiB:70/64KiB:30, got '" +
                             item + "'");
    }
    sizes.push_back(
        {spec::parse_bytes(item.substr(0, colon), where), spec::parse_number(item.substr(colon + 1), where)});
  }
  return sizes;
}

// One bound of a range: "N%" (fraction of the device) or bytes.
struct RangeBound {
  bool percent;
  double fraction;
  std::uint64_t bytes;
};

RangeBound parse_range_bound(const std::string& text, const std::string& where) {
  if (!text.empty() && text.back() == '%') {
    return {true, spec::parse_number(text.substr(0, text.size() - 1), where) / 100.0, 0};
  }
  return {false, 0.0, spec::parse_bytes(text, where)};
}

// "[START:]LENGTH", both in percent or both in bytes.
AddressRange parse_range(const std::string& text, const std::string& where) {
  const std::size_t colon = text.find(':');
  const RangeBound length =
      parse_range_bound(colon == std::string::npos ? text : text.substr(colon + 1), where);
  const RangeBound start = colon == std::string::npos ? RangeBound{length.percent, 0.0, 0}
                                                      : parse_range_bound(text.substr(0, colon), where);
  if (start.percent != length.percent) {
    throw config_error(where, "expected START and LENGTH both in % or both in bytes, got '" + text + "'");
  }
  AddressRange range;  // the form not used keeps its defaults
  range.in_fractions = length.percent;
  if (range.in_fractions) {
    range.start_fraction = start.fraction;
    range.length_fraction = length.fraction;
  } else {
    range.offset_bytes = start.bytes;
    range.length_bytes = length.bytes;
  }
  return range;  // a byte length of 0 runs to the end of the device
}

// "3/5/8:16": device numbers, blkparse/FIU devices as MAJOR:MINOR.
std::vector<std::uint32_t> parse_devices(const std::string& text, const std::string& where) {
  std::vector<std::uint32_t> devices;
  for (const std::string& item : spec::split(text, '/')) {
    const std::size_t colon = item.find(':');
    if (colon == std::string::npos) {
      devices.push_back(parse_u32(item, where));
    } else {
      devices.push_back(
          device_number(parse_u32(item.substr(0, colon), where), parse_u32(item.substr(colon + 1), where)));
    }
  }
  return devices;
}

// Keys both synthetic and trace workloads take. Returns false if `key` is not one of them.
bool parse_common_key(const spec::KeyValue& item, WorkloadSpec& spec, const WorkloadFieldNames& name) {
  if (item.key == "qd") {
    spec.queue_depth = parse_u32(item.value, name(F::QueueDepth));
  } else if (item.key == "count") {
    spec.request_count = spec::parse_whole_number(item.value, name(F::Count));
  } else if (item.key == "time") {
    spec.duration_ns = spec::parse_duration_ns(item.value, name(F::Duration));
  } else if (item.key == "ramp") {
    // A count of requests ("5000"), or a time with its unit ("200ms").
    const bool count = item.value.find_first_not_of("0123456789") == std::string::npos;
    if (count) {
      spec.ramp_requests = spec::parse_whole_number(item.value, name(F::RampRequests));
    } else {
      try {
        spec.ramp_ns = spec::parse_duration_ns(item.value, name(F::RampDuration));
      } catch (const ConfigError&) {
        throw config_error(name(F::RampDuration), "expected a count of requests (ramp=5000) or a time with its unit "
                                                  "(ramp=200ms), got '" + item.value + "'");
      }
    }
  } else if (item.key == "align") {
    const std::uint64_t alignment = spec::parse_bytes(item.value, name(F::Alignment));
    if (alignment > (1u << 30)) throw config_error(name(F::Alignment), "expected at most 1 GiB");
    spec.alignment_bytes = static_cast<std::uint32_t>(alignment);
  } else {
    return false;
  }
  return true;
}

void require_value(const spec::KeyValue& item, const std::string& where) {
  if (!item.has_value) throw config_error(where, "expected " + item.key + "=VALUE");
}

WorkloadSpec parse_trace_spec(const std::string& text, const std::string& where) {
  const WorkloadFieldNames name(where, true);
  WorkloadSpec spec;
  TraceReplayOptions trace;
  const std::size_t comma = text.find(',');
  trace.path = text.substr(0, comma);
  if (comma != std::string::npos) {
    for (const spec::KeyValue& item :
         spec::split_key_values(std::string_view(text).substr(comma + 1), ',', where)) {
      if (item.key == "strict") {  // the one bare flag
        trace.reader.strict = !item.has_value || spec::parse_bool(item.value, name(F::TraceStrict));
        continue;
      }
      require_value(item, where);
      if (parse_common_key(item, spec, name)) continue;
      if (item.key == "format") {
        trace.reader.format = item.value;
      } else if (item.key == "replay") {
        trace.timing = workload_names::parse(item.value, workload_names::kTimings, name(F::TraceReplay));
      } else if (item.key == "speedup") {
        trace.speedup = spec::parse_number(item.value, name(F::TraceSpeedup));
      } else if (item.key == "repeat") {
        trace.repeat = parse_u32(item.value, name(F::TraceRepeat));
      } else if (item.key == "beyond") {
        trace.beyond_device =
            workload_names::parse(item.value, workload_names::kBeyondDevice, name(F::TraceBeyond));
      } else if (item.key == "devices") {
        trace.reader.devices = parse_devices(item.value, name(F::TraceDevices));
      } else if (item.key == "event") {
        if (item.value.size() != 1) {
          throw config_error(name(F::TraceEvent), "expected Q, D or C, got '" + item.value + "'");
        }
        trace.reader.blkparse_event = item.value[0];
      } else if (item.key == "split") {
        trace.split_bytes = spec::parse_bytes(item.value, name(F::TraceSplit));
      } else {
        throw config_error(where, unknown_option("trace", item.key, kTraceOptions));
      }
    }
  }
  spec.trace = std::move(trace);
  validate_workload(spec, name);
  return spec;
}

WorkloadSpec parse_synthetic_spec(const std::string& text, const std::string& where) {
  const WorkloadFieldNames name(where, true);
  const std::size_t colon = text.find(':');
  const std::string kind_name = text.substr(0, colon);
  const Kind* kind = nullptr;
  for (const Kind& candidate : kKinds) {
    if (kind_name == candidate.name) kind = &candidate;
  }
  if (kind == nullptr) {
    std::vector<std::string> kinds = {"trace", "fio"};
    for (const Kind& candidate : kKinds) kinds.emplace_back(candidate.name);
    throw config_error(where, "unknown workload '" + kind_name + "'" + did_you_mean(kind_name, kinds) + ": expected " +
                                  kKindNames);
  }
  WorkloadSpec spec;
  spec.pattern = kind->pattern;
  spec.read_fraction = kind->read_fraction;
  bool arrival_given = false;
  bool rate_given = false;
  if (colon != std::string::npos) {
    const auto items = spec::split_key_values(std::string_view(text).substr(colon + 1), ',', where);
    for (std::size_t i = 0; i < items.size(); ++i) {
      const spec::KeyValue& item = items[i];
      require_value(item, where);
      if (parse_common_key(item, spec, name)) continue;
      if (item.key == "read") {
        if (!kind->mixed) {
          throw config_error(name(F::ReadFraction),
                             "only mixed and sequential-mixed take read=; '" + kind_name + "' fixes it");
        }
        spec.read_fraction = spec::parse_number(item.value, name(F::ReadFraction));
      } else if (item.key == "seq") {
        spec.sequential_fraction = spec::parse_number(item.value, name(F::SequentialFraction));
      } else if (item.key == "size") {
        spec.sizes = parse_sizes(item.value, name(F::Size));
      } else if (item.key == "arrival") {
        spec.arrival = workload_names::parse(item.value, workload_names::kArrivals, name(F::Arrival));
        arrival_given = true;
      } else if (item.key == "rate") {
        spec.rate_iops = parse_rate(item.value, name(F::Rate));
        rate_given = true;
      } else if (item.key == "on") {
        spec.burst_on_ns = spec::parse_duration_ns(item.value, name(F::BurstOn));
      } else if (item.key == "off") {
        spec.burst_off_ns = spec::parse_duration_ns(item.value, name(F::BurstOff));
      } else if (item.key == "dist") {
        // "dist=hotcold:r=0.8,f=0.2": the distribution's own parameters follow as items.
        spec.address_distribution = item.value;
        while (i + 1 < items.size() &&
               (items[i + 1].key == "r" || items[i + 1].key == "f" || items[i + 1].key == "theta")) {
          ++i;
          spec.address_distribution += "," + items[i].key + "=" + items[i].value;
        }
      } else if (item.key == "range") {
        spec.range = parse_range(item.value, name(F::Range));
      } else if (item.key == "seed_offset") {
        spec.seed_offset = spec::parse_whole_number(item.value, name(F::SeedOffset));
      } else if (item.key == "snapshot_every") {
        spec.snapshot_every = spec::parse_whole_number(item.value, name(F::SnapshotEvery));
      } else if (item.key == "snapshot_slots") {
        const std::uint64_t slots = spec::parse_whole_number(item.value, name(F::SnapshotSlots));
        if (slots == 0 || slots > 4096) throw config_error(name(F::SnapshotSlots), "expected 1 to 4096");
        spec.snapshot_slots = static_cast<std::uint32_t>(slots);
      } else if (item.key == "snapshot_burst") {
        const std::uint64_t burst = spec::parse_whole_number(item.value, name(F::SnapshotBurst));
        if (burst == 0 || burst > 4096) throw config_error(name(F::SnapshotBurst), "expected 1 to 4096");
        spec.snapshot_burst = static_cast<std::uint32_t>(burst);
      } else if (item.key == "range_copy_every") {
        spec.range_copy_every = spec::parse_whole_number(item.value, name(F::RangeCopyEvery));
      } else if (item.key == "range_move_every") {
        spec.range_move_every = spec::parse_whole_number(item.value, name(F::RangeMoveEvery));
      } else if (item.key == "range_delete_every") {
        spec.range_delete_every = spec::parse_whole_number(item.value, name(F::RangeDeleteEvery));
      } else if (item.key == "range_size") {
        spec.range_bytes = spec::parse_bytes(item.value, name(F::RangeSize));
        if (spec.range_bytes == 0) throw config_error(name(F::RangeSize), "expected a size > 0");
      } else {
        throw config_error(where, unknown_option("workload", item.key, kSyntheticOptions));
      }
    }
  }
  // A rate alone means an open loop; Poisson is the usual model of independent arrivals.
  if (!arrival_given && rate_given) spec.arrival = ArrivalProcess::Poisson;
  validate_workload(spec, name);
  return spec;
}

std::string percent(double fraction) {
  return spec::format_number(fraction * 100.0) + "%";
}

}  // namespace

WorkloadSpec parse_workload_spec(const std::string& compact, const std::string& where) {
  static const std::string kFioPrefix = "fio:";
  if (compact.compare(0, kFioPrefix.size(), kFioPrefix) == 0) {
    WorkloadSpec spec;
    spec.fio_job_file = compact.substr(kFioPrefix.size());
    if (spec.fio_job_file.empty()) throw config_error(where, "expected fio:PATH of a fio job file");
    validate_workload(spec, WorkloadFieldNames(where, true));
    return spec;
  }
  static const std::string kTracePrefix = "trace:";
  if (compact.compare(0, kTracePrefix.size(), kTracePrefix) == 0) {
    return parse_trace_spec(compact.substr(kTracePrefix.size()), where);
  }
  return parse_synthetic_spec(compact, where);
}

std::string to_compact(const WorkloadSpec& spec) {
  if (spec.is_fio()) return "fio:" + spec.fio_job_file;
  std::string text;
  const auto add = [&text](const std::string& key, const std::string& value) {
    text += "," + key + (value.empty() ? "" : "=" + value);
  };
  if (spec.is_trace()) {
    const TraceReplayOptions& trace = *spec.trace;
    text = "trace:" + trace.path;
    if (trace.reader.format != "auto") add("format", trace.reader.format);
    if (trace.timing != TraceTiming::Recorded) add("replay", to_string(trace.timing));
    if (trace.speedup != 1.0) add("speedup", spec::format_number(trace.speedup));
    if (trace.repeat != 1) add("repeat", std::to_string(trace.repeat));
    if (trace.beyond_device != BeyondDevice::Wrap) add("beyond", to_string(trace.beyond_device));
    if (!trace.reader.devices.empty()) {
      std::string devices;
      for (std::uint32_t device : trace.reader.devices) {
        devices += (devices.empty() ? "" : "/") + std::to_string(device);
      }
      add("devices", devices);
    }
    if (trace.reader.strict) add("strict", "");
    if (trace.reader.blkparse_event != 'D') add("event", std::string(1, trace.reader.blkparse_event));
    if (trace.split_bytes != 0) add("split", spec::format_bytes(trace.split_bytes));
  } else {
    const bool sequential = spec.pattern == AccessPattern::Sequential;
    const bool mixed = spec.read_fraction != 0.0 && spec.read_fraction != 1.0;
    text = spec.read_fraction == 1.0   ? (sequential ? "sequential-read" : "random-read")
           : spec.read_fraction == 0.0 ? (sequential ? "sequential-write" : "random-write")
                                       : (sequential ? "sequential-mixed" : "mixed");
    if (mixed && spec.read_fraction != 0.5) add("read", spec::format_number(spec.read_fraction));
    if (spec.sequential_fraction != 0.0) add("seq", spec::format_number(spec.sequential_fraction));
    if (spec.arrival != ArrivalProcess::Closed) add("arrival", to_string(spec.arrival));
    if (spec.rate_iops != 0) add("rate", spec::format_number(spec.rate_iops));
    if (spec.burst_on_ns != 0) add("on", spec::format_duration(spec.burst_on_ns));
    if (spec.burst_off_ns != 0) add("off", spec::format_duration(spec.burst_off_ns));
    if (spec.sizes.size() == 1 && spec.sizes[0].weight == 1.0) {
      add("size", spec::format_bytes(spec.sizes[0].size_bytes));
    } else {
      std::string sizes;
      for (const SizeChoice& choice : spec.sizes) {
        sizes += (sizes.empty() ? "" : "/") + spec::format_bytes(choice.size_bytes) + ":" +
                 spec::format_number(choice.weight);
      }
      add("size", sizes);
    }
    if (spec.address_distribution != "uniform") add("dist", spec.address_distribution);
    const AddressRange& range = spec.range;
    if (range.in_fractions && (range.start_fraction != 0.0 || range.length_fraction != 1.0)) {
      add("range", (range.start_fraction != 0.0 ? percent(range.start_fraction) + ":" : "") +
                       percent(range.length_fraction));
    } else if (!range.in_fractions) {
      add("range", (range.offset_bytes != 0 ? spec::format_bytes(range.offset_bytes) + ":" : "") +
                       spec::format_bytes(range.length_bytes));
    }
    if (spec.seed_offset != 0) add("seed_offset", std::to_string(spec.seed_offset));
    if (spec.snapshot_every != 0) add("snapshot_every", std::to_string(spec.snapshot_every));
    if (spec.snapshot_slots != 1) add("snapshot_slots", std::to_string(spec.snapshot_slots));
    if (spec.snapshot_burst != 1) add("snapshot_burst", std::to_string(spec.snapshot_burst));
    if (spec.range_copy_every != 0) add("range_copy_every", std::to_string(spec.range_copy_every));
    if (spec.range_move_every != 0) add("range_move_every", std::to_string(spec.range_move_every));
    if (spec.range_delete_every != 0) add("range_delete_every", std::to_string(spec.range_delete_every));
    if (spec.range_bytes != 0) add("range_size", spec::format_bytes(spec.range_bytes));
  }
  if (spec.queue_depth != 0) add("qd", std::to_string(spec.queue_depth));
  if (spec.request_count != 0) add("count", std::to_string(spec.request_count));
  if (spec.duration_ns != 0) add("time", spec::format_duration(spec.duration_ns));
  if (spec.ramp_requests != 0) add("ramp", std::to_string(spec.ramp_requests));
  if (spec.ramp_ns != 0) add("ramp", spec::format_duration(spec.ramp_ns));
  if (spec.alignment_bytes != 0) add("align", spec::format_bytes(spec.alignment_bytes));
  // A synthetic kind's first option follows a ':' (size= is always there, before any dist=
  // whose own parameters hold commas).
  if (!spec.is_trace()) text[text.find(',')] = ':';
  return text;
}

}  // namespace ssdtlm
