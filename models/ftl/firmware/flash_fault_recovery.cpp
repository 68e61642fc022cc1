// FlashFaultRecovery (flash_fault_recovery.h): failed programs driven again elsewhere, failed
// erases and grown bad blocks retired, uncorrectable reads answered with an error or lost.
#include "models/ftl/firmware/flash_fault_recovery.h"

namespace ssdtlm {

void FlashFaultRecovery::start_retirement(BlockId block) {
  if (retiring_.empty()) retiring_.assign(core_.geometry().total_blocks(), 0);
  if (retiring_[block]) return;
  retiring_[block] = 1;
  core_.close_failed_block(block);
  programs_.close_block(block);  // no further page is allocated in it: retire when drained
}

bool FlashFaultRecovery::program_failed(FlashTransaction& txn, Lpn lpn, Ppn failed) {
  ++stats_.program_failures;
  const auto& g = core_.geometry();
  // At end of life the device is read-only and keeps what blocks it has: retiring more would
  // only feed a cascade of GC moves (each a program that may fail) until no block is left.
  if (!core_.end_of_life()) start_retirement(g.block_of_page(failed));
  // Overwritten (or trimmed) while in flight: nothing to re-drive, complete as usual.
  const Ppn target = core_.lookup(lpn) == failed ? core_.relocate(lpn, failed, /*any_unit=*/true) : kInvalidPpn;
  if (target == kInvalidPpn) {
    txn.command.status = FlashStatus::Ok;
    return false;
  }
  ++stats_.programs_redriven;
  firmware_.reissue_program(txn, target);
  firmware_.program_completed(failed);  // drains the failed block; reads waiting for it look up again
  return true;
}

void FlashFaultRecovery::erase_failed(GcJob& job) {
  ++stats_.erase_failures;
  const BlockId victim = job.plan.victim;
  programs_.reopen_block(victim);
  core_.retire_block(victim);
  if (!job.plan.in_place) {
    firmware_.victim_done(job);
    return;
  }
  firmware_.write_back_buffered(job);  // the victim kept its data bits: relocate() moves them elsewhere
}

void FlashFaultRecovery::retirement_moved(GcJob& job) {
  core_.retire_block(job.plan.victim);
  firmware_.victim_done(job);
}

void FlashFaultRecovery::host_read_failed(tlm::tlm_generic_payload& gp) {
  ++stats_.host_read_errors;
  firmware_.answer_host_with_error(gp);
}

void FlashFaultRecovery::merge_read_failed(const PendingWrite& write) {
  ++stats_.uncorrectable_merge_reads;
  firmware_.accept_write(write);
}

void FlashFaultRecovery::gc_read_failed(Lpn lpn, Ppn source) {
  if (core_.lookup(lpn) != source) return;  // rewritten meanwhile: the old copy is not needed
  core_.forget(lpn);                        // the only copy: lost
  lost_lpns_.insert(lpn);
  ++stats_.lost_pages;
}

}  // namespace ssdtlm
