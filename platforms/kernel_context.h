#pragma once
// Running a session's kernel in its own context (KernelContextGuard: models/kernel/kernel_context_guard.h).
#include <stdexcept>

#include <systemc>

#include "models/kernel/event_loop.h"
#include "models/kernel/kernel_context_guard.h"

namespace ssdtlm {

// Runs a session's kernel for `duration` (nullptr: until it has no activity left) in its own
// context. A session whose kernel threw once (`failed`) refuses to run again: SystemC's state
// after an error is not to be trusted.
inline void run_session_kernel(sc_core::sc_simcontext* context, const sc_core::sc_time* duration, bool& failed) {
  if (failed) throw std::runtime_error("this simulation stopped on an earlier error; start a new one");
  KernelContextGuard guard(context);
  try {
    run_kernel(duration, sc_core::SC_RUN_TO_TIME);
  } catch (...) {
    failed = true;
    throw;
  }
}

}  // namespace ssdtlm
