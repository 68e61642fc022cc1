// DurabilityTracker: host flushes, durable trims and pins (durability_tracker.h).
#include "models/ftl/firmware/durability_tracker.h"

namespace ssdtlm {

void DurabilityTracker::set_power_loss_modelled(bool modelled) {
  power_ = modelled;
  block_pins_.assign(modelled ? geometry_.total_blocks() : 0, 0);
}

// ---------------------------------------------------------------- flush

void DurabilityTracker::host_flush(tlm::tlm_generic_payload& gp) {
  ++stats_.host_flushes;
  if (flushes_.done_through(flushes_.last_arrival())) {  // nothing accepted before it is volatile
    firmware_.answer_host(gp);
    return;
  }
  ++stats_.flushes_waited;
  flushes_.wait_for(flushes_.last_arrival(), &gp);
}

// ---------------------------------------------------------------- trims

void DurabilityTracker::submit_trim(const PendingWrite& trim) {
  if (!power_) {
    apply_trim_now(trim);
    return;
  }
  const std::uint32_t page = firmware_.trim_table_page_of(trim.lpn);
  TrimTablePage& table = trim_tables_[page];
  table.pending.push_back(trim);
  if (!table.writing) start_trim_table_write(page);
}

void DurabilityTracker::apply_trim_now(const PendingWrite& trim) {
  firmware_.unmap_trimmed(trim.lpn);
  firmware_.answer_host(*trim.gp);
  host_event_done(trim.host_event);
  if (trim.ordered) firmware_.trim_applied_in_order(trim.lpn);
}

void DurabilityTracker::start_trim_table_write(std::uint32_t table_page) {
  trim_tables_[table_page].writing = true;
  firmware_.write_trim_table_page(table_page);  // like a host write (striping, GC waits)
}

void DurabilityTracker::table_page_placed(std::uint32_t table_page) {
  TrimTablePage& table = trim_tables_[table_page];
  std::vector<PendingWrite> pending;
  pending.swap(table.pending);
  for (const PendingWrite& trim : pending) {
    const Ppn replaced = firmware_.unmap_trimmed(trim.lpn);
    firmware_.record_trim_sequence(trim.lpn);  // its sequence number, in the table the page now carries
    if (replaced != kInvalidPpn) pin(replaced);
    table.carried.emplace_back(trim, replaced);
  }
}

void DurabilityTracker::table_page_issued(std::uint32_t table_page) {
  // Collected first: a later event placed now may start another write of this table page.
  std::vector<Lpn> applied;
  for (const auto& [trim, pinned] : trim_tables_[table_page].carried) {
    if (trim.ordered) applied.push_back(trim.lpn);
  }
  for (const Lpn lpn : applied) firmware_.trim_applied_in_order(lpn);
}

void DurabilityTracker::table_page_written(std::uint32_t table_page) {
  ++stats_.trim_table_writes;
  TrimTablePage& table = trim_tables_[table_page];
  std::vector<std::pair<PendingWrite, Ppn>> carried;
  carried.swap(table.carried);
  table.writing = false;
  if (!table.pending.empty()) start_trim_table_write(table_page);
  for (const auto& [trim, pinned] : carried) {
    if (pinned != kInvalidPpn) unpin(pinned);
    firmware_.answer_host(*trim.gp);
    host_event_done(trim.host_event);
  }
}

// ---------------------------------------------------------------- pins

void DurabilityTracker::unpin(Ppn ppn) {
  const BlockId block = geometry_.block_of_page(ppn);
  if (--block_pins_[block] != 0 || erases_waiting_.empty()) return;
  const auto waiting = erases_waiting_.find(block);
  if (waiting == erases_waiting_.end()) return;
  GcJob& job = *waiting->second;
  erases_waiting_.erase(waiting);
  firmware_.erase_victim(job);
}

bool DurabilityTracker::erase_must_wait(GcJob& job) {
  if (block_pins_.empty() || block_pins_[job.plan.victim] == 0) return false;
  // The victim still holds the newest durable copy of a page whose newer copy (or trim) is not
  // durable yet; erased now, a power loss could lose that page.
  ++stats_.erases_waited_for_durability;
  erases_waiting_[job.plan.victim] = &job;
  return true;
}

bool DurabilityTracker::idle() const {
  if (flushes_.has_waiting() || !erases_waiting_.empty()) return false;
  for (const auto& [page, table] : trim_tables_) {
    if (table.writing || !table.pending.empty()) return false;
  }
  return true;
}

}  // namespace ssdtlm
