#pragma once
// For tests that provoke a flash-rule violation on purpose: while an ExpectedFlashError is
// alive, SystemC errors are recorded and thrown (as in a real run, where they stop the
// simulation) instead of failing the test; the failing handler comes back on destruction.
// With OnError::Record they are recorded and not thrown, so that the die's answer to a rejected
// command can be seen.
#include <string>
#include <vector>

#include <systemc>

#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm::testing {

class ExpectedFlashError {
 public:
  enum class OnError { Throw, Record };
  explicit ExpectedFlashError(OnError on_error = OnError::Throw) {
    messages().clear();
    throw_errors() = on_error == OnError::Throw;
    sc_core::sc_report_handler::set_handler(&record_and_throw);
  }
  ~ExpectedFlashError() { install_failing_report_handler(); }
  ExpectedFlashError(const ExpectedFlashError&) = delete;
  ExpectedFlashError& operator=(const ExpectedFlashError&) = delete;

  // "msg_type: message" of every error reported since construction.
  static std::vector<std::string>& messages() {
    static std::vector<std::string> recorded;
    return recorded;
  }

 private:
  static void record_and_throw(const sc_core::sc_report& report, const sc_core::sc_actions&) {
    if (report.get_severity() < sc_core::SC_ERROR) return;
    messages().push_back(std::string(report.get_msg_type()) + ": " + report.get_msg());
    if (throw_errors()) throw report;
  }
  static bool& throw_errors() {
    static bool throw_them = true;
    return throw_them;
  }
};

}  // namespace ssdtlm::testing
