// Stripe locks: shared readers, exclusive writers, grants in arrival order among overlaps.
#include <gtest/gtest.h>

#include <vector>

#include "models/raid/stripe_lock_table.h"

namespace ssdtlm {
namespace {

TEST(StripeLockTable, ReadersShareWritersExclude) {
  StripeLockTable locks;
  std::vector<int> granted;
  EXPECT_TRUE(locks.acquire(0, 3, false, [&] { granted.push_back(1); }));
  EXPECT_TRUE(locks.acquire(2, 5, false, [&] { granted.push_back(2); }));
  EXPECT_FALSE(locks.acquire(3, 3, true, [&] { granted.push_back(3); }));
  EXPECT_TRUE(locks.acquire(10, 12, true, [&] { granted.push_back(4); }));  // disjoint
  locks.release(0, 3, false);
  EXPECT_EQ(granted, (std::vector<int>{1, 2, 4}));  // reader 2 still holds stripe 3
  locks.release(2, 5, false);
  EXPECT_EQ(granted, (std::vector<int>{1, 2, 4, 3}));
  EXPECT_EQ(locks.waits(), 1u);
}

TEST(StripeLockTable, AWaitingWriterHoldsBackLaterReaders) {
  StripeLockTable locks;
  std::vector<int> granted;
  locks.acquire(0, 0, false, [&] { granted.push_back(1); });
  locks.acquire(0, 0, true, [&] { granted.push_back(2); });   // waits for reader 1
  locks.acquire(0, 0, false, [&] { granted.push_back(3); });  // would be compatible, but queues
  EXPECT_EQ(granted, (std::vector<int>{1}));
  locks.release(0, 0, false);
  EXPECT_EQ(granted, (std::vector<int>{1, 2}));
  locks.release(0, 0, true);
  EXPECT_EQ(granted, (std::vector<int>{1, 2, 3}));
  locks.release(0, 0, false);
  EXPECT_EQ(locks.held_stripes(), 0u);
}

}  // namespace
}  // namespace ssdtlm
