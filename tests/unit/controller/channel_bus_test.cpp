// ChannelBus on its own: one holder, first-come first-served hand-over, busy time.
#include "models/controller/channel_bus.h"

#include <gtest/gtest.h>

#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm::testing {
namespace {

class ChannelBusTest : public SystemCTest {};

sc_core::sc_time ns(double value) { return sc_core::sc_time(value, sc_core::SC_NS); }

TEST_F(ChannelBusTest, GrantsWaitersInArrivalOrder) {
  ChannelBus bus(0, 4);
  EXPECT_TRUE(bus.request(7, ns(0)));
  EXPECT_FALSE(bus.request(3, ns(1)));
  EXPECT_FALSE(bus.request(5, ns(2)));
  EXPECT_EQ(bus.holder(), 7u);
  EXPECT_EQ(bus.waiting(), 2u);
  EXPECT_EQ(bus.release(ns(10)), 3u);
  EXPECT_EQ(bus.release(ns(15)), 5u);
  EXPECT_EQ(bus.release(ns(20)), ChannelBus::kNobody);
  EXPECT_FALSE(bus.busy());
  EXPECT_EQ(bus.tenures(), 3u);
}

TEST_F(ChannelBusTest, BusyTimeCountsHeldTimeIncludingTheCurrentTenure) {
  ChannelBus bus(1, 2);
  bus.request(0, ns(100));
  bus.release(ns(130));
  EXPECT_EQ(bus.busy_time(ns(500)), ns(30));
  bus.request(1, ns(500));
  EXPECT_EQ(bus.busy_time(ns(520)), ns(50));
}

TEST_F(ChannelBusTest, RingBufferWrapsAround) {
  ChannelBus bus(0, 2);
  bus.request(0, ns(0));
  for (ChannelBus::RequesterId next = 1; next < 10; ++next) {
    EXPECT_FALSE(bus.request(next, ns(next)));
    EXPECT_EQ(bus.release(ns(next)), next);
  }
}

}  // namespace
}  // namespace ssdtlm::testing
