#pragma once
// MeasurementWindow: when a run's measurement starts. Every workload's warm-up (the spec's
// ramp=, a fio job's ramp_time) comes first and is left out of every figure: host
// completions before the window's start are not recorded, and the platform takes its device
// counters (flash operations, GC, busy times) at the start and reports the differences.
//
// A warm-up ends at a time known in advance (ramp=200ms, ramp_time) or at the completion of its
// last request (ramp=N): the window starts when the last of them has ended. A completion counts
// when every warm-up has ended and it is at or after the start, so a completion at the very
// instant a counted warm-up ends, but recorded after it, counts.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

namespace ssdtlm {

class MeasurementWindow {
 public:
  // Before the run: a warm-up that ends at simulated time `end_ps`. Whoever adds it calls
  // reach(end_ps) at that time, so the window can open then.
  void add_timed_warmup(std::uint64_t end_ps) {
    start_ps_ = std::max(start_ps_, end_ps);
    has_warmup_ = true;
  }
  // Before the run: a warm-up whose end is an event (its last request's completion): end it
  // with end_counted_warmup().
  void add_counted_warmup() {
    ++pending_;
    has_warmup_ = true;
  }
  void end_counted_warmup(std::uint64_t now_ps);
  // A timed warm-up's end has come (now_ps >= its end).
  void reach(std::uint64_t now_ps) { open_if_due(now_ps); }

  // Whether a completion at `complete_ps`, recorded now, falls inside the window.
  bool measures(std::uint64_t complete_ps) const { return pending_ == 0 && complete_ps >= start_ps_; }
  bool has_warmup() const { return has_warmup_; }
  // The window has opened (its listeners ran); true from the start without a warm-up.
  bool opened() const { return opened_ || !has_warmup_; }
  // The window's start in ps (0 without a warm-up; before a counted warm-up has ended, the
  // latest timed end so far).
  std::uint64_t start_ps() const { return start_ps_; }
  // Runs once, at the instant the window opens (not at all without a warm-up).
  void on_open(std::function<void()> listener) { listeners_.push_back(std::move(listener)); }

 private:
  void open_if_due(std::uint64_t now_ps);

  std::uint64_t start_ps_ = 0;
  std::uint32_t pending_ = 0;  // counted warm-ups not yet ended
  bool has_warmup_ = false;
  bool opened_ = false;
  std::vector<std::function<void()>> listeners_;
};

}  // namespace ssdtlm
