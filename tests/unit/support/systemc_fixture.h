#pragma once
// Helpers for tests that elaborate SystemC models: a fresh kernel context per test, and a
// report handler under which SystemC warnings and errors fail the running test.
#include <gtest/gtest.h>

#include <algorithm>
#include <systemc>

#include "models/kernel/kernel_context_guard.h"

namespace ssdtlm::testing {

inline void failing_report_handler(const sc_core::sc_report& report,
                                   const sc_core::sc_actions& actions) {
  if (report.get_severity() >= sc_core::SC_WARNING) {
    ADD_FAILURE() << "SystemC " << (report.get_severity() == sc_core::SC_WARNING ? "warning" : "error")
                  << " [" << report.get_msg_type() << "]: " << report.get_msg();
    if (report.get_severity() >= sc_core::SC_ERROR) throw report;
    return;
  }
  sc_core::sc_report_handler::default_handler(report, actions & ~sc_core::SC_ABORT);
}

inline void install_failing_report_handler() {
  sc_core::sc_report_handler::set_handler(&failing_report_handler);
}

// True when nothing elaborated in `context` is left but the processes its destroyed modules
// orphaned (they become top-level objects; the context owns them).
inline bool only_orphaned_processes_left(const sc_core::sc_simcontext* context) {
  const auto& objects = sc_core::sc_get_top_level_objects(context);
  return sc_core::sc_get_top_level_events(context).empty() &&
         std::all_of(objects.begin(), objects.end(), [](const sc_core::sc_object* object) {
           return dynamic_cast<const sc_core::sc_process_b*>(object) != nullptr;
         });
}

// Gives the test its own simulation kernel: one elaboration per context. The context the
// previous call made is deleted, as a session deletes its own, when its modules are gone (a test
// may keep a platform of the old kernel across the call; then the context stays). A context
// left behind keeps the guard pages of its threads' stacks protected, and LeakSanitizer faults
// on them when it scans that context's memory.
inline void fresh_kernel() {
  static sc_core::sc_simcontext* previous = nullptr;
  if (previous != nullptr && only_orphaned_processes_left(previous)) KernelContextGuard::destroy(previous);
  previous = new sc_core::sc_simcontext();
  sc_core::sc_curr_simcontext = previous;
  sc_core::sc_default_global_context = previous;
}

// Base fixture for SystemC tests.
class SystemCTest : public ::testing::Test {
 protected:
  void SetUp() override { fresh_kernel(); }
};

}  // namespace ssdtlm::testing
