// Ctrl-C (models/kernel/run_interrupt.h): the event loop ends the run with the instant in which
// the interrupt was requested; nothing scheduled later runs.
#include <gtest/gtest.h>

#include <vector>

#include "models/kernel/event_loop.h"
#include "models/kernel/run_interrupt.h"
#include "models/kernel/timed_callback_queue.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

using sc_core::SC_NS;
using sc_core::sc_time;

class RunInterruptTest : public testing::SystemCTest {
 protected:
  void TearDown() override { clear_run_interrupt(); }
};

TEST_F(RunInterruptTest, TheLoopStopsAfterTheInstantOfTheRequest) {
  EventLoop loop("loop");
  const EventLoopScope scope(loop);
  TimedCallbackQueue queue("queue");
  std::vector<std::uint64_t> ran_ns;
  // A tick every 10 ns for 1 ms; the interrupt comes at 50 ns, a second callback of that instant
  // still runs, and nothing after it.
  for (std::uint64_t t = 10; t <= 1'000'000; t += 10) {
    queue.schedule_at(sc_time(double(t), SC_NS), [&ran_ns, t] { ran_ns.push_back(t); });
  }
  queue.schedule_at(sc_time(50, SC_NS), [] { request_run_interrupt(); });
  queue.schedule_at(sc_time(50, SC_NS), [&ran_ns] { ran_ns.push_back(50'000); });
  run_kernel(nullptr);
  EXPECT_EQ(ran_ns, (std::vector<std::uint64_t>{10, 20, 30, 40, 50, 50'000}));
  EXPECT_EQ(sc_core::sc_time_stamp(), sc_time(50, SC_NS));
}

TEST_F(RunInterruptTest, WithoutARequestTheRunGoesToItsEnd) {
  EventLoop loop("loop");
  const EventLoopScope scope(loop);
  TimedCallbackQueue queue("queue");
  int ran = 0;
  for (int t = 1; t <= 100; ++t) queue.schedule_at(sc_time(double(t), SC_NS), [&ran] { ++ran; });
  run_kernel(nullptr);
  EXPECT_EQ(ran, 100);
  EXPECT_EQ(sc_core::sc_time_stamp(), sc_time(100, SC_NS));
}

}  // namespace
}  // namespace ssdtlm
