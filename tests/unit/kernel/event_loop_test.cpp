// The platform's shared event loop (models/kernel/event_loop.h): same-time order across
// modules, deferred callbacks, and run-ahead that never lets anything outside the loop observe
// a time the kernel has not reached.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "models/kernel/event_loop.h"
#include "models/kernel/timed_callback_queue.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

using sc_core::SC_NS;
using sc_core::sc_time;

constexpr std::uint64_t kNs = 1000;  // ps

// A kernel process outside any loop: runs `probe` once at `at`.
class KernelProbe : public sc_core::sc_module {
 public:
  SC_HAS_PROCESS(KernelProbe);
  KernelProbe(sc_core::sc_module_name name, const sc_time& at, std::function<void()> probe)
      : sc_core::sc_module(name), probe_(std::move(probe)) {
    SC_METHOD(fire);
    sensitive << event_;
    dont_initialize();
    event_.notify(at);
  }

 private:
  void fire() { probe_(); }
  sc_core::sc_event event_;
  std::function<void()> probe_;
};

class EventLoopTest : public testing::SystemCTest {
 protected:
  void TearDown() override { EventLoop::set_run_ahead_enabled(true); }
};

TEST_F(EventLoopTest, SameTimeCallbacksOfDifferentQueuesRunInSchedulingOrder) {
  EventLoop loop("loop");
  const EventLoopScope scope(loop);
  TimedCallbackQueue a("a"), b("b");
  EXPECT_EQ(&a.loop(), &loop);
  EXPECT_EQ(&b.loop(), &loop);
  std::vector<std::string> order;
  a.schedule_at(sc_time(10, SC_NS), [&] { order.push_back("a1"); });
  b.schedule_at(sc_time(10, SC_NS), [&] { order.push_back("b1"); });
  a.schedule_at(sc_time(10, SC_NS), [&] { order.push_back("a2"); });
  b.schedule_at(sc_time(5, SC_NS), [&] { order.push_back("b0"); });
  run_kernel(nullptr);
  EXPECT_EQ(order, (std::vector<std::string>{"b0", "a1", "b1", "a2"}));
  EXPECT_EQ(sc_core::sc_time_stamp().value(), 10 * kNs);
}

TEST_F(EventLoopTest, DeferredCallbacksRunAfterEveryPlainCallbackDueNow) {
  TimedCallbackQueue queue("queue");
  std::vector<std::string> order;
  queue.schedule_at(sc_time(10, SC_NS), [&] {
    order.push_back("x");
    queue.defer([&] {
      order.push_back("deferred");
      queue.schedule_in_ps(0, [&] { order.push_back("plain from deferred"); });
      queue.defer([&] { order.push_back("deferred from deferred"); });
    });
    queue.schedule_in_ps(0, [&] { order.push_back("plain now"); });
  });
  queue.schedule_at(sc_time(10, SC_NS), [&] { order.push_back("z"); });
  queue.schedule_at(sc_time(11, SC_NS), [&] { order.push_back("later"); });
  run_kernel(nullptr);
  EXPECT_EQ(order, (std::vector<std::string>{"x", "z", "plain now", "deferred", "plain from deferred",
                                             "deferred from deferred", "later"}));
}

// Entries at 10, 20 and 30 ns, another kernel process at 25 ns. Returns what the probe saw.
struct RunAheadTrace {
  std::vector<std::uint64_t> loop_time_ps, kernel_time_ps;
  std::size_t done_at_probe = 0;
  std::uint64_t activations = 0, end_ps = 0;
};
RunAheadTrace run_three_entries_around_a_probe(bool run_ahead) {
  testing::fresh_kernel();
  EventLoop::set_run_ahead_enabled(run_ahead);
  TimedCallbackQueue queue("queue");
  RunAheadTrace trace;
  for (std::uint64_t t : {10, 20, 30}) {
    queue.schedule_at(sc_time(double(t), SC_NS), [&] {
      trace.loop_time_ps.push_back(sim_now_ps());
      trace.kernel_time_ps.push_back(sc_core::sc_time_stamp().value());
    });
  }
  KernelProbe probe("probe", sc_time(25, SC_NS), [&] { trace.done_at_probe = trace.loop_time_ps.size(); });
  run_kernel(nullptr);
  trace.activations = queue.loop().activations();
  trace.end_ps = sc_core::sc_time_stamp().value();
  return trace;
}

TEST_F(EventLoopTest, RunAheadStopsBeforeTheNextActivityOfAnotherProcess) {
  const RunAheadTrace ahead = run_three_entries_around_a_probe(true);
  const RunAheadTrace stepped = run_three_entries_around_a_probe(false);
  const std::vector<std::uint64_t> times{10 * kNs, 20 * kNs, 30 * kNs};
  EXPECT_EQ(ahead.loop_time_ps, times);
  EXPECT_EQ(stepped.loop_time_ps, times);
  // The probe at 25 ns sees exactly the entries before it, either way.
  EXPECT_EQ(ahead.done_at_probe, 2u);
  EXPECT_EQ(stepped.done_at_probe, 2u);
  // Run-ahead: woken at 10 ns, the loop ran 20 ns too (the kernel still at 10 ns: why model
  // code must not read sc_time_stamp()), then woke at 30 ns.
  EXPECT_EQ(ahead.kernel_time_ps, (std::vector<std::uint64_t>{10 * kNs, 10 * kNs, 30 * kNs}));
  EXPECT_EQ(ahead.activations, 2u);
  EXPECT_EQ(stepped.kernel_time_ps, times);
  EXPECT_EQ(stepped.activations, 3u);
  EXPECT_EQ(ahead.end_ps, 30 * kNs);
  EXPECT_EQ(stepped.end_ps, 30 * kNs);
}

