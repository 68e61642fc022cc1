#pragma once
// The bookkeeping behind a host flush: commands get arrival numbers 1, 2, 3, ... in the order
// they arrive and are marked done in any order (durable, or answered); a flush waits until
// every number up to the last one that arrived before it is done. Used by the FTL CPU (writes
// and trims until durable) and the RAID controller (host operations until answered).
//
// O(1) amortized per command and no allocation per command: one flag per number from the
// lowest open one on (a deque), and the waiting flushes in the order they were registered.
#include <cstdint>
#include <deque>
#include <utility>

namespace ssdtlm {

template <typename Waiter>
class FlushBarrier {
 public:
  // A new command's number.
  std::uint64_t arrive() {
    done_flags_.push_back(0);
    return ++last_arrival_;
  }
  std::uint64_t last_arrival() const { return last_arrival_; }

  // Every command numbered up to `number` is done.
  bool done_through(std::uint64_t number) const { return lowest_open_ > number; }

  // Waits for done_through(number). Waiters must come in non-decreasing `number` (both users
  // register in arrival order), so only the front one can be the next to go.
  void wait_for(std::uint64_t number, Waiter waiter) { waiting_.emplace_back(number, std::move(waiter)); }
  bool has_waiting() const { return !waiting_.empty(); }

  // Marks `number` done and hands every waiter it released to `release`, oldest first.
  template <typename Release>
  void done(std::uint64_t number, Release&& release) {
    done_flags_[number - lowest_open_] = 1;
    while (!done_flags_.empty() && done_flags_.front() != 0) {
      done_flags_.pop_front();
      ++lowest_open_;
    }
    while (!waiting_.empty() && done_through(waiting_.front().first)) {
      Waiter waiter = std::move(waiting_.front().second);
      waiting_.pop_front();
      release(waiter);
    }
  }

 private:
  std::uint64_t last_arrival_ = 0;
  std::uint64_t lowest_open_ = 1;     // the lowest number not done yet
  std::deque<std::uint8_t> done_flags_;  // [i]: whether lowest_open_ + i is done
  std::deque<std::pair<std::uint64_t, Waiter>> waiting_;
};

}  // namespace ssdtlm
