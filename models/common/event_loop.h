#pragma once
// EventLoop: one timed event loop shared by every module of a platform (docs/performance.md,
// "The event path"). One queue of (time in ps, sequence, slot) callbacks, one SC_METHOD, one
// sc_event: the SystemC kernel wakes the loop, not each module.
//
// Ordering: callbacks at the same time run in scheduling order, whatever module scheduled
// them; a deferred callback (defer()) runs at the current time after every plain callback
// due then (the controller's dispatch: everything the FTL issued at this instant is queued
// before it picks). Deterministic by construction, independent of the kernel's queue order.
// Entries a running callback schedules for the current instant (plain or deferred) skip the
// time-ordered queue: they go to one of two FIFOs, which give exactly the queue's order
// (everything queued for the current instant was scheduled before the instant began, so before
// them).
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
#include <cstring>
#include <memory>
#include <utility>
#include <vector>

#include <systemc>

#include "models/common/loop_callback.h"

namespace ssdtlm {

class EventLoop : public sc_core::sc_module {
 public:
  using Callback = LoopCallback;
  enum class RunAhead { Allowed, Off };

  explicit EventLoop(sc_core::sc_module_name name, RunAhead run_ahead = RunAhead::Allowed);

  // Runs `callback` (a Callback or any callable it can hold) at absolute time `at_ps`
  // (>= sim_now_ps()).
  template <typename F>
  void schedule_at_ps(std::uint64_t at_ps, F&& callback) {
    const std::uint32_t slot = acquire_slot();
    slot_at(slot).assign(std::forward<F>(callback));
    if (running_ == this && at_ps == now_ps_) {
      now_fifo_.push_back(slot);
    } else {
      enqueue(at_ps, /*deferred=*/false, slot);
    }
  }
  // Runs `callback` at the current time, after every plain callback due at this time (including
  // those scheduled for now later on); deferred callbacks run among themselves in order.
  template <typename F>
  void defer(F&& callback) {
    const std::uint32_t slot = acquire_slot();
    slot_at(slot).assign(std::forward<F>(callback));
    if (running_ == this) {
      deferred_fifo_.push_back(slot);
    } else {
      enqueue_deferred(slot);
    }
  }

  // The loop whose callback is running (nullptr outside callbacks).
  static EventLoop* running() { return running_; }
  std::uint64_t now_ps() const { return now_ps_; }
  // now_ps() as an sc_time, built once per instant: model code asks for the time a hundred
  // times per host I/O. Built by copying the value in: sc_time::from_value is an out-of-line
  // library call (~25 instructions, once per instant, 2 % of bench (a)), and an sc_time is its
  // value in ps (static_assert below) once the kernel has fixed the resolution, which it has
  // before any loop runs.
  const sc_core::sc_time& now() const {
    if (now_time_ps_ != now_ps_) {
      static_assert(sizeof(sc_core::sc_time) == sizeof(std::uint64_t), "sc_time is one 64-bit value");
      std::memcpy(static_cast<void*>(&now_time_), &now_ps_, sizeof now_ps_);
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

  // Tests: renumber the queue's sequences after `limit` entries instead of 2^31.
  void set_sequence_limit_for_test(std::uint64_t limit) { sequence_limit_ = limit; }

  // Statistics of this loop, for the performance figures (docs/performance.md).
  std::uint64_t activations() const { return activations_; }
  std::uint64_t callbacks_run() const { return callbacks_run_; }

 private:
  friend class EventLoopScope;
  friend void run_kernel(const sc_core::sc_time* duration, sc_core::sc_starvation_policy policy);

  // A queued entry, 16 bytes: the time, and a word that orders entries of the same time and
  // names the callback's slot: kDeferredBit (deferred callbacks sort after plain ones), then the
  // scheduling sequence (31 bits, renumbered when it runs out), then the slot (32 bits).
  struct Key {
    std::uint64_t order;
    std::uint64_t at_ps;
    std::uint32_t slot() const { return static_cast<std::uint32_t>(order); }
    bool deferred() const { return (order & kDeferredBit) != 0; }
  };
  static constexpr std::uint64_t kDeferredBit = std::uint64_t{1} << 63;
  static constexpr std::uint64_t kSequenceLimit = std::uint64_t{1} << 31;
  static constexpr std::uint64_t kNever = ~std::uint64_t{0};
  // Callbacks live in chunks that never move, so a callback runs in place even when it
  // schedules more entries (which may add chunks).
  static constexpr std::uint32_t kChunkSlots = 64;

  LoopCallback& slot_at(std::uint32_t slot) { return chunks_[slot / kChunkSlots][slot % kChunkSlots]; }
  std::uint32_t acquire_slot() {
    if (!free_slots_.empty()) {
      const std::uint32_t slot = free_slots_.back();
      free_slots_.pop_back();
      return slot;
    }
    return new_slot();
  }
  std::uint32_t new_slot();
  // Into the queue (not the running loop's current instant), arming the kernel wake-up if needed.
  void enqueue(std::uint64_t at_ps, bool deferred, std::uint32_t slot);
  // Gives the pending entries sequences 0..n-1 in their order (same order, room for new ones).
  void renumber_sequences();
  void enqueue_deferred(std::uint32_t slot);  // at sim_now_ps(), from outside this loop's callbacks
  // The time-ordered queue: sorted, earliest (time, order) last (event_loop.cpp says why).
  void insert_sorted(const Key& key);
  void pop_earliest();
  void run();
  void arm(std::uint64_t at_ps);
  std::uint64_t run_ahead_limit_ps(std::uint64_t kernel_now_ps) const;

  sc_core::sc_event wakeup_;
  std::vector<Key> pending_;  // sorted, latest first: the earliest entry is pending_.back()
  std::vector<std::unique_ptr<LoopCallback[]>> chunks_;
  std::uint32_t slot_count_ = 0;
  std::vector<std::uint32_t> free_slots_;
  // Slots scheduled by this loop's callbacks for the instant it is running, in scheduling order:
  // plain ones, and deferred ones. Consumed from *_head_; emptied when the instant ends.
  std::vector<std::uint32_t> now_fifo_;
  std::size_t now_head_ = 0;
  std::vector<std::uint32_t> deferred_fifo_;
  std::size_t deferred_head_ = 0;
  std::uint64_t next_sequence_ = 0;
  std::uint64_t sequence_limit_ = kSequenceLimit;
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
