#include "models/ftl/firmware/host_sort_buffer.h"

#include "models/common/ftl_command.h"

namespace ssdtlm {

bool HostSortBuffer::busy() const {
  return flushing_ || core_.staged_host_writes() != 0 || !waiting_.empty() || !flush_commands_.empty();
}

void HostSortBuffer::stage(const PendingWrite& write) {
  if (flushing_) {
    waiting_.push_back(write);
    return;
  }
  core_.stage_host_write(write.lpn);
  firmware_.page_rewritten(write.lpn);
  std::uint64_t tag = 0;
  if (config_.data_mode && oracle_ != nullptr) {
    tag = write.has_content ? oracle_->record_write_tag(write.lpn, write.content) : oracle_->record_write(write.lpn);
  }
  pages_[write.lpn] = Page{tag, false};
  if (write.gp != nullptr) firmware_.answer_host(*write.gp, config_.write_buffer_access_ns);
  if (core_.staged_host_writes() >= core_.host_sort_buffer_pages()) begin_flush();
}

void HostSortBuffer::begin_flush() {
  batch_ = core_.begin_sort_buffer_flush();
  next_ = 0;
  in_flight_ = 0;
  flushing_ = true;
  ++stats_.sort_buffer_flushes;
  dispatch();
}

void HostSortBuffer::dispatch() {
  const std::uint32_t window = core_.units();  // about one program per unit at a time
  while (flushing_ && in_flight_ < window && next_ < batch_) {
    const std::uint32_t index = next_++;
    if (!core_.flushing_current(index)) continue;  // trimmed since the batch was sorted
    ++in_flight_;
    firmware_.program_entry(PendingWrite::sorted_entry(core_.flushing_lpn(index), index));
  }
  if (flushing_ && next_ == batch_ && in_flight_ == 0) end_flush();
}

void HostSortBuffer::entry_done() {
  --in_flight_;
  dispatch();
}

void HostSortBuffer::end_flush() {
  core_.end_sort_buffer_flush();
  flushing_ = false;
  std::vector<tlm::tlm_generic_payload*> flush_commands;
  flush_commands.swap(flush_commands_);
  std::deque<PendingWrite> waiting;
  waiting.swap(waiting_);
  for (const PendingWrite& write : waiting) stage(write);  // may start the next batch
  for (tlm::tlm_generic_payload* gp : flush_commands) firmware_.answer_host(*gp, 0);
  flush_if_finishing();
  firmware_.batch_done();
}

void HostSortBuffer::flush_if_finishing() {
  // The host workload has drained: program what is left (the functional engine's final flush).
  if (firmware_.draining() && !flushing_ && core_.staged_host_writes() != 0) begin_flush();
}

std::uint64_t HostSortBuffer::program_tag(Lpn lpn) {
  const auto it = pages_.find(lpn);
  if (it != pages_.end()) {
    it->second.placed = true;
    return it->second.tag;
  }
  // Staged before this FTL ran (preconditioning leaves the last partial batch staged, and its
  // observer records a page's content only when the page is programmed): written now.
  const std::uint64_t tag = config_.data_mode && oracle_ != nullptr ? oracle_->record_write(lpn) : 0;
  pages_[lpn] = Page{tag, true};
  return tag;
}

void HostSortBuffer::program_completed(Lpn lpn) {
  const auto it = pages_.find(lpn);
  if (it != pages_.end() && it->second.placed) pages_.erase(it);  // on flash now
  ++stats_.sort_buffer_pages_programmed;
  entry_done();
}

bool HostSortBuffer::serve_read(tlm::tlm_generic_payload& gp, Lpn lpn) {
  const auto it = pages_.find(lpn);
  std::uint64_t tag = 0;
  if (it != pages_.end()) {
    tag = it->second.tag;
  } else if (core_.in_sort_buffer(lpn)) {
    tag = oracle_ != nullptr ? oracle_->expected(lpn) : 0;  // staged by preconditioning
  } else {
    return false;
  }
  ++stats_.host_reads_from_buffer;
  if (config_.data_mode && oracle_ != nullptr) firmware_.check_page_data(lpn, kInvalidPpn, oracle_->expected(lpn), tag);
  gp.get_extension<FtlCommand>()->data_tag = tag;
  firmware_.answer_host(gp, config_.write_buffer_access_ns);
  return true;
}

bool HostSortBuffer::defers_gc(UnitId unit) const {
  // Foreground GC runs when a write placement needs it. Between batches no write is placed
  // (staging takes no flash space), so a block sealed by a batch's last program starts GC with
  // the next batch, after the stagings in between have invalidated their old copies, as in the
  // functional engine; within a batch the next entry would start it at once anyway.
  return config_.foreground_gc && (!flushing_ || next_ == batch_) && !firmware_.writes_waiting(unit);
}

void HostSortBuffer::host_flush(tlm::tlm_generic_payload& gp) {
  if (!flushing_ && core_.staged_host_writes() == 0) {
    firmware_.answer_host(gp, 0);
    return;
  }
  flush_commands_.push_back(&gp);
  if (!flushing_) begin_flush();
}

std::uint64_t HostSortBuffer::tag(Lpn lpn) const {
  const auto it = pages_.find(lpn);
  if (it != pages_.end()) return it->second.tag;
  return oracle_ != nullptr ? oracle_->expected(lpn) : 0;
}

}  // namespace ssdtlm
