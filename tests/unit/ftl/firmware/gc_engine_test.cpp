// The GC engines through their interface (GcEngine), against a fake of the firmware around them
// (GcFirmware) that records the flash steps they ask for: the classic engine issues every move
// of a victim at once and erases after the last; the semi-preemptive engine one step at a time
// (or two with the pipeline), holds and merges host reads.
#include <gtest/gtest.h>

#include <deque>
#include <memory>
#include <vector>

#include "models/common/ftl_command.h"
#include "models/ftl/core/ftl_core.h"
#include "models/ftl/firmware/classic_gc_engine.h"
#include "models/ftl/firmware/firmware_step_runner.h"
#include "models/ftl/firmware/gc_engine.h"
#include "models/ftl/firmware/semi_preemptive_gc_engine.h"
#include "models/ftl/firmware_cores.h"
#include "models/kernel/timed_callback_queue.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

struct Step {
  std::size_t index;
  Lpn lpn;
  Ppn from;
  Ppn to;
  std::uint64_t tag;
};

class FakeGcFirmware : public GcFirmware {
 public:
  void issue_gc_read(GcJob&, std::size_t index, Lpn lpn, Ppn source) override {
    reads.push_back({index, lpn, source, kInvalidPpn, 0});
  }
  void issue_gc_copyback(GcJob&, std::size_t index, Lpn lpn, Ppn source, Ppn destination) override {
    copybacks.push_back({index, lpn, source, destination, 0});
  }
  void issue_gc_program(GcJob&, std::size_t index, Lpn lpn, Ppn destination, std::uint64_t tag) override {
    programs.push_back({index, lpn, kInvalidPpn, destination, tag});
  }
  void erase_victim(GcJob&) override { ++erases; }
  void erase_victim_in_place(GcJob&) override { ++in_place_erases; }
  void start_next_victim(UnitId) override { ++next_victims; }
  void wake_waiting_writes(UnitId) override { ++wakes; }
  std::deque<PendingWrite>& waiting_writes(UnitId) override { return waiting; }
  void place_merged_write(const PendingWrite& write, GcJob&) override { merged_writes.push_back(write.lpn); }
  void retry_host_read(tlm::tlm_generic_payload& gp) override { retried_reads.push_back(&gp); }
  void retry_host_write(const PendingWrite& write) override { merged_writes.push_back(write.lpn); }
  void answer_host(tlm::tlm_generic_payload& gp, std::uint64_t delay_ns) override {
    answered.push_back(&gp);
    answer_delays_ns.push_back(delay_ns);
  }
  void check_page_data(Lpn, Ppn, std::uint64_t, std::uint64_t) override {}
  std::uint64_t expected_tag(Lpn) const override { return 0; }

  std::vector<Step> reads, copybacks, programs;
  int erases = 0, in_place_erases = 0, next_victims = 0, wakes = 0;
  std::deque<PendingWrite> waiting;
  std::vector<Lpn> merged_writes;
  std::vector<tlm::tlm_generic_payload*> retried_reads, answered;
  std::vector<std::uint64_t> answer_delays_ns;
};

// A host read payload with its FtlCommand (the engines answer through data_tag).
struct HostRead {
  tlm::tlm_generic_payload gp;
  FtlCommand command;
  HostRead() { gp.set_extension(&command); }
  ~HostRead() { gp.clear_extension(&command); }
};

class GcEngineTest : public testing::SystemCTest {
 protected:
  void SetUp() override {
    SystemCTest::SetUp();
    FtlCoreConfig core_config;
    core_config.geometry.blocks_per_plane = 16;
    core_config.geometry.pages_per_block = 8;
    core_config.spare_factor = 0.25;
    core_config.victim_policy = "greedy";
    core_config.gc_low_watermark_blocks = 2;  // free blocks left to move into: not in place
    core_config.gc_high_watermark_blocks = 3;
    core_ = std::make_unique<FtlCore>(core_config);
    // Fill, then rewrite every other page of the first blocks until GC is wanted: the greedy
    // victim then has valid pages left to move.
    for (Lpn lpn = 0; lpn < core_->logical_pages(); ++lpn) core_->write_host(lpn, 0);
    for (Lpn lpn = 0; !core_->gc_wanted(0); lpn = (lpn + 2) % core_->logical_pages()) core_->write_host(lpn, 0);
    timer_ = std::make_unique<TimedCallbackQueue>("timer");
    steps_ = std::make_unique<FirmwareStepRunner>(*timer_, cores_, config_);
  }

