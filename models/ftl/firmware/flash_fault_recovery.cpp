// FtlCpu and NAND faults (docs/reliability.md, "NAND faults and wear leveling"):
//   * a failed program: the block becomes a grown bad block (its frontier moves on at once);
//     the page is programmed again elsewhere with the same data, and the command that failed
//     completes only then, so a host write is acknowledged only once its data is on flash;
//     when the block has no program in flight any more, GC moves its other valid pages and
//     retires it instead of erasing it (at end of life the block stays in service);
//   * a failed erase: the victim is retired (its valid data was moved already, or sits in the
//     in-place buffer and is programmed elsewhere);
//   * an uncorrectable read: a host read gets an error status (a RAID array reconstructs the
//     block from the other members); a GC read loses the page, whose later host reads fail
//     until it is written again.
#include "models/ftl/ftl_cpu.h"

#include "models/ftl/ftl_cpu_txn.h"

namespace ssdtlm {

void FtlCpu::complete_host_with_error(tlm::tlm_generic_payload& gp) {
  gp.get_extension<FtlCommand>()->data_tag = 0;
  gp.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
  respond_to_host(gp);
}

bool FtlCpu::handle_flash_fault(FlashTxn& txn) {
  switch (txn.command.status) {
    case FlashStatus::ProgramFailed: return redrive_program(txn);
    case FlashStatus::EraseFailed: erase_failed(txn); return true;
    case FlashStatus::UncorrectableRead: return uncorrectable_read(txn);
    case FlashStatus::Ok: return false;
  }
  return false;
}

void FtlCpu::start_retirement(BlockId block) {
  if (retiring_.empty()) retiring_.assign(core_.geometry().total_blocks(), 0);
  if (retiring_[block]) return;
  retiring_[block] = 1;
  core_.close_failed_block(block);
  block_closed_[block] = 1;  // no further page is allocated in it: retire when drained
}

bool FtlCpu::redrive_program(FlashTxn& txn) {
  ++stats_.program_failures;
  const auto& g = core_.geometry();
  const Ppn failed = txn.ppn;
  // At end of life the device is read-only and keeps what blocks it has: retiring more would
  // only feed a cascade of GC moves (each a program that may fail) until no block is left.
  if (!core_.end_of_life()) start_retirement(g.block_of_page(failed));
  // Overwritten (or trimmed) while in flight: nothing to re-drive, complete as usual.
  const Ppn target = core_.lookup(txn.lpn) == failed ? core_.relocate(txn.lpn, failed, /*any_unit=*/true) : kInvalidPpn;
  if (target == kInvalidPpn) {
    txn.command.status = FlashStatus::Ok;
    return false;
  }
  ++stats_.programs_redriven;
  // The data is in the controller (a copyback's page came out of the die with its status):
  // it is programmed again as a plain program, which may go to another plane.
  const std::uint64_t tag = txn.command.targets[0].data_tag;
  txn.ppn = target;
  txn.command.opcode = FlashOpcode::Program;
  set_target(txn.command, target, tag);
  if (write_buffer_.enabled()) write_buffer_.program_issued(target, tag);
  txn.command.status = FlashStatus::Ok;
  program_issued(target);
  issue(txn);
  program_completed(failed);  // drains the failed block; reads waiting for it look up again
  return true;
}

void FtlCpu::erase_failed(FlashTxn& txn) {
  ++stats_.erase_failures;
  GcJob& job = *txn.job;
  release(txn);
  const BlockId victim = job.plan.victim;
  block_closed_[victim] = 0;
  core_.retire_block(victim);
  if (!job.plan.in_place) {
    victim_done(job);
    return;
  }
  classic_gc_.write_back_buffered(job);  // the victim kept its data bits: relocate() moves them elsewhere
}

void FtlCpu::retirement_moved(GcJob& job) {
  core_.retire_block(job.plan.victim);
  victim_done(job);
}

bool FtlCpu::uncorrectable_read(FlashTxn& txn) {
  switch (txn.kind) {
    case TxnKind::HostRead: {
      ++stats_.host_read_errors;
      tlm::tlm_generic_payload* host = txn.host_gp;
      release(txn);
      complete_host_with_error(*host);
      return true;
    }
    case TxnKind::HostMergeRead: {
      // The sectors the write does not cover are lost; the write itself goes on.
      ++stats_.uncorrectable_merge_reads;
      PendingWrite write = txn.write;
      write.gp = txn.host_gp;
      write.partial = false;
      release(txn);
      host_writes_.accept(write);
      return true;
    }
    case TxnKind::GcRead:
      if (core_.lookup(txn.lpn) == txn.source) {  // the only copy: lost
        core_.forget(txn.lpn);
        lost_lpns_.insert(txn.lpn);
        ++stats_.lost_pages;
      }
      txn.command.status = FlashStatus::Ok;
      return false;  // the GC goes on; relocate() finds nothing to move for this page
    default:
      return false;
  }
}

}  // namespace ssdtlm
