#pragma once
// A platform's run for a simulated duration.
#include <cstdint>

#include <systemc>

#include "models/kernel/event_loop.h"

namespace ssdtlm {

// Runs the kernel for `duration_ps` (0: until the model stops the simulation). A run with a
// duration ends exactly at now + duration_ps unless the model stops it earlier: with the
// kernel's default policy (SC_EXIT_ON_STARVATION) the kernel's clock would stay at its last own
// event before that end (a timeline tick, say) while the event loop had run its modules up to
// it, so whatever is taken at the end (a power cut, the statistics) would be taken and dated
// early, by up to one timeline interval.
inline void run_kernel_for_ps(std::uint64_t duration_ps) {
  // sc_stop is how a drained workload ends a run, not news ("Simulation stopped by user").
  sc_core::sc_report_handler::set_actions("/OSCI/SystemC", sc_core::SC_INFO, sc_core::SC_DO_NOTHING);
  if (duration_ps == 0) {
    run_kernel(nullptr);
    return;
  }
  const sc_core::sc_time duration = sc_core::sc_time::from_value(duration_ps);
  run_kernel(&duration, sc_core::SC_RUN_TO_TIME);
}

}  // namespace ssdtlm
