#include "sc_main/run_progress.h"

#include <algorithm>
#include <cstdio>

#include "models/kernel/event_loop.h"

namespace ssdtlm::cli {

PreconditionMonitor precondition_progress(ProgressLine& line) {
  line.start("precondition");
  return [&line](std::uint64_t written, std::uint64_t expected) {
    if (!line.due()) return;
    char detail[64];
    std::snprintf(detail, sizeof detail, "%.1f M pages written", double(written) / 1e6);
    line.show(expected > 0 ? double(written) / double(expected) : -1.0, detail);
  };
}

std::function<void()> timed_run_progress(ProgressLine& line, const WorkloadSpec& spec, const HostStatistics& host) {
  // count= and time= count from the end of a warm-up (ramp=): the run is that much longer.
  const std::uint64_t count = spec.request_count != 0 ? spec.request_count + spec.ramp_requests : 0;
  const std::uint64_t duration_ps = spec.duration_ns != 0 ? (spec.duration_ns + spec.ramp_ns) * 1000 : 0;
  return [&line, &host, count, duration_ps, started = false]() mutable {
    if (!started) {  // the first call comes with the first completions, after preconditioning
      line.finish();
      line.start("run");
      started = true;
    }
    if (!line.due()) return;
    const std::uint64_t now_ps = sim_now_ps();
    double fraction = -1.0;
    if (count > 0) fraction = double(host.completed()) / double(count);
    if (duration_ps > 0) fraction = std::max(fraction, double(now_ps) / double(duration_ps));
    char detail[96];
    std::snprintf(detail, sizeof detail, "%llu requests, simulated %.3f ms",
                  static_cast<unsigned long long>(host.completed()), double(now_ps) / 1e9);
    line.show(fraction, detail);
  };
}

}  // namespace ssdtlm::cli
