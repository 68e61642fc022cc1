#pragma once
// "Call me back at simulated time T" for the modules of the timed shell: a handle onto the
// platform's shared EventLoop (event_loop.h), which runs every module's callbacks from one heap
// and one SC_METHOD. A queue constructed inside an EventLoopScope (SsdPlatform, RaidPlatform)
// joins that scope's loop; one constructed outside any scope (a unit test's module alone)
// gets a loop of its own, named as the queue was.
#include <cstdint>
#include <memory>

#include "models/common/event_loop.h"

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

  // Runs `callback` at absolute simulated time `at` (>= now).
  void schedule_at(const sc_core::sc_time& at, Callback callback) { loop_->schedule_at_ps(at.value(), std::move(callback)); }
  void schedule_in(const sc_core::sc_time& delay, Callback callback) {
    loop_->schedule_at_ps(sim_now_ps() + delay.value(), std::move(callback));
  }
  // schedule_in for a delay in ps (the time resolution), without building sc_time objects.
  void schedule_in_ps(std::uint64_t delay_ps, Callback callback) {
    loop_->schedule_at_ps(sim_now_ps() + delay_ps, std::move(callback));
  }
  // At the current time, after every callback due now (EventLoop::defer).
  void defer(Callback callback) { loop_->defer(std::move(callback)); }

  EventLoop& loop() { return *loop_; }

 private:
  EventLoop* loop_;
  std::unique_ptr<EventLoop> own_loop_;
};

}  // namespace ssdtlm
