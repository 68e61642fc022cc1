#pragma once
// "Call me back at simulated time T" for the modules of the timed shell. One SC_METHOD and one
// sc_event per owner, a min-heap of pending callbacks: a scheduled step costs one heap push and,
// only when it becomes the earliest, one event notification (DESIGN.md: ~80 ns per method
// activation here versus ~190 ns per thread wait). Ties run in scheduling order, so results
// do not depend on heap internals.
#include <cstdint>
#include <functional>
#include <queue>
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
    const bool earliest = heap_.empty() || at < heap_.top().at;
    heap_.push(Entry{at, sequence_++, std::move(callback)});
    if (earliest) wakeup_.notify(at - sc_core::sc_time_stamp());
  }
  void schedule_in(const sc_core::sc_time& delay, Callback callback) {
    schedule_at(sc_core::sc_time_stamp() + delay, std::move(callback));
  }
  bool empty() const { return heap_.empty(); }

 private:
  struct Entry {
    sc_core::sc_time at;
    std::uint64_t sequence;
    Callback callback;
  };
  struct Later {
    bool operator()(const Entry& a, const Entry& b) const {
      return a.at != b.at ? a.at > b.at : a.sequence > b.sequence;
    }
  };

  void run_due() {
    const sc_core::sc_time now = sc_core::sc_time_stamp();
    while (!heap_.empty() && heap_.top().at <= now) {
      // Move the callback out before popping: it may schedule more entries.
      Callback callback = std::move(const_cast<Entry&>(heap_.top()).callback);
      heap_.pop();
      callback();
    }
    if (!heap_.empty()) wakeup_.notify(heap_.top().at - now);
  }

  sc_core::sc_event wakeup_;
  std::priority_queue<Entry, std::vector<Entry>, Later> heap_;
  std::uint64_t sequence_ = 0;
};

}  // namespace ssdtlm
