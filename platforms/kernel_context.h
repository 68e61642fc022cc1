#pragma once
// KernelContextGuard: makes a session's SystemC kernel context current for the duration of a
// call and restores the previous one afterwards, so sessions (SSD or RAID, each with its own
// sc_simcontext) can be interleaved in one process (never run concurrently).
#include <stdexcept>

#include <systemc>

#include "models/kernel/event_loop.h"

namespace ssdtlm {

class KernelContextGuard {
 public:
  explicit KernelContextGuard(sc_core::sc_simcontext* context)
      : previous_current_(sc_core::sc_curr_simcontext), previous_default_(sc_core::sc_default_global_context) {
    sc_core::sc_curr_simcontext = context;
    sc_core::sc_default_global_context = context;
  }
  ~KernelContextGuard() {
    sc_core::sc_curr_simcontext = previous_current_;
    sc_core::sc_default_global_context = previous_default_;
  }
  KernelContextGuard(const KernelContextGuard&) = delete;
  KernelContextGuard& operator=(const KernelContextGuard&) = delete;

  // Deletes a session's context and clears the globals that still point at it.
  static void destroy(sc_core::sc_simcontext* context) {
    delete context;
    if (sc_core::sc_curr_simcontext == context) sc_core::sc_curr_simcontext = nullptr;
    if (sc_core::sc_default_global_context == context) sc_core::sc_default_global_context = nullptr;
  }

 private:
  sc_core::sc_simcontext* previous_current_;
  sc_core::sc_simcontext* previous_default_;
};

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
