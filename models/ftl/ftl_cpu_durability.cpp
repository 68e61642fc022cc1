// FtlCpu: host flushes, durable trims and the ordering that makes them mean something
// (docs/reliability.md, "Power loss and recovery").
//
//   * Flush. Every host write and trim gets an arrival number when it reaches the FTL. A flush
//     completes once every write and trim that arrived before it is durable: a write when its
//     program has completed (with a write buffer that is after its acknowledgement), a trim
//     when it is recorded in a programmed trim-table page (or, without power modelling, at
//     once). The flush's latency is the drain of those programs, with all their contention.
//   * Write buffer order. With a write buffer a write is acknowledged before it is placed, and
//     a placement can wait (room in the buffer, GC, a read-modify-write read): writes and trims
//     of one logical page are applied in arrival order, a later one waiting for the earlier one,
//     so an older write can never land on top of a newer one or of a trim. (Without a buffer a
//     write is acknowledged only once programmed: writes and trims in flight together are
//     unordered, as NVMe commands are.)
//   * Trims with power.enabled. A trim is recorded in the trim table: 4 B per host logical page
//     (the sequence number of its latest trim), kept in flash pages of logical pages reserved
//     above the host's range (PowerLossRecorder). A trim is applied (the page unmapped, a
//     sequence number taken) when the table page covering it is placed for programming, and
//     acknowledged when that program completes. One program of a table page is in flight at a
//     time; trims arriving meanwhile ride in the next one (group commit).
//   * Pins (power.enabled). When a write or trim replaces a page's copy, that copy stays on
//     flash until the replacement is durable: a GC erase of its block waits. Otherwise a power
//     loss between the erase and the new copy's completion would leave an older copy (or none).
#include "models/ftl/ftl_cpu.h"
#include "models/ftl/ftl_cpu_txn.h"
#include "models/ftl/recovery/power_loss_recorder.h"

namespace ssdtlm {

// ---------------------------------------------------------------- flush

std::uint64_t FtlCpu::new_host_event() {
  // mdc's sort buffer answers its own flushes (HostSortBuffer::host_flush) and drops staged writes that are
  // rewritten or trimmed, so its writes would never be marked done: they take no number.
  if (sort_) return 0;
  return flushes_.arrive();
}

void FtlCpu::host_event_done(std::uint64_t event) {
  if (event == 0) return;
  flushes_.done(event, [this](tlm::tlm_generic_payload* flush) { complete_host(*flush); });
}

void FtlCpu::handle_host_flush(tlm::tlm_generic_payload& gp) {
  ++stats_.host_flushes;
  if (flushes_.done_through(flushes_.last_arrival())) {  // nothing accepted before it is volatile
    complete_host(gp);
    return;
  }
  ++stats_.flushes_waited;
  flushes_.wait_for(flushes_.last_arrival(), &gp);
}

// ---------------------------------------------------------------- per-page order (write buffer)

bool FtlCpu::wait_for_earlier_events(PendingWrite& event) {
  // Metadata pages are the firmware's own, not ordered with host events.
  if (!write_buffer_.enabled() || event.metadata() || event.ordered) return false;
  return write_buffer_.wait_for_earlier_events(event);
}

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
    accept_host_write(next);
  }
}

// ---------------------------------------------------------------- trims

void FtlCpu::submit_trim(PendingWrite trim) {
  if (wait_for_earlier_events(trim)) return;
  if (power_ == nullptr) {
    apply_trim_now(trim);
    return;
  }
  const std::uint32_t page = power_->trim_table_page_of(trim.lpn);
  TrimTablePage& table = trim_tables_[page];
  table.pending.push_back(trim);
  if (!table.writing) start_trim_table_write(page);
}

void FtlCpu::apply_trim_now(PendingWrite trim) {
  core_.trim(trim.lpn);
  if (sort_) sort_->trim(trim.lpn);
  if (!lost_lpns_.empty()) lost_lpns_.erase(trim.lpn);
  if (oracle_ != nullptr) oracle_->record_trim(trim.lpn);
  complete_host(*trim.gp);
  host_event_done(trim.host_event);
  if (trim.ordered) event_applied(trim.lpn);
}

void FtlCpu::start_trim_table_write(std::uint32_t table_page) {
  trim_tables_[table_page].writing = true;
  PendingWrite write{nullptr, power_->trim_table_lpn(table_page), false};
  write.kind = PendingKind::TrimTablePage;
  accept_host_write(write);  // like a host write (striping, GC waits), origin "other"
}

void FtlCpu::apply_trims_of_table_page(std::uint32_t table_page) {
  TrimTablePage& table = trim_tables_[table_page];
  std::vector<PendingWrite> pending;
  pending.swap(table.pending);
  for (const PendingWrite& trim : pending) {
    const Ppn replaced = core_.lookup(trim.lpn);
    core_.trim(trim.lpn);
    if (!lost_lpns_.empty()) lost_lpns_.erase(trim.lpn);
    if (oracle_ != nullptr) oracle_->record_trim(trim.lpn);
    power_->trim_applied(trim.lpn);  // its sequence number, in the table the page now carries
    if (replaced != kInvalidPpn) pin(replaced);
    table.carried.emplace_back(trim, replaced);
  }
}

void FtlCpu::trim_table_write_completed(std::uint32_t table_page) {
  ++stats_.trim_table_writes;
  TrimTablePage& table = trim_tables_[table_page];
  std::vector<std::pair<PendingWrite, Ppn>> carried;
  carried.swap(table.carried);
  table.writing = false;
  if (!table.pending.empty()) start_trim_table_write(table_page);
  for (const auto& [trim, pinned] : carried) {
    if (pinned != kInvalidPpn) unpin(pinned);
    complete_host(*trim.gp);
    host_event_done(trim.host_event);
  }
}

// ---------------------------------------------------------------- pins

void FtlCpu::pin(Ppn ppn) { ++block_pins_[core_.geometry().block_of_page(ppn)]; }

void FtlCpu::unpin(Ppn ppn) {
  const BlockId block = core_.geometry().block_of_page(ppn);
  if (--block_pins_[block] != 0 || erases_waiting_.empty()) return;
  const auto waiting = erases_waiting_.find(block);
  if (waiting == erases_waiting_.end()) return;
  GcJob& job = *waiting->second;
  erases_waiting_.erase(waiting);
  erase_victim(job);
}

}  // namespace ssdtlm
