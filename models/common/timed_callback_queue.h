#pragma once
// "Call me back at simulated time T" for the modules of the timed shell. One SC_METHOD and one
// sc_event per owner, a min-heap of pending callbacks: a scheduled step costs one heap push and,
// only when it becomes the earliest, one event notification (DESIGN.md: ~80 ns per method
// activation here versus ~190 ns per thread wait). Ties run in scheduling order, so results
// do not depend on heap internals.
//
// Layout, for speed (docs/performance.md): the heap holds 24-byte trivially copyable keys
// (time in ps, sequence number, slot), the callbacks stay put in a slot table reused through a
// free list, so sifting moves no std::function and a steady run allocates nothing here.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

#include <systemc>

namespace ssdtlm {

class TimedCallbackQueue : public sc_core::sc_module {
 public:
  using Callback = std::function<void()>;

  explicit TimedCallbackQueue(sc_core::sc_module_name name) : sc_core::sc_module(name) {
    SC_HAS_PROCESS(TimedCallbackQueue);
    SC_METHOD(run_due);
    sensitive << wakeup_;
    dont_initialize();
  }

  // Runs `callback` at absolute simulated time `at` (>= now).
  void schedule_at(const sc_core::sc_time& at, Callback callback) {
    if (push(at.value(), std::move(callback))) wakeup_.notify(at - sc_core::sc_time_stamp());
  }
  void schedule_in(const sc_core::sc_time& delay, Callback callback) {
    schedule_at(sc_core::sc_time_stamp() + delay, std::move(callback));
  }
  // schedule_in for a delay in ps (the time resolution): the same entry and notification,
  // without building sc_time objects (sc_time::from_value is an out-of-line library call)
  // unless the event has to be notified.
  void schedule_in_ps(std::uint64_t delay_ps, Callback callback) {
    if (push(sc_core::sc_time_stamp().value() + delay_ps, std::move(callback))) {
      wakeup_.notify(sc_core::sc_time::from_value(delay_ps));
    }
  }
  bool empty() const { return heap_.empty(); }

 private:
  struct Key {
    std::uint64_t at_ps;
    std::uint64_t sequence;
    std::uint32_t slot;
  };
  struct Later {
    bool operator()(const Key& a, const Key& b) const {
      return a.at_ps != b.at_ps ? a.at_ps > b.at_ps : a.sequence > b.sequence;
    }
  };

  // Adds an entry; true when it is now the earliest (the event must be notified for it).
  bool push(std::uint64_t at_ps, Callback&& callback) {
    const bool earliest = heap_.empty() || at_ps < heap_.front().at_ps;
    std::uint32_t slot;
    if (free_slots_.empty()) {
      slot = static_cast<std::uint32_t>(slots_.size());
      slots_.push_back(std::move(callback));
    } else {
      slot = free_slots_.back();
      free_slots_.pop_back();
      slots_[slot] = std::move(callback);
    }
    heap_.push_back(Key{at_ps, sequence_++, slot});
    std::push_heap(heap_.begin(), heap_.end(), Later{});
    return earliest;
  }

  void run_due() {
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    const std::uint64_t now_ps = now.value();
    while (!heap_.empty() && heap_.front().at_ps <= now_ps) {
      const std::uint32_t slot = heap_.front().slot;
      std::pop_heap(heap_.begin(), heap_.end(), Later{});
      heap_.pop_back();
      // Move the callback out before running it: it may schedule more entries (and so grow
      // the slot table or reuse this slot).
      Callback callback = std::move(slots_[slot]);
      free_slots_.push_back(slot);
      callback();
    }
    if (!heap_.empty()) wakeup_.notify(sc_core::sc_time::from_value(heap_.front().at_ps - now_ps));
  }

  sc_core::sc_event wakeup_;
  std::vector<Key> heap_;
  std::vector<Callback> slots_;
  std::vector<std::uint32_t> free_slots_;
  std::uint64_t sequence_ = 0;
};

}  // namespace ssdtlm
