// FlushBarrier: a waiter goes only when every number up to its own is done, whatever order
// the commands finish in, and waiters go oldest first.
#include "models/common/flush_barrier.h"

#include <vector>

#include <gtest/gtest.h>

namespace ssdtlm {
namespace {

TEST(FlushBarrierTest, WaiterGoesWhenEveryEarlierNumberIsDoneInAnyOrder) {
  FlushBarrier<int> barrier;
  std::vector<int> released;
  const auto release = [&](int waiter) { released.push_back(waiter); };
  EXPECT_TRUE(barrier.done_through(barrier.last_arrival()));  // nothing arrived yet
  const std::uint64_t a = barrier.arrive(), b = barrier.arrive();
  barrier.wait_for(barrier.last_arrival(), 1);  // waits for a and b
  const std::uint64_t c = barrier.arrive();
  barrier.wait_for(barrier.last_arrival(), 2);  // waits for a, b and c
  EXPECT_TRUE(barrier.has_waiting());

  barrier.done(b, release);  // a still open
  barrier.done(c, release);
  EXPECT_TRUE(released.empty());
  EXPECT_FALSE(barrier.done_through(a));
  barrier.done(a, release);  // a, b, c now done: both go, oldest first
  EXPECT_EQ(released, (std::vector<int>{1, 2}));
  EXPECT_TRUE(barrier.done_through(c));
  EXPECT_FALSE(barrier.has_waiting());
}

TEST(FlushBarrierTest, LaterArrivalsDoNotHoldAnEarlierWaiter) {
  FlushBarrier<int> barrier;
  std::vector<int> released;
  const auto release = [&](int waiter) { released.push_back(waiter); };
  const std::uint64_t a = barrier.arrive();
  barrier.wait_for(a, 7);
  const std::uint64_t later = barrier.arrive();
  barrier.done(a, release);
  EXPECT_EQ(released, (std::vector<int>{7}));
  EXPECT_FALSE(barrier.done_through(later));
}

}  // namespace
}  // namespace ssdtlm
