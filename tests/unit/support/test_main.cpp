// Every binary that links Debian's libsystemc must provide sc_main (the library's own main()
// calls it). Tests run inside it; a report handler turns SystemC warnings and errors into
// test failures instead of silent log lines or aborts.
#include <gtest/gtest.h>
#include <systemc>

#include "tests/unit/support/systemc_fixture.h"

extern "C" int sc_main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  ssdtlm::testing::install_failing_report_handler();
  return RUN_ALL_TESTS();
}
