// DurabilityTracker (models/ftl/firmware/durability_tracker.h) through its DurabilityFirmware
// interface, with a fake firmware that records what the tracker asks of it: flushes wait for
// the host events that arrived before them, trims are applied at once or ride in trim-table
// pages (power.enabled), and pinned copies hold a GC erase back.
#include "models/ftl/firmware/durability_tracker.h"

#include <gtest/gtest.h>

#include <memory>
#include <unordered_map>
#include <vector>

namespace ssdtlm {
namespace {

class FakeFirmware final : public DurabilityFirmware {
 public:
  std::vector<tlm::tlm_generic_payload*> answered;
  std::vector<Lpn> unmapped;
  std::vector<Lpn> applied_in_order;
  std::vector<Lpn> sequenced;
  std::vector<std::uint32_t> table_writes;
  std::vector<GcJob*> erased;
  std::unordered_map<Lpn, Ppn> mapped;  // the copy a trim replaces
  std::uint32_t entries_per_table_page = 8;

  void answer_host(tlm::tlm_generic_payload& gp) override { answered.push_back(&gp); }
  Ppn unmap_trimmed(Lpn lpn) override {
    unmapped.push_back(lpn);
    const auto found = mapped.find(lpn);
    if (found == mapped.end()) return kInvalidPpn;
    const Ppn ppn = found->second;
    mapped.erase(found);
    return ppn;
  }
  void trim_applied_in_order(Lpn lpn) override { applied_in_order.push_back(lpn); }
  std::uint32_t trim_table_page_of(Lpn host_lpn) const override {
    return static_cast<std::uint32_t>(host_lpn / entries_per_table_page);
  }
  void record_trim_sequence(Lpn host_lpn) override { sequenced.push_back(host_lpn); }
  void write_trim_table_page(std::uint32_t table_page) override { table_writes.push_back(table_page); }
  void erase_victim(GcJob& job) override { erased.push_back(&job); }
};

class DurabilityTrackerTest : public ::testing::Test {
 protected:
  DurabilityTrackerTest() {
    geometry_.pages_per_block = 4;
    geometry_.blocks_per_plane = 8;
    tracker_ = std::make_unique<DurabilityTracker>(geometry_, firmware_, stats_);
  }

  PendingWrite trim_of(tlm::tlm_generic_payload& gp, Lpn lpn) {
    PendingWrite trim{&gp, lpn, false};
    trim.kind = PendingKind::HostTrim;
    trim.host_event = tracker_->new_host_event();
    return trim;
  }

