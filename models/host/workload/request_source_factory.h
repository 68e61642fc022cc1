#pragma once
// Turns a workload spec into the request source the host pulls from: a synthetic generator,
// a trace replay or the jobs of a fio job file, with the spec's range, sizes and alignment
// checked against the device.
#include <cstdint>
#include <memory>

#include "models/host/workload/request_source.h"
#include "models/host/workload/synthetic_request_source.h"
#include "models/host/workload/workload_spec.h"

namespace ssdtlm {

// `device_bytes`: the logical capacity the host sees; `logical_block_bytes`: 512 or 4096;
// `seed`: the run's seed (the spec's seed_offset is added). Same arguments, same requests.
// Throws ConfigError naming the "workload" key for what only the device can rule out
// (a size that is not whole logical blocks, a range past the end, ...).
std::unique_ptr<RequestSource> make_request_source(const WorkloadSpec& spec, std::uint64_t device_bytes,
                                                   std::uint32_t logical_block_bytes, std::uint64_t seed);

// A synthetic spec's range, alignment and range-command size against the device (the same
// resolution and checks make_request_source applies): for the platform checks of range commands.
DeviceLayout resolve_device_layout(const WorkloadSpec& spec, std::uint64_t device_bytes,
                                   std::uint32_t logical_block_bytes);

}  // namespace ssdtlm
