// HostWritePath (models/ftl/firmware/host_write_path.h) through its HostWriteFirmware interface,
// with a fake firmware and a small FtlCore: room in the write buffer (early acknowledgement,
// writes and trims waiting in arrival order), the write buffer's per-page order, the
// read-modify-write and sort-buffer detours, and writes held per unit while its GC runs.
#include "models/ftl/firmware/host_write_path.h"

#include <gtest/gtest.h>

#include <memory>
#include <utility>
#include <vector>

namespace ssdtlm {
namespace {

class FakeHostWriteFirmware final : public HostWriteFirmware {
 public:
  bool take_partial = true;  // read_rest_of_page starts a read
  int gc_level = 0;          // semi-preemptive GC state of every unit
  std::vector<Lpn> rest_read;
  std::vector<Lpn> staged;
  std::vector<UnitId> gc_started;
  std::vector<std::pair<Lpn, UnitId>> placed;
  std::vector<std::pair<tlm::tlm_generic_payload*, std::uint64_t>> answered;
  std::vector<Lpn> trims;

  bool read_rest_of_page(PendingWrite& write) override {
    write.partial = false;
    rest_read.push_back(write.lpn);
    return take_partial;
  }
  void stage_in_sort_buffer(const PendingWrite& write) override { staged.push_back(write.lpn); }
  void maybe_start_gc(UnitId unit) override { gc_started.push_back(unit); }
  int gc_state(UnitId) const override { return gc_level; }
  void place_host_write(const PendingWrite& write, UnitId unit) override {
    placed.emplace_back(write.lpn, unit);
  }
  void answer_host_after(tlm::tlm_generic_payload& gp, std::uint64_t delay_ns) override {
    answered.emplace_back(&gp, delay_ns);
  }
  void submit_trim(const PendingWrite& trim) override { trims.push_back(trim.lpn); }
};

class HostWritePathTest : public ::testing::Test {
 protected:
  void make_path(std::uint32_t buffer_pages) {
    FtlCoreConfig core_config;
    core_config.geometry.blocks_per_plane = 32;
    core_config.geometry.pages_per_block = 8;
    core_config.spare_factor = 0.25;
    core_ = std::make_unique<FtlCore>(core_config);
    config_.write_buffer_pages = buffer_pages;
    config_.write_buffer_access_ns = 250;
    buffer_ = std::make_unique<WriteBuffer>(buffer_pages);
    for (UnitId u = 0; u < core_->units(); ++u) {
      gc_jobs_.push_back(std::make_unique<GcJob>());
      gc_jobs_.back()->unit = u;
    }
    path_ = std::make_unique<HostWritePath>(*core_, config_, *buffer_, gc_jobs_, firmware_, stats_);
  }
  PendingWrite write_of(tlm::tlm_generic_payload* gp, Lpn lpn, bool partial = false) {
    return PendingWrite{gp, lpn, partial};
  }

