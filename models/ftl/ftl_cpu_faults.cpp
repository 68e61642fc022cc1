// FtlCpu's wiring of its program tracker (ProgramTracker, models/ftl/firmware/program_tracker.h)
// and of its fault recovery (FlashFaultRecovery, flash_fault_recovery.h): a failed transaction
// turned into the recovery's call for its kind, and both parts' view of this firmware (FlashHooks).
#include "models/ftl/ftl_cpu.h"

#include "models/ftl/ftl_cpu_txn.h"

namespace ssdtlm {

bool FtlCpu::handle_flash_fault(FlashTxn& txn) {
  switch (txn.command.status) {
    case FlashStatus::ProgramFailed: return faults_.program_failed(txn, txn.lpn, txn.ppn);
    case FlashStatus::EraseFailed: {
      GcJob& job = *txn.job;
      release(txn);
      faults_.erase_failed(job);
      return true;
    }
    case FlashStatus::UncorrectableRead: break;
    case FlashStatus::Ok: return false;
  }
  switch (txn.kind) {  // an uncorrectable read
    case TxnKind::HostRead: {
      tlm::tlm_generic_payload* host = txn.host_gp;
      release(txn);
      faults_.host_read_failed(*host);
      return true;
    }
    case TxnKind::HostMergeRead: {
      PendingWrite write = txn.write;
      write.gp = txn.host_gp;
      write.partial = false;
      release(txn);
      faults_.merge_read_failed(write);
      return true;
    }
    case TxnKind::GcRead:
      faults_.gc_read_failed(txn.lpn, txn.source);
      txn.command.status = FlashStatus::Ok;
      return false;  // the GC goes on
    default:
      return false;
  }
}

// ---------------------------------------------------------------- ProgramTrackerFirmware

void FtlCpu::FlashHooks::block_drained(BlockId block) {
  if (!cpu_.faults_.retire_when_drained(block)) cpu_.core_.seal(block);  // a GC candidate from now on
  const UnitId unit = cpu_.core_.unit_of_block(block);
  if (!cpu_.sort_ || !cpu_.sort_->defers_gc(unit)) cpu_.maybe_start_gc(unit);
}

void FtlCpu::FlashHooks::retry_host_read(tlm::tlm_generic_payload& gp) { cpu_.handle_host_read(gp); }

// ---------------------------------------------------------------- FaultFirmware

void FtlCpu::FlashHooks::answer_host_with_error(tlm::tlm_generic_payload& gp) { cpu_.complete_host_with_error(gp); }

void FtlCpu::FlashHooks::reissue_program(FlashTransaction& transaction, Ppn target) {
  // The data is in the controller (a copyback's page came out of the die with its status):
  // it is programmed again as a plain program, which may go to another plane.
  auto& txn = static_cast<FlashTxn&>(transaction);
  const std::uint64_t tag = txn.command.targets[0].data_tag;
  txn.ppn = target;
  txn.command.opcode = FlashOpcode::Program;
  cpu_.set_target(txn.command, target, tag);
  if (cpu_.write_buffer_.enabled()) cpu_.write_buffer_.program_issued(target, tag);
  txn.command.status = FlashStatus::Ok;
  cpu_.programs_.issued(target);
  cpu_.issue(txn);
}

void FtlCpu::FlashHooks::program_completed(Ppn ppn) { cpu_.program_completed(ppn); }

void FtlCpu::FlashHooks::accept_write(const PendingWrite& write) { cpu_.host_writes_.accept(write); }

void FtlCpu::FlashHooks::victim_done(GcJob& job) { cpu_.victim_done(job); }

void FtlCpu::FlashHooks::write_back_buffered(GcJob& job) { cpu_.classic_gc_.write_back_buffered(job); }

}  // namespace ssdtlm
