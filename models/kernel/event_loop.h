#pragma once
// EventLoop: one timed event loop shared by every module of a platform (docs/architecture.md,
// "The simulation kernel: one event loop"). One queue of (time in ps, sequence, slot) callbacks, one SC_METHOD, one
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

#include "models/kernel/loop_callback.h"

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
    Slot* const slot = acquire_slot();
    slot->callback.assign_empty(std::forward<F>(callback));
    if (running_ != this) {
      enqueue_from_outside(at_ps, kPlain, entry_of(slot));
    } else if (at_ps == now_ps_) {
      now_fifo_.push(entry_of(slot));
    } else {
      insert_sorted(at_ps, kPlain, entry_of(slot));
    }
  }
  // Relay entry: runs `callback` at `at_ps`, passing through the instants `hops_ps[0..hop_count)`
  // (non-decreasing, hops_ps[0] >= sim_now_ps(), the last <= at_ps). At each hop the loop runs no
  // code: it takes the entry off and re-inserts it for the next hop (or `at_ps`) with the sequence
  // it draws at that moment, exactly as a callback running there would schedule it. So the
  // callback gets the place among simultaneous entries at `at_ps` that a chain of callbacks, one
  // per hop each scheduling the next, would have given it (a pop and a push per hop, no callback).
  // Kept in the loop's API for one user, FlashController's relayed step tails
  // (flash_controller_relay.cpp): an uncontended operation's remaining Array and Bus step ends
  // pass through as hops, so that the controller's completion keeps the place among
  // simultaneous entries that one callback per step end would have given it. At most
  // kMaxRelayHops hops.
  static constexpr std::size_t kMaxRelayHops = 4;
  template <typename F>
  void schedule_relayed_ps(const std::uint64_t* hops_ps, std::size_t hop_count, std::uint64_t at_ps, F&& callback) {
    if (hop_count == 0) {
      schedule_at_ps(at_ps, std::forward<F>(callback));
      return;
    }
    Slot* const slot = acquire_slot();
    slot->callback.assign_empty(std::forward<F>(callback));
    set_route(*slot, hops_ps, hop_count, at_ps);
    if (running_ != this) {
      enqueue_from_outside(hops_ps[0], kPlain, entry_of(slot) | kRelayTag);
    } else if (hops_ps[0] == now_ps_) {
      now_fifo_.push(entry_of(slot) | kRelayTag);
    } else {
      insert_sorted(hops_ps[0], kPlain, entry_of(slot) | kRelayTag);
    }
  }
  // Runs `callback` at the current time, after every plain callback due at this time (including
  // those scheduled for now later on); deferred callbacks run among themselves in order.
  template <typename F>
  void defer(F&& callback) {
    Slot* const slot = acquire_slot();
    slot->callback.assign_empty(std::forward<F>(callback));
    if (running_ == this) {
      deferred_fifo_.push(entry_of(slot));
    } else {
      enqueue_deferred(entry_of(slot));
    }
  }

  // The loop whose callback is running (nullptr outside callbacks).
  static EventLoop* running() { return running_; }
  std::uint64_t now_ps() const { return now_ps_; }
  // now_ps() as an sc_time, built once per instant: model code asks for the time a hundred
  // times per host I/O. Built by copying the value in, because sc_time::from_value is an
  // out-of-line library call and an sc_time is its value in ps (static_assert below) once the
  // kernel has fixed the resolution, which it has before any loop runs.
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
  void request_stop(StopKind kind) {
    stop_requested_ = kind;
    has_stop_request_ = true;
    limit_ps_ = 0;  // stops advancing (the run's one check per instant)
  }

  // Process-wide switch, for tests that compare a run with and without run-ahead.
  static void set_run_ahead_enabled(bool enabled) { run_ahead_enabled_ = enabled; }
  static bool run_ahead_enabled() { return run_ahead_enabled_; }

  // Statistics of this loop, for the performance figures (docs/performance.md). Relay hops are
  // not callbacks: relays_run() counts them.
  std::uint64_t activations() const { return activations_; }
  std::uint64_t callbacks_run() const { return callbacks_run_; }
  std::uint64_t relays_run() const { return relays_run_; }
  // Entries in the time-ordered queue (not counting the current instant's FIFOs).
  std::size_t queued_entries() const { return queued_; }

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

  // What a queue or FIFO entry names: its slot's address, with kRelayTag set for a relay entry
  // on its way (the slot's route says where it goes next). Slots are aligned, so the tag bit is free.
  using Entry = std::uintptr_t;
  static constexpr Entry kRelayTag = 1;
  // Where a relay entry goes after each hop: hop i re-inserts it for next_ps[i]; the last
  // re-insertion (for the callback's own time) drops the relay tag.
  struct RelayRoute {
    std::uint64_t next_ps[kMaxRelayHops];
    std::uint8_t taken;
    std::uint8_t count;
  };
  // A scheduled callback and, for a relay entry, its route. Slots live in chunks that never move,
  // so a callback runs in place even when it schedules more entries (which may add chunks).
  struct Slot {
    LoopCallback callback;
    RelayRoute route;
    Slot* next_free;  // the free list, while the slot is free
  };
  static constexpr std::size_t kChunkSlots = 64;
  static Entry entry_of(Slot* slot) { return reinterpret_cast<Entry>(slot); }
  static Slot* slot_of(Entry entry) { return reinterpret_cast<Slot*>(entry & ~kRelayTag); }

  // A queued entry, 24 bytes: the time, a word that orders entries of the same time (kDeferredBit:
  // deferred callbacks sort after plain ones; then the scheduling sequence, 63 bits, which never
  // runs out), and the entry. (time, order) is compared as one 128-bit value.
  struct Key {
    std::uint64_t at_ps;
    std::uint64_t order;
    Entry entry;
    bool deferred() const { return (order & kDeferredBit) != 0; }
    // (time, order) as one 128-bit value: one compare per key.
    __extension__ typedef unsigned __int128 Value;  // NOLINT: GCC/Clang extension
    bool earlier_than(const Key& other) const {
      return ((Value{at_ps} << 64) | order) < ((Value{other.at_ps} << 64) | other.order);
    }
  };
  static constexpr std::uint64_t kPlain = 0;
  static constexpr std::uint64_t kDeferredBit = std::uint64_t{1} << 63;
  static constexpr std::uint64_t kNever = ~std::uint64_t{0};
  static constexpr std::size_t kLinearQueue = 16;  // longer queues are searched by bisection

  // A FIFO of entries for the current instant, consumed from `head`. It starts over from the
  // beginning of `items` whenever it runs empty, so "empty" is one test and the end of an
  // instant (where both FIFOs are empty) has nothing to reset.
  struct EntryFifo {
    std::unique_ptr<Entry[]> items;
    std::uint32_t head = 0;
    std::uint32_t tail = 0;
    std::uint32_t capacity = 0;
    void push(Entry entry) {
      if (tail == capacity) grow();
      items[tail++] = entry;
    }
    bool empty() const { return tail == 0; }
    Entry pop() {
      const Entry entry = items[head++];
      if (head == tail) head = tail = 0;
      return entry;
    }
    void grow();
  };

  Slot* acquire_slot() {
    Slot* const slot = free_slots_;
    if (slot == nullptr) return new_slot();
    free_slots_ = slot->next_free;
    return slot;
  }
  void release_slot(Slot* slot) {
    slot->next_free = free_slots_;
    free_slots_ = slot;
  }
  Slot* new_slot();
  // Into the queue from outside this loop's callbacks, arming the kernel wake-up if needed.
  // `kind` is kPlain or kDeferredBit.
  void enqueue_from_outside(std::uint64_t at_ps, std::uint64_t kind, Entry entry);
  void enqueue_deferred(Entry entry);  // at sim_now_ps(), from outside this loop's callbacks
  static void set_route(Slot& slot, const std::uint64_t* hops_ps, std::size_t hop_count, std::uint64_t at_ps) {
    sc_assert(hop_count <= kMaxRelayHops);
    RelayRoute& route = slot.route;
    for (std::size_t i = 1; i < hop_count; ++i) route.next_ps[i - 1] = hops_ps[i];
    route.next_ps[hop_count - 1] = at_ps;
    route.taken = 0;
    route.count = static_cast<std::uint8_t>(hop_count);
  }
  // A relay entry's hop at the current instant: re-inserts it for its next time.
  void relay(Entry tagged);
  // Into the time-ordered queue, with the next sequence (the running loop arms its wake-up when
  // its pass ends). The queue is sorted, earliest (time, order) last (event_loop.cpp says why).
  // The common case is inline (~a third of an out-of-line call's cost is the call): a short
  // queue with room, scanned from its earliest end.
  void insert_sorted(std::uint64_t at_ps, std::uint64_t kind, Entry entry) {
    std::size_t position = queued_;  // where the key goes: after every later entry
    if (position == key_capacity_ || position > kLinearQueue) {
      insert_sorted_by_bisection(at_ps, kind, entry);
      return;
    }
    const Key key{at_ps, kind | next_sequence_++, entry};
    Key* const queue = keys_.get();
    queued_ = position + 1;
    while (position > 0 && queue[position - 1].earlier_than(key)) {
      queue[position] = queue[position - 1];
      --position;
    }
    queue[position] = key;
  }
  // insert_sorted for a full or long queue: grows it, then bisects.
  void insert_sorted_by_bisection(std::uint64_t at_ps, std::uint64_t kind, Entry entry);
  void grow_queue();
  void run();
  void arm(std::uint64_t at_ps);
  std::uint64_t run_ahead_limit_ps(std::uint64_t kernel_now_ps) const;

  sc_core::sc_event wakeup_;
  // The queue: keys_[0..queued_), latest first, the earliest entry at keys_[queued_ - 1].
  std::unique_ptr<Key[]> keys_;
  std::size_t queued_ = 0;
  std::size_t key_capacity_ = 0;
  std::vector<std::unique_ptr<Slot[]>> chunks_;
  std::size_t slot_count_ = 0;
  Slot* free_slots_ = nullptr;
  // Entries scheduled by this loop's callbacks for the instant it is running, in scheduling
  // order: plain ones, and deferred ones.
  EntryFifo now_fifo_;
  EntryFifo deferred_fifo_;
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
