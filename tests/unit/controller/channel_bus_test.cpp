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

TEST_F(ChannelBusTest, PicosecondInterfaceKeepsTheSameBusyTimeAndOrder) {
  // The controller's hot path uses the ps overloads: the same tenure and hand-over rules.
  ChannelBus bus(2, 3);
  EXPECT_TRUE(bus.request(4, std::uint64_t{1000}));
  EXPECT_FALSE(bus.request(9, std::uint64_t{1500}));
  EXPECT_EQ(bus.busy_time_ps(2500), 1500u);  // the running tenure up to now
  EXPECT_EQ(bus.release(std::uint64_t{3000}), 9u);  // hand-over: held on without a gap
  EXPECT_EQ(bus.busy_time_ps(3200), 2200u);
  EXPECT_EQ(bus.release(std::uint64_t{4000}), ChannelBus::kNobody);
  EXPECT_EQ(bus.busy_time_ps(9000), 3000u);
  EXPECT_EQ(bus.busy_time(sc_core::sc_time(9, sc_core::SC_NS)), sc_core::sc_time(3, sc_core::SC_NS));
  EXPECT_EQ(bus.tenures(), 2u);
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