  // The next victim, with its cycle running.
  GcJob begin_victim() {
    GcJob job;
    job.cycle_active = true;
    job.plan = core_->begin_gc(0);
    EXPECT_NE(job.plan.victim, kInvalidBlock);
    EXPECT_FALSE(job.plan.in_place);
    EXPECT_GE(job.plan.valid_pages.size(), 3u);
    return job;
  }

  GcJob begin_semi_victim() {
    GcJob job = begin_victim();
    job.semi = true;  // FtlCpu's choice for a victim not collected in place
    return job;
  }

  FtlCpuConfig config_;
  FirmwareCores cores_{1};
  std::unique_ptr<FtlCore> core_;
  std::unique_ptr<TimedCallbackQueue> timer_;
  std::unique_ptr<FirmwareStepRunner> steps_;
  FakeGcFirmware firmware_;
  FtlCpuStatistics stats_;
};

TEST_F(GcEngineTest, ClassicReadsEveryValidPageAtOnceAndErasesAfterTheLastProgram) {
  ClassicGcEngine classic(*core_, config_, *steps_, firmware_);
  GcEngine& engine = classic;
  GcJob job = begin_victim();
  const std::size_t pages = job.plan.valid_pages.size();
  engine.collect(job);
  ASSERT_EQ(firmware_.reads.size(), pages);
  EXPECT_TRUE(firmware_.programs.empty());
  for (std::size_t i = 0; i < pages; ++i) {
    EXPECT_EQ(firmware_.reads[i].index, i);
    EXPECT_EQ(firmware_.reads[i].from, job.plan.valid_pages[i].second);
  }
  for (std::size_t i = 0; i < pages; ++i) {
    const auto [lpn, source] = job.plan.valid_pages[i];
    engine.read_completed(job, i, lpn, source, 100 + i);
    ASSERT_EQ(firmware_.programs.size(), i + 1);
    EXPECT_EQ(firmware_.programs[i].tag, 100 + i);                   // the data the read returned
    EXPECT_EQ(firmware_.programs[i].to, core_->lookup(lpn));         // where FtlCore moved it
    EXPECT_NE(core_->geometry().block_of_page(firmware_.programs[i].to), job.plan.victim);
  }
  for (std::size_t i = 0; i < pages; ++i) {
    EXPECT_EQ(firmware_.erases, 0);
    engine.program_completed(job, i);
  }
  EXPECT_EQ(firmware_.erases, 1);
}

TEST_F(GcEngineTest, ClassicCopybackMovesWithoutReads) {
  config_.use_copyback = true;
  ClassicGcEngine classic(*core_, config_, *steps_, firmware_);
  GcEngine& engine = classic;
  GcJob job = begin_victim();
  const std::size_t pages = job.plan.valid_pages.size();
  engine.collect(job);
  EXPECT_TRUE(firmware_.reads.empty());
  ASSERT_EQ(firmware_.copybacks.size(), pages);
  for (std::size_t i = 0; i < pages; ++i) engine.program_completed(job, i);
  EXPECT_EQ(firmware_.erases, 1);
}

