// FtlCpu's side of flushes and trims: the DurabilityTracker's callbacks (durability_tracker.h)
// and the write buffer's per-page order that a trim passes before it reaches the tracker.
//
// Write buffer order. With a write buffer a write is acknowledged before it is placed, and a
// placement can wait (room in the buffer, GC, a read-modify-write read): writes and trims of one
// logical page are applied in arrival order, a later one waiting for the earlier one, so an
// older write can never land on top of a newer one or of a trim. (Without a buffer a write is
// acknowledged only once programmed: writes and trims in flight together are unordered, as NVMe
// commands are.)
#include "models/ftl/ftl_cpu.h"
#include "models/ftl/recovery/power_loss_recorder.h"

namespace ssdtlm {

// ---------------------------------------------------------------- per-page order (write buffer)

void FtlCpu::event_applied(Lpn lpn) {
  PendingWrite next{nullptr, kInvalidLpn, false};
  std::vector<tlm::tlm_generic_payload*> reads;
  if (!write_buffer_.event_applied(lpn, next, reads)) {
    for (tlm::tlm_generic_payload* gp : reads) handle_host_read(*gp);  // now from the buffer or flash
    return;
  }
  if (next.kind == PendingKind::HostTrim) {
    submit_trim(next);
  } else {
    host_writes_.accept(next);
  }
}

void FtlCpu::submit_trim(PendingWrite trim) {
  if (host_writes_.wait_for_earlier_events(trim)) return;
  durability_.submit_trim(trim);
}

// ---------------------------------------------------------------- DurabilityFirmware

void FtlCpu::DurabilityHooks::answer_host(tlm::tlm_generic_payload& gp) { cpu_.complete_host(gp); }

Ppn FtlCpu::DurabilityHooks::unmap_trimmed(Lpn lpn) {
  const Ppn replaced = cpu_.core_.lookup(lpn);
  cpu_.core_.trim(lpn);
  if (cpu_.sort_) cpu_.sort_->trim(lpn);
  cpu_.faults_.page_replaced(lpn);
  if (cpu_.oracle_ != nullptr) cpu_.oracle_->record_trim(lpn);
  return replaced;
}

void FtlCpu::DurabilityHooks::trim_applied_in_order(Lpn lpn) { cpu_.event_applied(lpn); }

std::uint32_t FtlCpu::DurabilityHooks::trim_table_page_of(Lpn host_lpn) const {
  return cpu_.power_->trim_table_page_of(host_lpn);
}

void FtlCpu::DurabilityHooks::record_trim_sequence(Lpn host_lpn) { cpu_.power_->trim_applied(host_lpn); }

void FtlCpu::DurabilityHooks::write_trim_table_page(std::uint32_t table_page) {
  // Like a host write (striping, GC waits), with origin "other".
  cpu_.host_writes_.accept(PendingWrite::trim_table_page(cpu_.power_->trim_table_lpn(table_page)));
}

void FtlCpu::DurabilityHooks::erase_victim(GcJob& job) { cpu_.erase_victim(job); }

}  // namespace ssdtlm