  FtlCpuConfig config_;
  std::unique_ptr<FtlCore> core_;
  std::unique_ptr<WriteBuffer> buffer_;
  std::vector<std::unique_ptr<GcJob>> gc_jobs_;
  FakeHostWriteFirmware firmware_;
  FtlCpuStatistics stats_;
  std::unique_ptr<HostWritePath> path_;
  tlm::tlm_generic_payload gp_a_, gp_b_, gp_c_;
};

TEST_F(HostWritePathTest, WithoutABufferAWriteIsPlacedOnItsUnitAndAnsweredByTheFirmwareLater) {
  make_path(0);
  path_->admit(write_of(&gp_a_, 3));
  ASSERT_EQ(firmware_.placed.size(), 1u);
  EXPECT_EQ(firmware_.placed[0].first, 3u);
  EXPECT_EQ(firmware_.gc_started.size(), 1u);  // the unit's GC is considered before each placement
  EXPECT_TRUE(firmware_.answered.empty());
  EXPECT_TRUE(path_->idle());
}

TEST_F(HostWritePathTest, ABufferedWriteIsAcknowledgedEarlyAndAFullBufferHoldsWritesAndTrimsInOrder) {
  make_path(1);
  path_->admit(write_of(&gp_a_, 1));
  ASSERT_EQ(firmware_.answered.size(), 1u);
  EXPECT_EQ(firmware_.answered[0], std::make_pair(&gp_a_, std::uint64_t{250}));
  EXPECT_EQ(firmware_.placed.size(), 1u);

  path_->admit(write_of(&gp_b_, 2));  // the buffer is full
  PendingWrite trim = write_of(&gp_c_, 7);
  trim.kind = PendingKind::HostTrim;
  path_->admit_trim(trim);  // behind the waiting write
  EXPECT_EQ(firmware_.placed.size(), 1u);
  EXPECT_TRUE(firmware_.trims.empty());
  EXPECT_FALSE(path_->idle());

  path_->buffer_slot_freed();
  ASSERT_EQ(firmware_.answered.size(), 2u);
  EXPECT_EQ(firmware_.answered[1].first, &gp_b_);
  ASSERT_EQ(firmware_.placed.size(), 2u);
  EXPECT_EQ(firmware_.placed[1].first, 2u);
  EXPECT_EQ(firmware_.trims, std::vector<Lpn>{7});
  EXPECT_TRUE(path_->idle());
}

TEST_F(HostWritePathTest, ATrimWithNoWriteWaitingForRoomIsSubmittedAtOnce) {
  make_path(4);
  PendingWrite trim = write_of(&gp_a_, 9);
  trim.kind = PendingKind::HostTrim;
  path_->admit_trim(trim);
  EXPECT_EQ(firmware_.trims, std::vector<Lpn>{9});
}

TEST_F(HostWritePathTest, ALaterWriteOfAPageWaitsForTheEarlierOneWithABuffer) {
  make_path(4);
  PendingWrite first = write_of(nullptr, 5);
  first.host_event = 1;
  PendingWrite second = write_of(nullptr, 5);
  second.host_event = 2;
  EXPECT_FALSE(path_->wait_for_earlier_events(first));
  EXPECT_TRUE(path_->wait_for_earlier_events(second));
  PendingWrite checkpoint = write_of(nullptr, 5);
  checkpoint.kind = PendingKind::CheckpointPage;  // the firmware's own page: not ordered
  EXPECT_FALSE(path_->wait_for_earlier_events(checkpoint));
}

TEST_F(HostWritePathTest, APartialWriteReadsTheRestOfItsPageFirst) {
  make_path(0);
  path_->accept(write_of(&gp_a_, 4, true));
  EXPECT_EQ(firmware_.rest_read, std::vector<Lpn>{4});
  EXPECT_TRUE(firmware_.placed.empty());  // comes back once the read completes
  firmware_.take_partial = false;         // nothing to read: placed at once
  path_->accept(write_of(&gp_b_, 6, true));
  ASSERT_EQ(firmware_.placed.size(), 1u);
  EXPECT_EQ(firmware_.placed[0].first, 6u);
}

TEST_F(HostWritePathTest, WithASortBufferHostWritesAreStagedAndFirmwarePagesPlaced) {
  make_path(0);
  path_->set_sort_buffer(true);
  path_->accept(write_of(&gp_a_, 2));
  EXPECT_EQ(firmware_.staged, std::vector<Lpn>{2});
  PendingWrite entry = write_of(nullptr, 2);
  entry.kind = PendingKind::SortedEntry;
  path_->accept(entry);
  EXPECT_EQ(firmware_.placed.size(), 1u);
}

TEST_F(HostWritePathTest, ForegroundGcHoldsTheUnitsWritesInOrderUntilItEnds) {
  make_path(0);
  config_.foreground_gc = true;
  gc_jobs_[0]->cycle_active = true;
  path_->accept(write_of(&gp_a_, 1));
  path_->accept(write_of(&gp_b_, 2));
  EXPECT_TRUE(firmware_.placed.empty());
  EXPECT_EQ(stats_.host_writes_waited_for_gc, 2u);
  EXPECT_EQ(path_->waiting_writes(0).size(), 2u);
  EXPECT_TRUE(path_->writes_waiting(0));
  EXPECT_TRUE(path_->must_wait(0));
  path_->wake_waiting_writes(0);  // the cycle still runs
  EXPECT_TRUE(firmware_.placed.empty());
  gc_jobs_[0]->cycle_active = false;
  path_->wake_waiting_writes(0);
  ASSERT_EQ(firmware_.placed.size(), 2u);
  EXPECT_EQ(firmware_.placed[0].first, 1u);
  EXPECT_EQ(firmware_.placed[1].first, 2u);
  EXPECT_TRUE(path_->idle());
}

TEST_F(HostWritePathTest, TheSemiPreemptiveGcHoldsWritesFromLevelTwo) {
  make_path(0);
  config_.gc_preemption = FtlCpuConfig::GcPreemption::Semi;
  firmware_.gc_level = 1;  // writes preempt the GC
  path_->accept(write_of(&gp_a_, 1));
  EXPECT_EQ(firmware_.placed.size(), 1u);
  firmware_.gc_level = 2;
  path_->accept(write_of(&gp_b_, 2));
  EXPECT_EQ(firmware_.placed.size(), 1u);
  path_->wake_waiting_writes(0);
  EXPECT_EQ(firmware_.placed.size(), 1u);
  firmware_.gc_level = 0;
  path_->wake_waiting_writes(0);
  EXPECT_EQ(firmware_.placed.size(), 2u);
}

}  // namespace
}  // namespace ssdtlm
