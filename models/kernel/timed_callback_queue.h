#pragma once
// "Call me back at simulated time T" for the modules of the timed shell: a handle onto the
// platform's shared EventLoop (event_loop.h), which runs every module's callbacks from one heap
// and one SC_METHOD. A queue constructed inside an EventLoopScope (SsdPlatform, RaidPlatform)
// joins that scope's loop; one constructed outside any scope (a unit test's module alone)
// gets a loop of its own, named as the queue was.
#include <cstdint>
#include <memory>
#include <utility>

#include "models/kernel/event_loop.h"

namespace ssdtlm {

class TimedCallbackQueue {
 public:
  using Callback = EventLoop::Callback;

  explicit TimedCallbackQueue(const char* name, EventLoop::RunAhead run_ahead = EventLoop::RunAhead::Allowed) {
    loop_ = EventLoop::construction_scope();
    if (loop_ == nullptr) {
      own_loop_ = std::make_unique<EventLoop>(name, run_ahead);
      loop_ = own_loop_.get();
    }
  }
  TimedCallbackQueue(const TimedCallbackQueue&) = delete;
  TimedCallbackQueue& operator=(const TimedCallbackQueue&) = delete;

  // Runs `callback` (a Callback or any callable it can hold, built in the loop's slot) at
  // absolute simulated time `at` (>= now).
  template <typename F>
  void schedule_at(const sc_core::sc_time& at, F&& callback) {
    loop_->schedule_at_ps(at.value(), std::forward<F>(callback));
  }
  template <typename F>
  void schedule_in(const sc_core::sc_time& delay, F&& callback) {
    loop_->schedule_at_ps(sim_now_ps() + delay.value(), std::forward<F>(callback));
  }
  // schedule_in for a delay in ps (the time resolution), without building sc_time objects.
  template <typename F>
  void schedule_in_ps(std::uint64_t delay_ps, F&& callback) {
    loop_->schedule_at_ps(sim_now_ps() + delay_ps, std::forward<F>(callback));
  }
  // At the current time, after every callback due now (EventLoop::defer).
  template <typename F>
  void defer(F&& callback) {
    loop_->defer(std::forward<F>(callback));
  }

  EventLoop& loop() { return *loop_; }

 private:
  EventLoop* loop_;
  std::unique_ptr<EventLoop> own_loop_;
};

}  // namespace ssdtlm
