#pragma once
// Multi-reference store commands (range copy, range move, range delete, snapshot; ftl.mode =
// mjolnir, docs/mjolnir.md) checked against the platform before they reach the model, so that
// a bad one is a ConfigError naming the key or argument (exit code 2, ValueError in Python)
// rather than an error in the middle of a run.
#include <cstdint>
#include <string>

#include "models/common/host_request.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/ssd_config.h"

namespace ssdtlm {

// A workload spec's snapshot_every / range_copy_every / range_move_every / range_delete_every
// against the platform: the mode must be mjolnir, the commands' ranges whole pages, and the
// snapshot slots within ftl.mjolnir.snapshot_slots. `device_bytes`: the volume the workload
// addresses (SsdPlatform::logical_bytes). A spec without such keys passes on any platform.
void check_workload_range_commands(const WorkloadSpec& spec, const SsdConfig& config, std::uint64_t device_bytes);

// `op` is a range command and the platform can take it (ftl.mode = mjolnir): the first check of
// check_range_command, on its own for callers that check the arguments' types first.
void check_range_command_mode(HostOp op, const SsdConfig& config);

// One command issued directly (SimulationSession::issue_command): `request.op` is a range
// command, its source and destination whole pages inside the namespace. The errors name
// the arguments as the Python API spells them (offset, length, destination).
void check_range_command(const HostRequest& request, const SsdConfig& config);

}  // namespace ssdtlm
