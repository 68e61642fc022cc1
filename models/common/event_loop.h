#pragma once
// EventLoop: one timed event loop shared by every module of a platform (docs/performance.md,
// "The event path"). One heap of (time in ps, sequence, slot) callbacks, one SC_METHOD, one
// sc_event: the SystemC kernel wakes the loop, not each module.
//
// Ordering: callbacks at the same time run in scheduling order, whatever module scheduled
// them; a deferred callback (defer()) runs at the current time after every plain callback
// due then (the controller's dispatch: everything the FTL issued at this instant is queued
// before it picks). Deterministic by construction, independent of the kernel's queue order.
//
// Run-ahead (exact temporal decoupling): once woken at kernel time T, the loop keeps running
// its own callbacks in time order up to, excluding, the next time at which anything else in
// the kernel can run (sc_time_to_pending_activity) and the end of the current run_kernel()
// slice. Nothing outside the loop can observe or change its modules in between, so every
// simulated time stays exact. The rules that make it so:
//   * model code reads time through sim_now()/sim_now_ps() (the loop's time while it runs),
//     never sc_time_stamp(), which lags behind during run-ahead (tests/unit/common/
//     event_loop_audit_test.cpp checks the sources);
//   * scheduling into another loop lowers the running loop's limit to that entry's time;
//   * the run ends through stop_simulation()/pause_simulation(), which the loop carries out at
//     the loop's time (it wakes itself there first), so sc_time_stamp() after sc_start() is
//     the time of the stop, as without run-ahead;
//   * model code notifies no kernel sc_event from a callback (the audit test checks that too).
// Run-ahead is allowed only inside run_kernel() (a plain sc_start() from a unit test runs the
// loop one instant at a time) and can be switched off with SSDTLM_RUN_AHEAD=0 in the
// environment (a debugging aid: outputs must be byte-identical either way).
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include <systemc>

namespace ssdtlm {

class EventLoop : public sc_core::sc_module {
 public:
  using Callback = std::function<void()>;
  enum class RunAhead { Allowed, Off };

  explicit EventLoop(sc_core::sc_module_name name, RunAhead run_ahead = RunAhead::Allowed);

  // Runs `callback` at absolute time `at_ps` (>= sim_now_ps()).
  void schedule_at_ps(std::uint64_t at_ps, Callback callback) {
    push(at_ps, next_sequence_++, std::move(callback));
  }
  // Runs `callback` at the current time, after every plain callback due at this time (including
  // those scheduled for now later on); deferred callbacks run among themselves in order.
  void defer(Callback callback);

  // The loop whose callback is running (nullptr outside callbacks).
  static EventLoop* running() { return running_; }
  std::uint64_t now_ps() const { return now_ps_; }
  // now_ps() as an sc_time, built once per instant: sc_time::from_value is an out-of-line
  // library call, and model code asks for the time a hundred times per host I/O.
  const sc_core::sc_time& now() const {
    if (now_time_ps_ != now_ps_) {
      now_time_ = sc_core::sc_time::from_value(now_ps_);
      now_time_ps_ = now_ps_;
    }
    return now_time_;
  }

  // The loop that TimedCallbackQueues constructed now attach to (EventLoopScope).
  static EventLoop* construction_scope() { return scope_; }

  // Ends the run at the current simulated time (sc_stop / sc_pause, see the header comment).
  enum class StopKind { Stop, Pause };
  void request_stop(StopKind kind) { stop_requested_ = kind; has_stop_request_ = true; }

  // Process-wide switch, for tests that compare a run with and without run-ahead.
  static void set_run_ahead_enabled(bool enabled) { run_ahead_enabled_ = enabled; }
  static bool run_ahead_enabled() { return run_ahead_enabled_; }

  // Statistics of this loop, for the performance figures (docs/performance.md).
  std::uint64_t activations() const { return activations_; }
  std::uint64_t callbacks_run() const { return callbacks_run_; }

 private:
  friend class EventLoopScope;
  friend void run_kernel(const sc_core::sc_time* duration, sc_core::sc_starvation_policy policy);

  struct Key {
    std::uint64_t at_ps;
    std::uint64_t sequence;  // kDeferredBit set for deferred callbacks: they sort after plain ones
    std::uint32_t slot;
  };
  static constexpr std::uint64_t kDeferredBit = std::uint64_t{1} << 63;
  static constexpr std::uint64_t kNever = ~std::uint64_t{0};

  void push(std::uint64_t at_ps, std::uint64_t sequence, Callback&& callback);
  void run();
  void arm(std::uint64_t at_ps);
  std::uint64_t run_ahead_limit_ps(std::uint64_t kernel_now_ps) const;

  sc_core::sc_event wakeup_;
  std::vector<Key> heap_;
  std::vector<Callback> slots_;
  std::vector<std::uint32_t> free_slots_;
  std::uint64_t next_sequence_ = 0;
  std::uint64_t now_ps_ = 0;
  mutable sc_core::sc_time now_time_;  // now(): the sc_time of now_time_ps_
  mutable std::uint64_t now_time_ps_ = 0;
  std::uint64_t limit_ps_ = 0;        // exclusive, while running
  std::uint64_t armed_at_ps_ = kNever;  // the kernel notification pending for wakeup_
  const bool run_ahead_;
  bool has_stop_request_ = false;
  StopKind stop_requested_ = StopKind::Stop;
  bool stop_on_wake_ = false;
  std::uint64_t activations_ = 0;
  std::uint64_t callbacks_run_ = 0;

  static inline EventLoop* running_ = nullptr;
  static inline EventLoop* scope_ = nullptr;
  static inline bool run_ahead_enabled_ = true;
  // The current run_kernel() slice: its kernel context and its end (exclusive, in ps).
  static inline const sc_core::sc_simcontext* slice_context_ = nullptr;
  static inline std::uint64_t slice_end_ps_ = 0;
};

// Modules constructed while a scope is open share its loop (SsdPlatform, RaidPlatform).
class EventLoopScope {
 public:
  explicit EventLoopScope(EventLoop& loop) : previous_(EventLoop::scope_) { EventLoop::scope_ = &loop; }
  ~EventLoopScope() { EventLoop::scope_ = previous_; }
  EventLoopScope(const EventLoopScope&) = delete;
  EventLoopScope& operator=(const EventLoopScope&) = delete;

 private:
  EventLoop* previous_;
};

// The simulated time as model code must read it: the running loop's time inside its callbacks
// (ahead of the kernel during run-ahead), the kernel's time elsewhere.
inline std::uint64_t sim_now_ps() {
  const EventLoop* loop = EventLoop::running();
  return loop != nullptr ? loop->now_ps() : sc_core::sc_time_stamp().value();
}
inline sc_core::sc_time sim_now() {
  const EventLoop* loop = EventLoop::running();
  return loop != nullptr ? loop->now() : sc_core::sc_time_stamp();
}

// sc_stop() / sc_pause() at the current simulated time (run-ahead aware).
void stop_simulation();
void pause_simulation();

// sc_start(*duration, policy) (nullptr: sc_start()) with run-ahead allowed up to the slice's end.
void run_kernel(const sc_core::sc_time* duration,
                sc_core::sc_starvation_policy policy = sc_core::SC_EXIT_ON_STARVATION);

}  // namespace ssdtlm