TEST_F(GcEngineTest, SemiPreemptiveRunsOneStepAtATimeWithoutThePipeline) {
  config_.gc_pipeline = false;
  SemiPreemptiveGcEngine semi(*core_, config_, *steps_, firmware_, stats_);
  GcEngine& engine = semi;
  GcJob job = begin_semi_victim();
  const std::size_t pages = job.plan.valid_pages.size();
  engine.collect(job);
  for (std::size_t i = 0; i < pages; ++i) {
    ASSERT_EQ(firmware_.reads.size(), i + 1);  // one read at a time
    const auto [lpn, source] = job.plan.valid_pages[i];
    engine.read_completed(job, i, lpn, source, 7);
    ASSERT_EQ(firmware_.programs.size(), i + 1);
    EXPECT_EQ(firmware_.reads.size(), i + 1);  // no next read while the program runs
    EXPECT_EQ(firmware_.erases, 0);
    engine.program_completed(job, i);
  }
  EXPECT_EQ(firmware_.erases, 1);
  EXPECT_EQ(stats_.gc_steps, 2 * pages + 1);  // reads, programs, the erase
  EXPECT_GT(stats_.gc_preemption_points[semi.state(job)], 0u);
}

TEST_F(GcEngineTest, SemiPreemptivePipelineIssuesTheNextReadWithTheProgram) {
  SemiPreemptiveGcEngine semi(*core_, config_, *steps_, firmware_, stats_);
  GcJob job = begin_semi_victim();
  semi.collect(job);
  ASSERT_EQ(firmware_.reads.size(), 1u);
  const auto [lpn, source] = job.plan.valid_pages[0];
  semi.read_completed(job, 0, lpn, source, 7);
  EXPECT_EQ(firmware_.programs.size(), 1u);
  EXPECT_EQ(firmware_.reads.size(), 2u);  // the next copy starts while the program runs
  EXPECT_EQ(firmware_.reads[1].index, 1u);
}

TEST_F(GcEngineTest, SemiPreemptiveAnswersAMergedHostReadWithItsOwnRead) {
  config_.gc_pipeline = false;
  SemiPreemptiveGcEngine semi(*core_, config_, *steps_, firmware_, stats_);
  GcJob job = begin_semi_victim();
  semi.collect(job);
  // A host read of the victim's last valid page, not started yet: it moves to the front.
  const std::size_t last = job.plan.valid_pages.size() - 1;
  const auto [last_lpn, last_source] = job.plan.valid_pages[last];
  HostRead host;
  ASSERT_TRUE(semi.merge_read(job, host.gp, last_lpn, last_source));
  EXPECT_EQ(stats_.gc_merged_host_reads, 1u);
  const auto [lpn, source] = job.plan.valid_pages[0];
  semi.read_completed(job, 0, lpn, source, 7);
  semi.program_completed(job, 0);
  ASSERT_EQ(firmware_.reads.size(), 2u);
  EXPECT_EQ(firmware_.reads[1].index, last);
  semi.read_completed(job, last, last_lpn, last_source, 42);
  ASSERT_EQ(firmware_.answered.size(), 1u);
  EXPECT_EQ(firmware_.answered[0], &host.gp);
  EXPECT_EQ(host.command.data_tag, 42u);
}

TEST_F(GcEngineTest, SemiPreemptiveWithoutYieldHoldsHostReadsUntilReleased) {
  config_.gc_yield = false;
  SemiPreemptiveGcEngine semi(*core_, config_, *steps_, firmware_, stats_);
  GcJob job = begin_semi_victim();
  EXPECT_EQ(semi.state(job), 3);
  semi.collect(job);
  HostRead host;
  semi.hold_read(job, host.gp);
  const auto [lpn, source] = job.plan.valid_pages[0];
  semi.read_completed(job, 0, lpn, source, 7);  // preemption points in State 3 release nothing
  EXPECT_TRUE(firmware_.retried_reads.empty());
  semi.release_held_reads(job);  // the cycle's end
  ASSERT_EQ(firmware_.retried_reads.size(), 1u);
  EXPECT_EQ(firmware_.retried_reads[0], &host.gp);
  EXPECT_EQ(stats_.gc_held_host_reads, 1u);
  job.cycle_active = false;
  EXPECT_EQ(semi.state(job), 0);
}

}  // namespace
}  // namespace ssdtlm
