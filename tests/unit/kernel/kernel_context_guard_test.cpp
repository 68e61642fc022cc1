// KernelContextGuard and ScopedKernelContext (models/kernel/kernel_context_guard.h): a context is
// current inside the scope, the previous one is current again after it, and a scoped context's
// modules elaborate and run in it.
#include "models/kernel/kernel_context_guard.h"

#include <gtest/gtest.h>

#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

struct Ticker : sc_core::sc_module {
  int ticks = 0;
  explicit Ticker(sc_core::sc_module_name name) : sc_core::sc_module(name) { SC_METHOD(tick); }
  void tick() {
    if (++ticks < 3) next_trigger(sc_core::sc_time(1, sc_core::SC_NS));
  }
  SC_HAS_PROCESS(Ticker);
};

TEST(KernelContextGuardTest, TheContextIsCurrentInsideTheScopeOnly) {
  testing::fresh_kernel();
  sc_core::sc_simcontext* const outer = sc_core::sc_curr_simcontext;
  sc_core::sc_simcontext other;
  {
    const KernelContextGuard guard(&other);
    EXPECT_EQ(sc_core::sc_curr_simcontext, &other);
    EXPECT_EQ(sc_core::sc_default_global_context, &other);
  }
  EXPECT_EQ(sc_core::sc_curr_simcontext, outer);
  EXPECT_EQ(sc_core::sc_default_global_context, outer);
}

TEST(KernelContextGuardTest, AScopedContextRunsItsModulesAndLeavesThePreviousOneCurrent) {
  testing::fresh_kernel();
  sc_core::sc_simcontext* const outer = sc_core::sc_curr_simcontext;
  for (int run = 0; run < 2; ++run) {  // a second scope starts from a fresh kernel again
    const ScopedKernelContext kernel;
    EXPECT_NE(sc_core::sc_curr_simcontext, outer);
    Ticker ticker("ticker");  // the same name in each run: each is its own kernel
    sc_core::sc_start();
    EXPECT_EQ(ticker.ticks, 3);
    EXPECT_EQ(sc_core::sc_time_stamp(), sc_core::sc_time(2, sc_core::SC_NS));
  }
  EXPECT_EQ(sc_core::sc_curr_simcontext, outer);
  EXPECT_EQ(sc_core::sc_default_global_context, outer);
}

}  // namespace
}  // namespace ssdtlm
