#pragma once
// KernelContextGuard: makes a session's SystemC kernel context current for the duration of a
// call and restores the previous one afterwards, so sessions (SSD or RAID, each with its own
// sc_simcontext) can be interleaved in one process (never run concurrently).
#include <systemc>

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

// A kernel context of its own for one scope: current while it lives; then the previous one is
// current again and this one is deleted. Declare it before the modules built in it, so that they
// are destroyed first (a context cannot be deleted under its modules).
class ScopedKernelContext {
 public:
  ScopedKernelContext() : context_(new sc_core::sc_simcontext()), current_(context_) {}
  ~ScopedKernelContext() { KernelContextGuard::destroy(context_); }
  ScopedKernelContext(const ScopedKernelContext&) = delete;
  ScopedKernelContext& operator=(const ScopedKernelContext&) = delete;

 private:
  sc_core::sc_simcontext* context_;
  KernelContextGuard current_;
};

}  // namespace ssdtlm
