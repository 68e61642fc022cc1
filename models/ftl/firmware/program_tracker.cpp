#include "models/ftl/ftl_cpu.h"

#include "models/ftl/ftl_cpu_txn.h"
#include "models/ftl/recovery/power_loss_recorder.h"

namespace ssdtlm {

void FtlCpu::program_issued(Ppn ppn) {
  const auto& g = core_.geometry();
  const BlockId block = g.block_of_page(ppn);
  ++block_pending_programs_[block];
  if (g.page_in_block(ppn) == g.pages_per_block - 1) block_closed_[block] = 1;
  program_in_flight_[ppn >> 6] |= std::uint64_t(1) << (ppn & 63);
}

void FtlCpu::program_completed(Ppn ppn) {
  const auto& g = core_.geometry();
  const BlockId block = g.block_of_page(ppn);
  if (write_buffer_.enabled()) write_buffer_.program_completed(ppn);
  if (power_ != nullptr) power_->program_completed(ppn);
  program_in_flight_[ppn >> 6] &= ~(std::uint64_t(1) << (ppn & 63));
  // The block's last program seals it (a GC candidate from now on).
  auto block_drained = [this, block]() {
    if (--block_pending_programs_[block] == 0 && block_closed_[block]) {
      if (!retiring_.empty() && retiring_[block]) {
        core_.queue_retirement(block);  // a program into it failed: move its data, retire it
      } else {
        core_.seal(block);
      }
      if (!sort_ || !sort_->defers_gc(core_.unit_of_block(block))) maybe_start_gc(core_.unit_of_block(block));
    }
  };
  if (reads_waiting_for_program_.empty()) {  // the usual case: no vector to build and free
    block_drained();
    return;
  }
  std::vector<tlm::tlm_generic_payload*> waiting;
  const auto inflight = reads_waiting_for_program_.find(ppn);
  if (inflight != reads_waiting_for_program_.end()) {
    waiting.swap(inflight->second);
    reads_waiting_for_program_.erase(inflight);
  }
  block_drained();
  for (auto* gp : waiting) handle_host_read(*gp);  // the page is on flash now
}

}  // namespace ssdtlm
