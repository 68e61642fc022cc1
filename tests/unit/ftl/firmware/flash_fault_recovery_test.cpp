// FlashFaultRecovery (models/ftl/firmware/flash_fault_recovery.h) through its FaultFirmware
// interface, with a small FtlCore, a real ProgramTracker and a fake firmware that records what
// the recovery asks of it: a failed program is driven again to another page and its command
// completes only then, a block with a failed program is retired once its programs have drained,
// failed erases retire the victim, uncorrectable reads answer with an error or lose the page.
#include "models/ftl/firmware/flash_fault_recovery.h"

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace ssdtlm {
namespace {

class FakeFaultFirmware final : public FaultFirmware, public ProgramTrackerFirmware {
 public:
  ProgramTracker* programs = nullptr;
  FlashFaultRecovery* recovery = nullptr;
  std::vector<std::string> events;
  std::vector<std::pair<FlashTransaction*, Ppn>> reissued;
  std::vector<Ppn> completed;
  std::vector<BlockId> sealed;
  std::vector<BlockId> retirements;
  std::vector<tlm::tlm_generic_payload*> errors;
  std::vector<Lpn> writes;
  std::vector<GcJob*> victims_done;
  std::vector<GcJob*> written_back;

  // FaultFirmware
  void answer_host_with_error(tlm::tlm_generic_payload& gp) override { errors.push_back(&gp); }
  void reissue_program(FlashTransaction& txn, Ppn target) override {
    events.push_back("reissue");
    reissued.emplace_back(&txn, target);
    programs->issued(target);
  }
  void program_completed(Ppn ppn) override {
    events.push_back("completed");
    completed.push_back(ppn);
    programs->completed(ppn);
  }
  void accept_write(const PendingWrite& write) override { writes.push_back(write.lpn); }
  void victim_done(GcJob& job) override { victims_done.push_back(&job); }
  void write_back_buffered(GcJob& job) override { written_back.push_back(&job); }
  // ProgramTrackerFirmware: FtlCpu's rule, a drained block is sealed unless it is to be retired.
  void block_drained(BlockId block) override {
    if (recovery->retire_when_drained(block)) {
      retirements.push_back(block);
    } else {
      sealed.push_back(block);
    }
  }
  void retry_host_read(tlm::tlm_generic_payload&) override {}
};

class FlashFaultRecoveryTest : public ::testing::Test {
 protected:
  FlashFaultRecoveryTest() {
    FtlCoreConfig core_config;
    core_config.geometry.blocks_per_plane = 32;
    core_config.geometry.pages_per_block = 8;
    core_config.spare_factor = 0.25;
    core_ = std::make_unique<FtlCore>(core_config);
    programs_ = std::make_unique<ProgramTracker>(core_->geometry(), firmware_);
    recovery_ = std::make_unique<FlashFaultRecovery>(*core_, *programs_, firmware_, stats_);
    firmware_.programs = programs_.get();
    firmware_.recovery = recovery_.get();
  }

  // A host write of `lpn` placed on unit 0 and issued.
  Ppn program(Lpn lpn) {
    const Ppn ppn = core_->write_host(lpn, 0);
    programs_->issued(ppn);
    return ppn;
  }
  BlockId block_of(Ppn ppn) const { return core_->geometry().block_of_page(ppn); }

  std::unique_ptr<FtlCore> core_;
  FakeFaultFirmware firmware_;
  FtlCpuStatistics stats_;
  std::unique_ptr<ProgramTracker> programs_;
  std::unique_ptr<FlashFaultRecovery> recovery_;
  FlashTransaction txn_;
  tlm::tlm_generic_payload gp_;
};

TEST_F(FlashFaultRecoveryTest, AFailedProgramIsDrivenAgainToAnotherBlockAndCompletesOnlyThen) {
  const Ppn failed = program(3);
  txn_.command.status = FlashStatus::ProgramFailed;
  EXPECT_TRUE(recovery_->program_failed(txn_, 3, failed));  // handled: no completion runs now
  ASSERT_EQ(firmware_.reissued.size(), 1u);
  EXPECT_EQ(firmware_.reissued[0].first, &txn_);
  const Ppn target = firmware_.reissued[0].second;
  EXPECT_NE(block_of(target), block_of(failed));  // the failed block takes no further page
  EXPECT_EQ(core_->lookup(3), target);
  EXPECT_TRUE(programs_->in_flight(target));
  EXPECT_FALSE(programs_->in_flight(failed));
  EXPECT_EQ(firmware_.events, (std::vector<std::string>{"reissue", "completed"}));
  EXPECT_EQ(firmware_.completed, std::vector<Ppn>{failed});
  EXPECT_TRUE(firmware_.errors.empty());
  EXPECT_EQ(stats_.program_failures, 1u);
  EXPECT_EQ(stats_.programs_redriven, 1u);
}

TEST_F(FlashFaultRecoveryTest, AProgramOverwrittenWhileInFlightIsNotDrivenAgain) {
  const Ppn failed = program(3);
  program(3);  // the host wrote the page again meanwhile
  txn_.command.status = FlashStatus::ProgramFailed;
  EXPECT_FALSE(recovery_->program_failed(txn_, 3, failed));  // completes as one that succeeded
  EXPECT_EQ(txn_.command.status, FlashStatus::Ok);
  EXPECT_TRUE(firmware_.reissued.empty());
  EXPECT_EQ(stats_.program_failures, 1u);
  EXPECT_EQ(stats_.programs_redriven, 0u);
}

TEST_F(FlashFaultRecoveryTest, ABlockWithAFailedProgramIsRetiredOnlyOnceItsProgramsHaveDrained) {
  const Ppn failed = program(1);
  const Ppn other = program(2);
  ASSERT_EQ(block_of(failed), block_of(other));
  const BlockId block = block_of(failed);
  recovery_->program_failed(txn_, 1, failed);
  EXPECT_TRUE(firmware_.retirements.empty());  // page `other` is still being programmed
  EXPECT_TRUE(firmware_.sealed.empty());
  EXPECT_FALSE(core_->retired(block));
  programs_->completed(other);
  EXPECT_EQ(firmware_.retirements, std::vector<BlockId>{block});
  EXPECT_TRUE(firmware_.sealed.empty());

  // GC collects it first (a retirement plan), moves its valid page, and retires it.
  GcJob job;
  job.plan = core_->begin_gc(0);
  ASSERT_EQ(job.plan.victim, block);
  EXPECT_EQ(job.plan.kind, VictimKind::Retirement);
  recovery_->retirement_moved(job);
  EXPECT_TRUE(core_->retired(block));
  EXPECT_EQ(firmware_.victims_done, std::vector<GcJob*>{&job});
}

TEST_F(FlashFaultRecoveryTest, AFailedEraseRetiresTheVictimOrWritesBackItsBufferedPages) {
  const Ppn failed = program(1);
  recovery_->program_failed(txn_, 1, failed);
  GcJob job;
  job.plan = core_->begin_gc(0);
  const BlockId victim = job.plan.victim;
  ASSERT_EQ(victim, block_of(failed));
  recovery_->erase_failed(job);
  EXPECT_TRUE(core_->retired(victim));
  EXPECT_EQ(firmware_.victims_done, std::vector<GcJob*>{&job});
  EXPECT_TRUE(firmware_.written_back.empty());
  EXPECT_EQ(stats_.erase_failures, 1u);

  GcJob in_place;
  in_place.plan.victim = block_of(program(9));
  in_place.plan.in_place = true;
  recovery_->erase_failed(in_place);
  EXPECT_EQ(firmware_.written_back, std::vector<GcJob*>{&in_place});
  EXPECT_EQ(firmware_.victims_done.size(), 1u);
}

TEST_F(FlashFaultRecoveryTest, AnUncorrectableHostReadIsAnsweredWithAnError) {
  recovery_->host_read_failed(gp_);
  EXPECT_EQ(firmware_.errors, std::vector<tlm::tlm_generic_payload*>{&gp_});
  EXPECT_EQ(stats_.host_read_errors, 1u);
}

TEST_F(FlashFaultRecoveryTest, AnUncorrectableMergeReadLetsTheWriteGoOn) {
  recovery_->merge_read_failed(PendingWrite{&gp_, 4, false});
  EXPECT_EQ(firmware_.writes, std::vector<Lpn>{4});
  EXPECT_EQ(stats_.uncorrectable_merge_reads, 1u);
}

TEST_F(FlashFaultRecoveryTest, AnUncorrectableGcReadOfTheOnlyCopyLosesThePageUntilItIsReplaced) {
  const Ppn only = program(7);
  const Ppn old = program(8);
  const Ppn newer = program(8);
  recovery_->gc_read_failed(7, only);
  recovery_->gc_read_failed(8, old);  // a newer copy exists: nothing is lost
  EXPECT_TRUE(recovery_->lost(7));
  EXPECT_EQ(core_->lookup(7), kInvalidPpn);
  EXPECT_FALSE(recovery_->lost(8));
  EXPECT_EQ(core_->lookup(8), newer);
  EXPECT_EQ(stats_.lost_pages, 1u);
  recovery_->page_replaced(7);
  EXPECT_FALSE(recovery_->lost(7));
}

}  // namespace
}  // namespace ssdtlm
