#pragma once
// What `run` and `raid` show on their ProgressLine: the preconditioning's pages written of
// those expected, then the timed run's share of the workload done (completed requests of its
// count, simulated time of its duration: whichever is further; unknown for a trace replayed
// without either).
#include <functional>

#include "models/host/host_statistics.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/preconditioning.h"
#include "sc_main/progress_line.h"

namespace ssdtlm::cli {

PreconditionMonitor precondition_progress(ProgressLine& line);
// For SsdPlatform/RaidPlatform::set_progress_callback; starts the line's "run" phase.
std::function<void()> timed_run_progress(ProgressLine& line, const WorkloadSpec& spec, const HostStatistics& host);

}  // namespace ssdtlm::cli
