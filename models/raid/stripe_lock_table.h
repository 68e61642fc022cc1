#pragma once
// Stripe locks of the RAID controller: an operation holds every stripe it touches, shared for
// reads, exclusive for writes and rebuild steps, from planning to its last member write. That
// makes a parity update atomic with respect to other operations on the stripe (no
// interleaved read-modify-writes), keeps the device map of a stripe fixed while an operation
// uses it, and defines what "the data last written" is for data-mode checks.
//
// Waiters are granted in arrival order among those that overlap: a waiting operation blocks
// later ones on the same stripes (no writer starvation behind a stream of readers).
#include <cstdint>
#include <deque>
#include <functional>
#include <unordered_map>

namespace ssdtlm {

class StripeLockTable {
 public:
  using Grant = std::function<void()>;

  // Locks stripes [first, last]; runs `grant` now if possible (returns true) or once granted.
  bool acquire(std::uint64_t first, std::uint64_t last, bool exclusive, Grant grant);
  void release(std::uint64_t first, std::uint64_t last, bool exclusive);

  std::uint64_t waits() const { return waits_; }
  std::size_t held_stripes() const { return held_.size(); }
  std::size_t waiting() const { return waiting_.size(); }

 private:
  struct Hold {
    std::uint32_t readers = 0;
    bool writer = false;
  };
  struct Waiter {
    std::uint64_t first, last;
    bool exclusive;
    Grant grant;
  };
  bool compatible(std::uint64_t first, std::uint64_t last, bool exclusive) const;
  void take(std::uint64_t first, std::uint64_t last, bool exclusive);

  std::unordered_map<std::uint64_t, Hold> held_;
  std::deque<Waiter> waiting_;
  std::uint64_t waits_ = 0;
};

}  // namespace ssdtlm