TEST_F(EventLoopTest, RunAheadEndsWhereTheKernelTimeWouldAfterTheLastCallback) {
  TimedCallbackQueue queue("queue");
  queue.schedule_at(sc_time(10, SC_NS), [] {});
  queue.schedule_at(sc_time(70, SC_NS), [] {});
  run_kernel(nullptr);
  EXPECT_EQ(sc_core::sc_time_stamp().value(), 70 * kNs);
}

// sc_start(d): what is due exactly at the slice's end runs in the next slice, with and without
// run-ahead (the loop must agree with the kernel).
std::vector<std::uint64_t> run_in_two_slices(bool run_ahead) {
  testing::fresh_kernel();
  EventLoop::set_run_ahead_enabled(run_ahead);
  TimedCallbackQueue queue("queue");
  std::vector<std::uint64_t> ran_in_slice;  // per entry: 1 or 2
  int slice = 1;
  for (double t : {5.0, 8.0, 10.0, 12.0}) {
    queue.schedule_at(sc_time(t, SC_NS), [&] { ran_in_slice.push_back(slice); });
  }
  const sc_time ten(10, SC_NS);
  run_kernel(&ten, sc_core::SC_RUN_TO_TIME);
  EXPECT_EQ(sc_core::sc_time_stamp().value(), 10 * kNs);
  slice = 2;
  run_kernel(&ten, sc_core::SC_RUN_TO_TIME);
  return ran_in_slice;
}

TEST_F(EventLoopTest, RunAheadStopsAtTheEndOfTheKernelSlice) {
  const std::vector<std::uint64_t> stepped = run_in_two_slices(false);
  const std::vector<std::uint64_t> ahead = run_in_two_slices(true);
  EXPECT_EQ(stepped, (std::vector<std::uint64_t>{1, 1, 2, 2}));
  EXPECT_EQ(ahead, stepped);
}

TEST_F(EventLoopTest, StopSimulationEndsTheRunAtTheLoopsTime) {
  TimedCallbackQueue queue("queue");
  std::vector<std::uint64_t> ran;
  auto record = [&] { ran.push_back(sim_now_ps()); };
  queue.schedule_at(sc_time(10, SC_NS), record);
  queue.schedule_at(sc_time(20, SC_NS), [&] {
    record();
    stop_simulation();
  });
  queue.schedule_at(sc_time(20, SC_NS), record);  // same instant: still runs, as in a kernel delta
  queue.schedule_at(sc_time(30, SC_NS), record);  // never
  run_kernel(nullptr);
  EXPECT_EQ(ran, (std::vector<std::uint64_t>{10 * kNs, 20 * kNs, 20 * kNs}));
  EXPECT_EQ(sc_core::sc_time_stamp().value(), 20 * kNs);
  EXPECT_EQ(queue.loop().activations(), 2u);  // woken at 10 ns, ran ahead to 20 ns, woken at 20 ns to stop
}

TEST_F(EventLoopTest, PauseSimulationResumesWithTheNextEntry) {
  TimedCallbackQueue queue("queue");
  std::vector<std::uint64_t> ran;
  queue.schedule_at(sc_time(10, SC_NS), [] {});
  queue.schedule_at(sc_time(20, SC_NS), [&] {
    ran.push_back(sim_now_ps());
    pause_simulation();
  });
  queue.schedule_at(sc_time(30, SC_NS), [&] { ran.push_back(sim_now_ps()); });
  run_kernel(nullptr);
  EXPECT_EQ(ran, (std::vector<std::uint64_t>{20 * kNs}));
  EXPECT_EQ(sc_core::sc_time_stamp().value(), 20 * kNs);
  run_kernel(nullptr);
  EXPECT_EQ(ran, (std::vector<std::uint64_t>{20 * kNs, 30 * kNs}));
  EXPECT_EQ(sc_core::sc_time_stamp().value(), 30 * kNs);
}

TEST_F(EventLoopTest, SchedulingIntoAnotherLoopHoldsTheRunningLoopBackToThatTime) {
  TimedCallbackQueue a("a"), b("b");  // no scope: two loops
  ASSERT_NE(&a.loop(), &b.loop());
  std::vector<std::string> order;
  a.schedule_at(sc_time(10, SC_NS), [&] {
    order.push_back("a10");
    b.schedule_in(sc_time(5, SC_NS), [&] {
      order.push_back("b15");
      a.schedule_in(sc_time(1, SC_NS), [&] { order.push_back("a16"); });
    });
  });
  a.schedule_at(sc_time(20, SC_NS), [&] { order.push_back("a20"); });
  run_kernel(nullptr);
  EXPECT_EQ(order, (std::vector<std::string>{"a10", "b15", "a16", "a20"}));
  EXPECT_EQ(sc_core::sc_time_stamp().value(), 20 * kNs);
}

TEST_F(EventLoopTest, PlainSimulationStartRunsOneInstantPerWakeUp) {
  // A unit test's own sc_start (not run_kernel) gets no run-ahead: the kernel's time is the
  // loop's time in every callback.
  TimedCallbackQueue queue("queue");
  std::vector<std::uint64_t> kernel;
  for (double t : {10.0, 20.0}) queue.schedule_at(sc_time(t, SC_NS), [&] { kernel.push_back(sc_core::sc_time_stamp().value()); });
  sc_core::sc_start();
  EXPECT_EQ(kernel, (std::vector<std::uint64_t>{10 * kNs, 20 * kNs}));
  EXPECT_EQ(queue.loop().activations(), 2u);
}

}  // namespace
}  // namespace ssdtlm
