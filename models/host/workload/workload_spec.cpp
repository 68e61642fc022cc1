// WorkloadSpec's shared part: names, equality and the validation both input forms go
// through. The two forms live in workload_spec_compact.cpp and workload_spec_json.cpp.
#include "models/host/workload/workload_spec.h"

#include <cmath>

#include "models/common/config/config_error.h"
#include "models/host/trace/trace_format_registry.h"
#include "models/host/workload/address_distribution.h"
#include "models/host/workload/fio/fio_request_source.h"
#include "models/host/workload/spec_text.h"
#include "models/host/workload/workload_fields.h"
#include "models/host/workload/workload_names.h"

namespace ssdtlm {
namespace {

struct FieldName {
  const char* json;
  const char* compact;
};

// Indexed by WorkloadField.
constexpr FieldName kFieldNames[] = {
    {"pattern", "pattern"},
    {"read_fraction", "read"},
    {"sequential_fraction", "seq"},
    {"arrival", "arrival"},
    {"queue_depth", "qd"},
    {"rate_iops", "rate"},
    {"burst_on_us", "on"},
    {"burst_off_us", "off"},
    {"size_bytes", "size"},
    {"range", "range"},
    {"address_distribution", "dist"},
    {"request_count", "count"},
    {"duration_us", "time"},
    {"ramp_requests", "ramp"},
    {"ramp_us", "ramp"},
    {"alignment_bytes", "align"},
    {"seed_offset", "seed_offset"},
    {"snapshot_every", "snapshot_every"},
    {"snapshot_slots", "snapshot_slots"},
    {"snapshot_burst", "snapshot_burst"},
    {"range_copy_every", "range_copy_every"},
    {"range_move_every", "range_move_every"},
    {"range_delete_every", "range_delete_every"},
    {"range_size_bytes", "range_size"},
    {"trace.path", "trace"},
    {"trace.format", "format"},
    {"trace.strict", "strict"},
    {"trace.blkparse_event", "event"},
    {"trace.devices", "devices"},
    {"trace.replay", "replay"},
    {"trace.speedup", "speedup"},
    {"trace.repeat", "repeat"},
    {"trace.beyond_device", "beyond"},
    {"trace.split_bytes", "split"},
    {"fio", "fio"},
};

constexpr std::uint32_t kMaxQueueDepth = 65536;
constexpr std::size_t kMaxSizeChoices = 64;
constexpr double kMaxRateIops = 1e9;  // one request per ns: the model's time resolution

bool is_power_of_two(std::uint64_t value) {
  return value != 0 && (value & (value - 1)) == 0;
}

void validate_arrival(const WorkloadSpec& spec, const WorkloadFieldNames& name) {
  using F = WorkloadField;
  if (spec.queue_depth > kMaxQueueDepth) {
    throw config_error(name(F::QueueDepth), "expected at most " + std::to_string(kMaxQueueDepth) +
                                                " outstanding requests, got " +
                                                std::to_string(spec.queue_depth));
  }
  const bool open = spec.arrival != ArrivalProcess::Closed;
  if (!open && spec.rate_iops != 0) {
    throw config_error(name(F::Rate), "only open-loop arrivals (fixed, poisson, bursty) take a rate");
  }
  if (open && !(spec.rate_iops > 0 && spec.rate_iops <= kMaxRateIops)) {
    throw config_error(name(F::Rate), "arrival " + std::string(to_string(spec.arrival)) +
                                          " needs a rate in (0, 1e9] requests per second, got " +
                                          spec::format_number(spec.rate_iops));
  }
  const bool bursty = spec.arrival == ArrivalProcess::Bursty;
  if (!bursty && (spec.burst_on_ns != 0 || spec.burst_off_ns != 0)) {
    throw config_error(name(spec.burst_on_ns != 0 ? F::BurstOn : F::BurstOff),
                       "only arrival bursty has on and off periods");
  }
  if (bursty && (spec.burst_on_ns == 0 || spec.burst_off_ns == 0)) {
    throw config_error(name(spec.burst_on_ns == 0 ? F::BurstOn : F::BurstOff),
                       "arrival bursty needs on and off periods > 0");
  }
}

void validate_synthetic(const WorkloadSpec& spec, const WorkloadFieldNames& name) {
  using F = WorkloadField;
  if (!(spec.read_fraction >= 0.0 && spec.read_fraction <= 1.0)) {
    throw config_error(name(F::ReadFraction), "expected a fraction of reads in [0, 1], got " +
                                                  spec::format_number(spec.read_fraction));
  }
  if (!(spec.sequential_fraction >= 0.0 && spec.sequential_fraction <= 1.0)) {
    throw config_error(name(F::SequentialFraction),
                       "expected a probability of sequential access in [0, 1], got " +
                           spec::format_number(spec.sequential_fraction));
  }
  if (spec.pattern == AccessPattern::Sequential && spec.sequential_fraction != 0.0) {
    throw config_error(name(F::SequentialFraction),
                       "sequential access is sequential already; the probability of sequential access "
                       "applies to random access");
  }
  validate_arrival(spec, name);
  if (spec.sizes.empty() || spec.sizes.size() > kMaxSizeChoices) {
    throw config_error(name(F::Size), "expected 1 to " + std::to_string(kMaxSizeChoices) +
                                          " request sizes, got " + std::to_string(spec.sizes.size()));
  }
  for (const SizeChoice& choice : spec.sizes) {
    if (choice.size_bytes == 0 || choice.size_bytes > 0xffffffffull) {
      throw config_error(name(F::Size), "expected a request size in [1 B, 4 GiB), got " +
                                            std::to_string(choice.size_bytes) + " B");
    }
    if (!(choice.weight > 0.0) || !std::isfinite(choice.weight)) {
      throw config_error(name(F::Size), "expected a weight > 0 for size " +
                                            spec::format_bytes(choice.size_bytes) + ", got " +
                                            spec::format_number(choice.weight));
    }
  }
  const AddressRange& range = spec.range;
  if (range.in_fractions && !(range.start_fraction >= 0.0 && range.length_fraction > 0.0 &&
                              range.start_fraction + range.length_fraction <= 1.0 + 1e-12)) {
    throw config_error(name(F::Range),
                       "expected a start >= 0 and a length > 0 with start + length <= 1 "
                       "of the device, got start " +
                           spec::format_number(range.start_fraction) + ", length " +
                           spec::format_number(range.length_fraction));
  }
  if (spec.pattern == AccessPattern::Sequential && spec.address_distribution != "uniform") {
    throw config_error(name(F::Distribution),
                       "sequential access goes in address order; only random access draws from a "
                       "distribution");
  }
  // The syntax only: the real item count is known once the device is.
  make_address_distribution(spec.address_distribution, 2, name(F::Distribution));
  if (spec.request_count == 0 && spec.duration_ns == 0) {
    throw config_error(name(F::Count), std::string("a synthetic workload needs a stop condition: ") +
                                           (name.compact() ? "count=N and/or time=T"
                                                           : "request_count and/or duration_us > 0"));
  }
  if (spec.range_bytes > 0xffffffffull) {
    throw config_error(name(F::RangeSize), "expected a range command size under 4 GiB, got " +
                                               std::to_string(spec.range_bytes) + " B");
  }
  if (spec.range_bytes != 0 && spec.range_copy_every == 0 && spec.range_move_every == 0 &&
      spec.range_delete_every == 0) {
    throw config_error(name(F::RangeSize), "sizes the commands of range_copy_every, range_move_every and "
                                               "range_delete_every, and none of them is given");
  }
  if (spec.alignment_bytes != 0 && (!is_power_of_two(spec.alignment_bytes) || spec.alignment_bytes < 512 ||
                                    spec.alignment_bytes > (1u << 20))) {
    throw config_error(name(F::Alignment),
                       "expected 0 (the logical block) or a power of two from "
                       "512 B to 1 MiB, got " +
                           std::to_string(spec.alignment_bytes));
  }
}

void validate_trace(const WorkloadSpec& spec, const WorkloadFieldNames& name) {
  using F = WorkloadField;
  const TraceReplayOptions& trace = *spec.trace;
  if (trace.path.empty()) throw config_error(name(F::TracePath), "expected the path of a trace file");
  if (trace.reader.format != "auto" && find_trace_format(trace.reader.format) == nullptr) {
    throw config_error(name(F::TraceFormat), unknown_trace_format(trace.reader.format));
  }
  const char event = trace.reader.blkparse_event;
  if (event != 'Q' && event != 'D' && event != 'C') {
    throw config_error(name(F::TraceEvent),
                       std::string("expected the blkparse action Q, D or C, got '") + event + "'");
  }
  if (!(trace.speedup > 0.0) || !std::isfinite(trace.speedup)) {
    throw config_error(name(F::TraceSpeedup),
                       "expected a speed-up factor > 0, got " + spec::format_number(trace.speedup));
  }
  if (trace.repeat == 0) throw config_error(name(F::TraceRepeat), "expected at least 1 pass");
  if (trace.split_bytes % 512 != 0) {
    throw config_error(name(F::TraceSplit), "expected 0 (no split) or a multiple of 512 B, got " +
                                                std::to_string(trace.split_bytes));
  }
  if (spec.arrival != ArrivalProcess::Closed || spec.rate_iops != 0) {
    throw config_error(name(F::Arrival), "a trace's timing is set by its replay mode");
  }
  if (spec.queue_depth > kMaxQueueDepth) {
    throw config_error(name(F::QueueDepth),
                       "expected at most " + std::to_string(kMaxQueueDepth) + " outstanding requests");
  }
  if (spec.alignment_bytes != 0 && (!is_power_of_two(spec.alignment_bytes) || spec.alignment_bytes < 512)) {
    throw config_error(name(F::Alignment), "expected 0 (the logical block) or a power of two >= 512");
  }
}

// ramp= (a count or a time, not both). Snapshots and range commands are placed by the
// request count, which a warm-up would move.
void validate_warmup(const WorkloadSpec& spec, const WorkloadFieldNames& name) {
  using F = WorkloadField;
  if (spec.ramp_requests != 0 && spec.ramp_ns != 0) {
    throw config_error(name(F::RampDuration), "give the warm-up as a count of requests or as a time, not both");
  }
  if (spec.has_warmup() && (spec.snapshot_every != 0 || spec.range_copy_every != 0 || spec.range_move_every != 0 ||
                            spec.range_delete_every != 0)) {
    throw config_error(name(spec.ramp_requests != 0 ? F::RampRequests : F::RampDuration),
                       "a warm-up does not combine with snapshot_every or range_*_every (their places follow the "
                       "request count); leave one out");
  }
}

void validate_fio(const WorkloadSpec& spec, const WorkloadFieldNames& name) {
  // The job file says everything; a spec that also sets a field was put together by hand.
  WorkloadSpec bare;
  bare.fio_job_file = spec.fio_job_file;
  if (spec != bare) {
    throw config_error(name(WorkloadField::FioJobFile), "a fio job file workload takes its settings from the file alone");
  }
  check_fio_job_file(spec.fio_job_file);
}

}  // namespace

std::string WorkloadFieldNames::operator()(WorkloadField field) const {
  const FieldName& names = kFieldNames[static_cast<int>(field)];
  return compact_ ? prefix_ + " " + names.compact : prefix_ + "." + names.json;
}

void validate_workload(const WorkloadSpec& spec, const WorkloadFieldNames& name) {
  if (spec.is_fio()) {
    validate_fio(spec, name);
    return;
  }
  if (spec.is_trace()) {
    validate_trace(spec, name);
  } else {
    validate_synthetic(spec, name);
  }
  validate_warmup(spec, name);
}

void validate(const WorkloadSpec& spec, const std::string& where) {
  validate_workload(spec, WorkloadFieldNames(where, false));
}

const char* to_string(AccessPattern pattern) {
  return workload_names::name_of(pattern, workload_names::kPatterns);
}
const char* to_string(ArrivalProcess arrival) {
  return workload_names::name_of(arrival, workload_names::kArrivals);
}
const char* to_string(TraceTiming timing) {
  return workload_names::name_of(timing, workload_names::kTimings);
}
const char* to_string(BeyondDevice beyond) {
  return workload_names::name_of(beyond, workload_names::kBeyondDevice);
}

bool operator==(const WorkloadSpec& a, const WorkloadSpec& b) {
  const auto same_sizes = [](const std::vector<SizeChoice>& x, const std::vector<SizeChoice>& y) {
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (x[i].size_bytes != y[i].size_bytes || x[i].weight != y[i].weight) return false;
    }
    return true;
  };
  const auto same_range = [](const AddressRange& x, const AddressRange& y) {
    if (x.in_fractions != y.in_fractions) return false;
    return x.in_fractions ? x.start_fraction == y.start_fraction && x.length_fraction == y.length_fraction
                          : x.offset_bytes == y.offset_bytes && x.length_bytes == y.length_bytes;
  };
  const auto same_trace = [](const std::optional<TraceReplayOptions>& x,
                             const std::optional<TraceReplayOptions>& y) {
    if (x.has_value() != y.has_value()) return false;
    if (!x) return true;
    return x->path == y->path && x->reader.format == y->reader.format &&
           x->reader.strict == y->reader.strict && x->reader.blkparse_event == y->reader.blkparse_event &&
           x->reader.devices == y->reader.devices && x->timing == y->timing && x->speedup == y->speedup &&
           x->repeat == y->repeat && x->beyond_device == y->beyond_device && x->split_bytes == y->split_bytes;
  };
  return a.pattern == b.pattern && a.read_fraction == b.read_fraction &&
         a.sequential_fraction == b.sequential_fraction && a.arrival == b.arrival &&
         a.queue_depth == b.queue_depth && a.rate_iops == b.rate_iops && a.burst_on_ns == b.burst_on_ns &&
         a.burst_off_ns == b.burst_off_ns && same_sizes(a.sizes, b.sizes) && same_range(a.range, b.range) &&
         a.address_distribution == b.address_distribution && a.request_count == b.request_count &&
         a.duration_ns == b.duration_ns && a.ramp_requests == b.ramp_requests && a.ramp_ns == b.ramp_ns &&
         a.alignment_bytes == b.alignment_bytes &&
         a.seed_offset == b.seed_offset &&
         a.snapshot_every == b.snapshot_every && a.snapshot_slots == b.snapshot_slots &&
         a.snapshot_burst == b.snapshot_burst && a.range_copy_every == b.range_copy_every &&
         a.range_move_every == b.range_move_every && a.range_delete_every == b.range_delete_every &&
         a.range_bytes == b.range_bytes && same_trace(a.trace, b.trace) && a.fio_job_file == b.fio_job_file;
}

}  // namespace ssdtlm
