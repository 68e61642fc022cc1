// The write buffer's bookkeeping: slots, the content of programs in flight, and the per-page
// arrival order of acknowledged writes and trims (a later event waits for the earlier one; reads
// of the page wait until none is left).
#include <gtest/gtest.h>

#include <vector>

#include "models/ftl/firmware/write_buffer.h"

namespace ssdtlm {
namespace {

PendingWrite write_of(Lpn lpn, std::uint64_t host_event) {
  PendingWrite write{nullptr, lpn, false};
  write.host_event = host_event;
  return write;
}

TEST(WriteBuffer, CountsSlotsUpToItsCapacity) {
  WriteBuffer buffer(2);
  EXPECT_TRUE(buffer.enabled());
  EXPECT_FALSE(buffer.full());
  buffer.take_slot();
  buffer.take_slot();
  EXPECT_TRUE(buffer.full());
  EXPECT_EQ(buffer.slots_used(), 2u);
  buffer.free_slot();
  EXPECT_FALSE(buffer.full());
  EXPECT_FALSE(WriteBuffer(0).enabled());
}

TEST(WriteBuffer, ServesThePageOfAProgramInFlightUntilItCompletes) {
  WriteBuffer buffer(4);
  std::uint64_t tag = 0;
  EXPECT_FALSE(buffer.in_flight_tag(17, tag));
  buffer.program_issued(17, 0xabc);
  ASSERT_TRUE(buffer.in_flight_tag(17, tag));
  EXPECT_EQ(tag, 0xabcu);
  buffer.program_completed(17);
  EXPECT_FALSE(buffer.in_flight_tag(17, tag));
}

TEST(WriteBuffer, AppliesTheEventsOfAPageInArrivalOrder) {
  WriteBuffer buffer(4);
  PendingWrite first = write_of(5, 1);
  PendingWrite second = write_of(5, 2);
  PendingWrite trim = write_of(5, 3);
  trim.kind = PendingKind::HostTrim;
  PendingWrite other_page = write_of(6, 4);
  EXPECT_FALSE(buffer.wait_for_earlier_events(first));  // the page's first event goes at once
  EXPECT_TRUE(first.ordered);
  EXPECT_TRUE(buffer.wait_for_earlier_events(second));
  EXPECT_TRUE(buffer.wait_for_earlier_events(trim));
  EXPECT_FALSE(buffer.wait_for_earlier_events(other_page));  // other pages are not ordered behind it
  EXPECT_TRUE(buffer.has_pending_events(5));
  EXPECT_TRUE(buffer.holds_events_or_reads());

  tlm::tlm_generic_payload read;
  buffer.hold_read(5, read);
  PendingWrite next{nullptr, kInvalidLpn, false};
  std::vector<tlm::tlm_generic_payload*> reads;
  ASSERT_TRUE(buffer.event_applied(5, next, reads));
  EXPECT_EQ(next.host_event, 2u);
  ASSERT_TRUE(buffer.event_applied(5, next, reads));
  EXPECT_EQ(next.host_event, 3u);
  EXPECT_EQ(next.kind, PendingKind::HostTrim);
  EXPECT_TRUE(reads.empty());  // the read waits for the last event of its page
  EXPECT_FALSE(buffer.event_applied(5, next, reads));
  ASSERT_EQ(reads.size(), 1u);
  EXPECT_EQ(reads[0], &read);
  EXPECT_FALSE(buffer.has_pending_events(5));
  EXPECT_TRUE(buffer.has_pending_events(6));
  EXPECT_FALSE(buffer.event_applied(6, next, reads));
  EXPECT_FALSE(buffer.holds_events_or_reads());
}

}  // namespace
}  // namespace ssdtlm
