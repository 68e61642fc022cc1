// ProgramTracker (models/ftl/firmware/program_tracker.h) through its ProgramTrackerFirmware
// interface, with a fake firmware that records what the tracker asks of it: a block drains only
// when it is closed and its last program in flight completes, and a read of a page whose program
// is in flight waits for that program.
#include "models/ftl/firmware/program_tracker.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace ssdtlm {
namespace {

class FakeProgramFirmware final : public ProgramTrackerFirmware {
 public:
  std::vector<BlockId> drained;
  std::vector<tlm::tlm_generic_payload*> retried;
  std::vector<std::string> events;  // drains and retries in the order they came

  void block_drained(BlockId block) override {
    drained.push_back(block);
    events.push_back("drained " + std::to_string(block));
  }
  void retry_host_read(tlm::tlm_generic_payload& gp) override {
    retried.push_back(&gp);
    events.push_back("read");
  }
};

FlashGeometry small_geometry() {
  FlashGeometry geometry;
  geometry.pages_per_block = 4;
  geometry.blocks_per_plane = 40;  // more than 64 pages: the bitmap spans several words
  return geometry;
}

class ProgramTrackerTest : public ::testing::Test {
 protected:
  FlashGeometry geometry_ = small_geometry();  // before the tracker, which sizes its tables by it
  FakeProgramFirmware firmware_;
  ProgramTracker tracker_{geometry_, firmware_};
  tlm::tlm_generic_payload read_a_, read_b_;
};

TEST_F(ProgramTrackerTest, ABlockDrainsWhenItsLastPageIsAllocatedAndItsLastProgramCompletes) {
  for (Ppn ppn = 4; ppn < 8; ++ppn) tracker_.issued(ppn);  // block 1, its last page closes it
  EXPECT_EQ(tracker_.programs_in_flight(1), 4u);
  tracker_.completed(7);  // the last page first: programs of the block are still in flight
  tracker_.completed(5);
  tracker_.completed(6);
  EXPECT_TRUE(firmware_.drained.empty());
  tracker_.completed(4);
  EXPECT_EQ(firmware_.drained, std::vector<BlockId>{1});
  EXPECT_EQ(tracker_.programs_in_flight(1), 0u);
}

TEST_F(ProgramTrackerTest, AnOpenBlockDoesNotDrain) {
  tracker_.issued(8);
  tracker_.issued(9);
  tracker_.completed(8);
  tracker_.completed(9);
  EXPECT_TRUE(firmware_.drained.empty());  // pages 10 and 11 are still to be allocated
}

TEST_F(ProgramTrackerTest, ABlockClosedEarlyDrainsWithItsProgramsInFlightAndAReopenedOneDoesNot) {
  tracker_.issued(12);
  tracker_.issued(13);
  tracker_.close_block(3);  // a program into it failed: nothing more is allocated in it
  tracker_.completed(12);
  EXPECT_TRUE(firmware_.drained.empty());
  tracker_.completed(13);
  EXPECT_EQ(firmware_.drained, std::vector<BlockId>{3});

  tracker_.reopen_block(3);  // erased: written from its first page again
  tracker_.issued(12);
  tracker_.completed(12);
  EXPECT_EQ(firmware_.drained.size(), 1u);
}

TEST_F(ProgramTrackerTest, AReadOfAPageInFlightWaitsForItsProgramThenIsServed) {
  tracker_.issued(63);
  tracker_.issued(64);  // next word of the bitmap
  EXPECT_TRUE(tracker_.in_flight(63));
  EXPECT_TRUE(tracker_.in_flight(64));
  EXPECT_FALSE(tracker_.in_flight(62));
  EXPECT_FALSE(tracker_.in_flight(65));
  tracker_.hold_read(64, read_a_);
  tracker_.hold_read(64, read_b_);
  tracker_.completed(63);  // another page's program: the reads still wait
  EXPECT_TRUE(firmware_.retried.empty());
  EXPECT_FALSE(tracker_.in_flight(63));
  EXPECT_TRUE(tracker_.in_flight(64));
  tracker_.completed(64);
  EXPECT_FALSE(tracker_.in_flight(64));
  EXPECT_EQ(firmware_.retried, (std::vector<tlm::tlm_generic_payload*>{&read_a_, &read_b_}));
  tracker_.issued(64);  // programmed again later: nothing waits any more
  tracker_.completed(64);
  EXPECT_EQ(firmware_.retried.size(), 2u);
}

TEST_F(ProgramTrackerTest, TheBlockDrainsBeforeTheReadsThatWaitedForItsLastProgramAreServed) {
  for (Ppn ppn = 16; ppn < 20; ++ppn) tracker_.issued(ppn);
  for (Ppn ppn = 16; ppn < 19; ++ppn) tracker_.completed(ppn);
  tracker_.hold_read(19, read_a_);
  tracker_.completed(19);
  EXPECT_EQ(firmware_.events, (std::vector<std::string>{"drained 4", "read"}));
}

}  // namespace
}  // namespace ssdtlm
