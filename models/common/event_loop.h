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
  // Relay entry: runs `callback` at `at_ps`, passing through the instants `hops_ps[0..hop_count)`
  // (non-decreasing, hops_ps[0] >= sim_now_ps(), the last <= at_ps). At each hop the loop runs no
  // code: it takes the entry off and re-inserts it for the next hop (or `at_ps`) with the sequence
  // it draws at that moment, exactly as a callback running there would schedule it. So the
  // callback gets the place among simultaneous entries at `at_ps` that a chain of callbacks, one
  // per hop each scheduling the next, would have given it (a pop and a push per hop, no callback:
  // FlashController's uncontended step tails, docs/performance.md "Session 7 (event loop and
  // step machinery)"). At most kMaxRelayHops hops.
  static constexpr std::size_t kMaxRelayHops = 4;
  template <typename F>
  void schedule_relayed_ps(const std::uint64_t* hops_ps, std::size_t hop_count, std::uint64_t at_ps, F&& callback) {
    if (hop_count == 0) {
      schedule_at_ps(at_ps, std::forward<F>(callback));
      return;
    }
    const std::uint32_t slot = acquire_slot();
    slot_at(slot).assign(std::forward<F>(callback));
    set_route(slot, hops_ps, hop_count, at_ps);
    if (running_ == this && hops_ps[0] == now_ps_) {
      now_fifo_.push_back(slot | kRelayBit);
    } else {
      enqueue(hops_ps[0], /*deferred=*/false, slot | kRelayBit);
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

  // Statistics of this loop, for the performance figures (docs/performance.md). Relay hops are
  // not callbacks: relays_run() counts them.
  std::uint64_t activations() const { return activations_; }
  std::uint64_t callbacks_run() const { return callbacks_run_; }
  std::uint64_t relays_run() const { return relays_run_; }

  // Modules that schedule deferred entries (defer()) register here for their lifetime: a
  // module that is the only one deferring on its loop may leave out a deferred entry whose
  // absence reorders nothing (FlashController's dispatch by completion), which two such modules
  // on one loop (RaidPlatform's members) may not, as their deferred entries are ordered by
  // creation.
  void add_deferring_module() { ++deferring_modules_; }
  void remove_deferring_module() { --deferring_modules_; }
  int deferring_modules() const { return deferring_modules_; }

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
  // Marks a slot number (in a key or a FIFO) as a relay entry's: the slot's route says where it
  // goes next. Slot numbers stay below it.
  static constexpr std::uint32_t kRelayBit = std::uint32_t{1} << 31;
  // Where a relay entry goes after each hop: hop i re-inserts it for next_ps[i]; the last
  // re-insertion (for the callback's own time) drops the relay mark.
  struct RelayRoute {
    std::uint64_t next_ps[kMaxRelayHops];
    std::uint8_t taken;
    std::uint8_t count;
  };
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
  void set_route(std::uint32_t slot, const std::uint64_t* hops_ps, std::size_t hop_count, std::uint64_t at_ps) {
    sc_assert(hop_count <= kMaxRelayHops);
    RelayRoute& route = routes_[slot];
    for (std::size_t i = 1; i < hop_count; ++i) route.next_ps[i - 1] = hops_ps[i];
    route.next_ps[hop_count - 1] = at_ps;
    route.taken = 0;
    route.count = static_cast<std::uint8_t>(hop_count);
  }
  // A relay entry's hop at the current instant: re-inserts it for its next time (`tagged` is its
  // slot with kRelayBit).
  void relay(std::uint32_t tagged);
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
  std::vector<RelayRoute> routes_;  // by slot, for relay entries (one per slot)
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
  std::uint64_t relays_run_ = 0;
  int deferring_modules_ = 0;

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
