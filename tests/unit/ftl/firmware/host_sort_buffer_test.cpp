// mdc's sort buffer on the timed path (HostSortBuffer) against a fake of the firmware around it:
// writes are answered once staged, a full buffer is programmed as one sorted batch (one program
// per allocation unit at a time), writes arriving during a batch wait for its end, reads of
// buffered pages are served from DRAM, and a host Flush waits for the batch.
#include <gtest/gtest.h>

#include <memory>
#include <vector>

#include "models/common/ftl_command.h"
#include "models/ftl/core/ftl_core.h"
#include "models/ftl/firmware/host_sort_buffer.h"

namespace ssdtlm {
namespace {

class FakeSortBufferFirmware : public SortBufferFirmware {
 public:
  void program_entry(const PendingWrite& write) override { entries.push_back(write); }
  void answer_host(tlm::tlm_generic_payload& gp, std::uint64_t delay_ns) override {
    answered.push_back(&gp);
    delays_ns.push_back(delay_ns);
  }
  void check_page_data(Lpn, Ppn, std::uint64_t, std::uint64_t) override {}
  void page_rewritten(Lpn) override {}
  bool draining() const override { return false; }
  void batch_done() override { ++batches_done; }
  bool writes_waiting(UnitId) const override { return false; }

  std::vector<PendingWrite> entries;
  std::vector<tlm::tlm_generic_payload*> answered;
  std::vector<std::uint64_t> delays_ns;
  int batches_done = 0;
};

struct HostCommandPayload {
  tlm::tlm_generic_payload gp;
  FtlCommand command;
  HostCommandPayload() { gp.set_extension(&command); }
  ~HostCommandPayload() { gp.clear_extension(&command); }
};

class HostSortBufferTest : public ::testing::Test {
 protected:
  void SetUp() override {
    FtlCoreConfig core_config;
    core_config.geometry.blocks_per_plane = 32;
    core_config.geometry.pages_per_block = 8;
    core_config.spare_factor = 0.25;
    core_config.victim_policy = "mdc";
    core_config.policy_params = {{"sort_buffer_segments", "1"}};
    core_config.seal_blocks_on_close = false;
    core_ = std::make_unique<FtlCore>(core_config);
    config_.write_buffer_access_ns = 250;
    buffer_ = std::make_unique<HostSortBuffer>(*core_, config_, nullptr, firmware_, stats_);
  }

  PendingWrite host_write(HostCommandPayload& payload, Lpn lpn) {
    payload.command.lpn = lpn;
    return PendingWrite{&payload.gp, lpn, false};
  }

  // Programs the batch entries the buffer hands out, one at a time, until it has none in flight.
  void program_batch() {
    std::size_t next = 0;
    while (next < firmware_.entries.size()) {
      const PendingWrite entry = firmware_.entries[next++];
      ASSERT_EQ(entry.kind, PendingKind::SortedEntry);
      ASSERT_NE(core_->write_host_flushed(entry.flush_index, 0), kInvalidPpn);
      buffer_->program_tag(entry.lpn);
      buffer_->program_completed(entry.lpn);
    }
  }

  FtlCpuConfig config_;
  FtlCpuStatistics stats_;
  FakeSortBufferFirmware firmware_;
  std::unique_ptr<FtlCore> core_;
  std::unique_ptr<HostSortBuffer> buffer_;
};

TEST_F(HostSortBufferTest, AnswersStagedWritesAndProgramsAFullBufferAsOneBatch) {
  const std::uint32_t pages = core_->host_sort_buffer_pages();
  ASSERT_EQ(pages, 8u);
  std::vector<HostCommandPayload> writes(pages);
  for (std::uint32_t i = 0; i + 1 < pages; ++i) buffer_->stage(host_write(writes[i], 10 + i));
  EXPECT_EQ(firmware_.answered.size(), pages - 1);  // answered once staged, from DRAM
  EXPECT_EQ(firmware_.delays_ns[0], 250u);
  EXPECT_TRUE(firmware_.entries.empty());  // nothing programmed before the buffer is full
  EXPECT_TRUE(buffer_->busy());

  buffer_->stage(host_write(writes[pages - 1], 10 + pages - 1));
  EXPECT_EQ(stats_.sort_buffer_flushes, 1u);
  ASSERT_EQ(firmware_.entries.size(), 1u);  // one program per allocation unit at a time

  // A write arriving during the batch waits for its end; a Flush waits for the batch.
  HostCommandPayload late;
  HostCommandPayload flush;
  buffer_->stage(host_write(late, 3));
  buffer_->host_flush(flush.gp);
  EXPECT_EQ(firmware_.answered.size(), pages);

  program_batch();
  EXPECT_EQ(firmware_.entries.size(), pages);
  EXPECT_EQ(stats_.sort_buffer_pages_programmed, pages);
  EXPECT_EQ(firmware_.batches_done, 1);
  ASSERT_EQ(firmware_.answered.size(), pages + 2);
  EXPECT_EQ(firmware_.answered[pages], &late.gp);   // staged once the batch ended
  EXPECT_EQ(firmware_.answered[pages + 1], &flush.gp);
  EXPECT_TRUE(core_->in_sort_buffer(3));
  EXPECT_TRUE(buffer_->busy());  // the late write is staged
}

TEST_F(HostSortBufferTest, ServesReadsOfStagedPagesAndForgetsTrimmedOnes) {
  HostCommandPayload write;
  buffer_->stage(host_write(write, 5));
  HostCommandPayload read;
  read.command.op = HostOp::Read;
  read.command.lpn = 5;
  read.command.data_tag = 99;
  ASSERT_TRUE(buffer_->serve_read(read.gp, 5));
  EXPECT_EQ(read.command.data_tag, 0u);  // the staged content (no data mode here)
  EXPECT_EQ(stats_.host_reads_from_buffer, 1u);
  EXPECT_FALSE(buffer_->serve_read(read.gp, 6));  // never written: not in the buffer
  core_->trim(5);
  buffer_->trim(5);
  EXPECT_FALSE(buffer_->serve_read(read.gp, 5));
}

}  // namespace
}  // namespace ssdtlm
