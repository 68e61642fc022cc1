#pragma once
// Helpers for tests that elaborate SystemC models: a fresh kernel context per test, and a
// report handler under which SystemC warnings and errors fail the running test.
#include <gtest/gtest.h>
#include <systemc>

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

// Gives the test its own simulation kernel: one elaboration per context.
inline void fresh_kernel() {
  sc_core::sc_curr_simcontext = new sc_core::sc_simcontext();
  sc_core::sc_default_global_context = sc_core::sc_curr_simcontext;
}

// Base fixture for SystemC tests.
class SystemCTest : public ::testing::Test {
 protected:
  void SetUp() override { fresh_kernel(); }
};

}  // namespace ssdtlm::testing