  FlashGeometry geometry_;
  FakeFirmware firmware_;
  FtlCpuStatistics stats_;
  std::unique_ptr<DurabilityTracker> tracker_;
  tlm::tlm_generic_payload flush_, trim_a_, trim_b_;
};

TEST_F(DurabilityTrackerTest, AFlushWithNothingBeforeItIsAnsweredAtOnce) {
  tracker_->host_flush(flush_);
  ASSERT_EQ(firmware_.answered.size(), 1u);
  EXPECT_EQ(firmware_.answered[0], &flush_);
  EXPECT_EQ(stats_.host_flushes, 1u);
  EXPECT_EQ(stats_.flushes_waited, 0u);
  EXPECT_TRUE(tracker_->idle());
}

TEST_F(DurabilityTrackerTest, AFlushWaitsForEveryEventThatArrivedBeforeIt) {
  const std::uint64_t first = tracker_->new_host_event();
  const std::uint64_t second = tracker_->new_host_event();
  tracker_->host_flush(flush_);
  const std::uint64_t after = tracker_->new_host_event();  // arrived after the flush: not waited for
  EXPECT_EQ(stats_.flushes_waited, 1u);
  EXPECT_FALSE(tracker_->idle());
  tracker_->host_event_done(second);
  EXPECT_TRUE(firmware_.answered.empty());
  tracker_->host_event_done(first);
  ASSERT_EQ(firmware_.answered.size(), 1u);
  EXPECT_EQ(firmware_.answered[0], &flush_);
  EXPECT_TRUE(tracker_->idle());
  tracker_->host_event_done(after);
  EXPECT_EQ(firmware_.answered.size(), 1u);
}

TEST_F(DurabilityTrackerTest, EventsAreUnnumberedWhenTheSortBufferAnswersFlushes) {
  tracker_->set_events_numbered(false);
  EXPECT_EQ(tracker_->new_host_event(), 0u);
  tracker_->host_event_done(0);  // nothing to mark
  EXPECT_TRUE(tracker_->idle());
}

TEST_F(DurabilityTrackerTest, WithoutPowerModellingATrimIsAppliedAndAnsweredAtOnce) {
  PendingWrite trim = trim_of(trim_a_, 5);
  trim.ordered = true;
  tracker_->host_flush(flush_);  // waits for the trim
  tracker_->submit_trim(trim);
  EXPECT_EQ(firmware_.unmapped, std::vector<Lpn>{5});
  ASSERT_EQ(firmware_.answered.size(), 2u);
  EXPECT_EQ(firmware_.answered[0], &trim_a_);
  EXPECT_EQ(firmware_.answered[1], &flush_);  // the trim was durable at once
  EXPECT_EQ(firmware_.applied_in_order, std::vector<Lpn>{5});
  EXPECT_TRUE(firmware_.table_writes.empty());
}

TEST_F(DurabilityTrackerTest, TrimsRideInOneTrimTablePageWriteAtATime) {
  tracker_->set_power_loss_modelled(true);
  firmware_.mapped[3] = 9;  // block 2 (4 pages a block)
  PendingWrite first = trim_of(trim_a_, 3);
  PendingWrite second = trim_of(trim_b_, 4);  // same table page (8 entries a page)
  second.ordered = true;
  tracker_->submit_trim(first);
  EXPECT_EQ(firmware_.table_writes, std::vector<std::uint32_t>{0});
  tracker_->table_page_placed(0);  // the first trim is applied and rides in this write
  EXPECT_EQ(firmware_.unmapped, std::vector<Lpn>{3});
  EXPECT_EQ(firmware_.sequenced, std::vector<Lpn>{3});
  tracker_->submit_trim(second);  // waits for the next write of table page 0
  EXPECT_EQ(firmware_.table_writes.size(), 1u);
  tracker_->table_page_issued(0);
  EXPECT_TRUE(firmware_.applied_in_order.empty());  // the first trim was not ordered
  EXPECT_TRUE(firmware_.answered.empty());
  EXPECT_FALSE(tracker_->idle());

  // The replaced copy is pinned: an erase of its block waits until the trim is durable.
  GcJob job;
  job.plan.victim = 2;
  EXPECT_TRUE(tracker_->erase_must_wait(job));
  EXPECT_EQ(stats_.erases_waited_for_durability, 1u);

  tracker_->table_page_written(0);
  EXPECT_EQ(stats_.trim_table_writes, 1u);
  EXPECT_EQ(firmware_.erased, std::vector<GcJob*>{&job});
  EXPECT_EQ(firmware_.answered, std::vector<tlm::tlm_generic_payload*>{&trim_a_});
  EXPECT_EQ(firmware_.table_writes, (std::vector<std::uint32_t>{0, 0}));  // the second trim's write

  tracker_->table_page_placed(0);
  tracker_->table_page_issued(0);
  EXPECT_EQ(firmware_.applied_in_order, std::vector<Lpn>{4});
  tracker_->table_page_written(0);
  EXPECT_EQ(firmware_.answered, (std::vector<tlm::tlm_generic_payload*>{&trim_a_, &trim_b_}));
  EXPECT_TRUE(tracker_->idle());
}

TEST_F(DurabilityTrackerTest, AnEraseWaitsUntilEveryPinOfItsBlockIsReleased) {
  tracker_->set_power_loss_modelled(true);
  GcJob job;
  job.plan.victim = 1;
  EXPECT_FALSE(tracker_->erase_must_wait(job));  // nothing pinned
  tracker_->pin(4);  // block 1
  tracker_->pin(7);  // block 1
  ASSERT_TRUE(tracker_->erase_must_wait(job));
  EXPECT_FALSE(tracker_->idle());
  tracker_->unpin(4);
  EXPECT_TRUE(firmware_.erased.empty());
  tracker_->unpin(7);
  EXPECT_EQ(firmware_.erased, std::vector<GcJob*>{&job});
  EXPECT_TRUE(tracker_->idle());
}

TEST_F(DurabilityTrackerTest, WithoutPowerModellingNoEraseWaits) {
  GcJob job;
  job.plan.victim = 0;
  EXPECT_FALSE(tracker_->erase_must_wait(job));
  EXPECT_EQ(stats_.erases_waited_for_durability, 0u);
}

}  // namespace
}  // namespace ssdtlm
