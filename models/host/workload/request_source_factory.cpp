#include "models/host/workload/request_source_factory.h"

#include <algorithm>
#include <cmath>

#include "models/common/config/config_error.h"
#include "models/host/trace/trace_replay_source.h"
#include "models/host/workload/fio/fio_request_source.h"
#include "models/host/workload/spec_text.h"
#include "models/host/workload/synthetic_request_source.h"
#include "models/host/workload/warmup_source.h"

namespace ssdtlm {
namespace {

// Errors found here concern the spec as a whole against a device; they name the JSON keys,
// the spelling the effective configuration uses.
const std::string kWhere = "workload";

std::uint32_t resolve_alignment(const WorkloadSpec& spec, std::uint32_t logical_block_bytes) {
  const std::uint32_t alignment = spec.alignment_bytes != 0 ? spec.alignment_bytes : logical_block_bytes;
  if (alignment % logical_block_bytes != 0) {
    throw config_error(kWhere + ".alignment_bytes",
                       std::to_string(alignment) + " B is not a multiple of the device's " +
                           std::to_string(logical_block_bytes) + " B logical block");
  }
  return alignment;
}

DeviceLayout resolve_layout(const WorkloadSpec& spec, std::uint64_t device_bytes, std::uint32_t alignment) {
  DeviceLayout layout;
  layout.alignment_bytes = alignment;
  layout.device_bytes = device_bytes;
  const AddressRange& range = spec.range;
  if (range.in_fractions) {
    // Rounded inwards to whole alignment units, so the range never leaves the device.
    const auto units = [&](double fraction) {
      return static_cast<std::uint64_t>(std::floor(fraction * static_cast<double>(device_bytes / alignment)));
    };
    layout.range_start_bytes = units(range.start_fraction) * alignment;
    layout.range_end_bytes = layout.range_start_bytes + units(range.length_fraction) * alignment;
    layout.range_end_bytes = std::min(layout.range_end_bytes, device_bytes / alignment * alignment);
  } else {
    if (range.offset_bytes % alignment != 0) {
      throw config_error(kWhere + ".range.offset_bytes", std::to_string(range.offset_bytes) +
                                                             " is not a multiple of the " +
                                                             std::to_string(alignment) + " B alignment");
    }
    const std::uint64_t length = range.length_bytes != 0
                                     ? range.length_bytes
                                     : device_bytes - std::min(device_bytes, range.offset_bytes);
    if (range.offset_bytes >= device_bytes || length > device_bytes - range.offset_bytes) {
      throw config_error(kWhere + ".range", "[" + std::to_string(range.offset_bytes) + ", +" +
                                                std::to_string(length) + ") does not fit the device's " +
                                                std::to_string(device_bytes) + " bytes");
    }
    layout.range_start_bytes = range.offset_bytes;
    layout.range_end_bytes = range.offset_bytes + length / alignment * alignment;
  }
  const std::uint64_t range_bytes = layout.range_end_bytes - layout.range_start_bytes;
  std::uint64_t largest_size = 0;
  for (const SizeChoice& choice : spec.sizes) {
    const std::uint64_t footprint = (choice.size_bytes + alignment - 1) / alignment * alignment;
    if (footprint > range_bytes) {
      throw config_error(kWhere + ".size_bytes", spec::format_bytes(choice.size_bytes) +
                                                     " requests do not fit the " +
                                                     std::to_string(range_bytes) + "-byte address range");
    }
    largest_size = std::max(largest_size, choice.size_bytes);
  }
  if (spec.range_copy_every != 0 || spec.range_move_every != 0 || spec.range_delete_every != 0) {
    layout.range_command_bytes = spec.range_bytes != 0 ? spec.range_bytes : largest_size;
    const std::string key = kWhere + ".range_size_bytes";
    const std::string what = spec::format_bytes(layout.range_command_bytes) +
                             (spec.range_bytes != 0 ? "" : " (the request size, by default)");
    if (layout.range_command_bytes % alignment != 0) {
      throw config_error(key, what + " is not a multiple of the " + std::to_string(alignment) + " B alignment");
    }
    if (layout.range_command_bytes > range_bytes) {
      throw config_error(key, what + " does not fit the " + std::to_string(range_bytes) + "-byte address range");
    }
  }
  return layout;
}

}  // namespace

DeviceLayout resolve_device_layout(const WorkloadSpec& spec, std::uint64_t device_bytes,
                                   std::uint32_t logical_block_bytes) {
  return resolve_layout(spec, device_bytes, resolve_alignment(spec, logical_block_bytes));
}

namespace {

// The workload's requests, without a warm-up.
std::unique_ptr<RequestSource> make_workload_source(const WorkloadSpec& spec, std::uint64_t device_bytes,
                                                    std::uint32_t logical_block_bytes, std::uint64_t seed) {
  if (logical_block_bytes < 512 || (logical_block_bytes & (logical_block_bytes - 1)) != 0) {
    throw config_error(kWhere, "the logical block must be a power of two >= 512 B, got " +
                                   std::to_string(logical_block_bytes));
  }
  validate(spec, kWhere);
  if (spec.is_fio()) return std::make_unique<FioRequestSource>(spec.fio_job_file, device_bytes, logical_block_bytes, seed);
  const std::uint32_t alignment = resolve_alignment(spec, logical_block_bytes);
  if (spec.is_trace()) {
    if (spec.trace->split_bytes % logical_block_bytes != 0) {
      throw config_error(kWhere + ".trace.split_bytes",
                         "pieces of " + std::to_string(spec.trace->split_bytes) + " B are not whole " +
                             std::to_string(logical_block_bytes) + " B logical blocks");
    }
    TraceReplayLimits limits;
    limits.device_bytes = device_bytes / alignment * alignment;
    limits.alignment_bytes = alignment;
    limits.queue_depth = spec.queue_depth;
    if (!spec.has_warmup()) {  // else the host driver applies them, from the warm-up's end
      limits.request_count = spec.request_count;
      limits.duration_ns = spec.duration_ns;
    }
    return std::make_unique<TraceReplaySource>(*spec.trace, limits);
  }
  for (const SizeChoice& choice : spec.sizes) {
    if (choice.size_bytes % logical_block_bytes != 0) {
      throw config_error(kWhere + ".size_bytes",
                         std::to_string(choice.size_bytes) + " B is not a whole number of the device's " +
                             std::to_string(logical_block_bytes) + " B logical blocks");
    }
  }
  return std::make_unique<SyntheticRequestSource>(spec, resolve_layout(spec, device_bytes, alignment), seed);
}

}  // namespace

std::unique_ptr<RequestSource> make_request_source(const WorkloadSpec& spec, std::uint64_t device_bytes,
                                                   std::uint32_t logical_block_bytes, std::uint64_t seed) {
  std::unique_ptr<RequestSource> source = make_workload_source(spec, device_bytes, logical_block_bytes, seed);
  if (!spec.has_warmup()) return source;
  return std::make_unique<WarmupSource>(std::move(source), spec.ramp_requests, spec.ramp_ns,
                                        WindowLimits{spec.request_count, spec.duration_ns});
}

}  // namespace ssdtlm
