// mdc's sort buffer on the timed path (seed 002 sec 5.3; docs/gc-policies.md, "mdc's sort buffer
// on the timed platform"). With ftl.gc.policy = mdc and ftl.gc.params.sort_buffer_segments > 0,
// host writes are staged in controller DRAM instead of being programmed one by one:
//
//   * a host write is staged in FtlCore (its old copy invalidated, its u_p2 assigned, exactly as
//     the functional engine stages it) and answered after ftl.write_buffer.access_ns; a rewrite of
//     a staged page replaces it (no program);
//   * when the buffer holds sort_buffer_segments blocks of pages, FtlCore sorts them by u_p2 and
//     the batch is programmed in that order, as whole segments, through the ordinary host write
//     path (unit striping, GC triggering, foreground waits): at most one program per allocation
//     unit in flight, so with one unit the order of programs and GC decisions is exactly the
//     functional engine's (tests/unit/platform/timed_functional_equivalence_test.cpp);
//   * one batch at a time: host writes that arrive while a batch is being programmed wait
//     until its last program has completed (the functional engine programs a batch at once,
//     so nothing it does can come between);
//   * reads of a page in the buffer (staged, or programmed but not yet completed) are served
//     from DRAM (ftl.write_buffer.access_ns); trims drop the staged copy;
//   * a host Flush completes when everything staged before it is on flash; when the host
//     workload has drained, a partial buffer is programmed (the functional engine's final
//     flush), so the run ends with every page on flash.
//
// The sort buffer is the DRAM write buffer of this FTL: ftl.write_buffer.pages must be 0, and
// power-loss modelling (power.enabled) is not combined with it (ssd_config.cpp).
#include <string>

#include "models/common/config/config_error.h"
#include "models/ftl/ftl_cpu.h"
#include "models/ftl/ftl_cpu_txn.h"

namespace ssdtlm {

void FtlCpu::sort_init() {
  if (core_.host_sort_buffer_pages() == 0) return;
  if (config_.write_buffer_pages != 0) {
    throw config_error("ftl.write_buffer.pages",
                       "must be 0 with ftl.gc.policy = mdc and ftl.gc.params.sort_buffer_segments > 0: mdc's sort "
                       "buffer is this FTL's DRAM write buffer (its access time is ftl.write_buffer.access_ns)");
  }
  sort_ = std::make_unique<SortBuffer>();
}

bool FtlCpu::sort_busy() const {
  const SortBuffer& sb = *sort_;
  return sb.flushing || core_.staged_host_writes() != 0 || !sb.waiting.empty() || !sb.flush_commands.empty();
}

void FtlCpu::sort_stage(PendingWrite write) {
  SortBuffer& sb = *sort_;
  if (sb.flushing) {
    sb.waiting.push_back(write);
    return;
  }
  core_.stage_host_write(write.lpn);
  if (!lost_lpns_.empty()) lost_lpns_.erase(write.lpn);
  std::uint64_t tag = 0;
  if (config_.data_mode && oracle_ != nullptr) {
    tag = write.has_content ? oracle_->record_write_tag(write.lpn, write.content) : oracle_->record_write(write.lpn);
  }
  sb.pages[write.lpn] = SortBuffer::Page{tag, false};
  if (write.gp != nullptr) complete_host_after(*write.gp, config_.write_buffer_access_ns);
  if (core_.staged_host_writes() >= core_.host_sort_buffer_pages()) sort_begin_flush();
}

void FtlCpu::sort_begin_flush() {
  SortBuffer& sb = *sort_;
  sb.batch = core_.begin_sort_buffer_flush();
  sb.next = 0;
  sb.in_flight = 0;
  sb.flushing = true;
  ++stats_.sort_buffer_flushes;
  sort_dispatch();
}

void FtlCpu::sort_dispatch() {
  SortBuffer& sb = *sort_;
  const std::uint32_t window = core_.units();  // about one program per unit at a time
  while (sb.flushing && sb.in_flight < window && sb.next < sb.batch) {
    const std::uint32_t index = sb.next++;
    if (!core_.flushing_current(index)) continue;  // trimmed since the batch was sorted
    ++sb.in_flight;
    PendingWrite write{nullptr, core_.flushing_lpn(index), false};
    write.flush_index = index;
    accept_host_write(write);
  }
  if (sb.flushing && sb.next == sb.batch && sb.in_flight == 0) sort_end_flush();
}

void FtlCpu::sort_entry_done() {
  --sort_->in_flight;
  sort_dispatch();
}

void FtlCpu::sort_end_flush() {
  SortBuffer& sb = *sort_;
  core_.end_sort_buffer_flush();
  sb.flushing = false;
  std::vector<tlm::tlm_generic_payload*> flush_commands;
  flush_commands.swap(sb.flush_commands);
  std::deque<PendingWrite> waiting;
  waiting.swap(sb.waiting);
  for (const PendingWrite& write : waiting) sort_stage(write);  // may start the next batch
  for (tlm::tlm_generic_payload* gp : flush_commands) complete_host(*gp);
  sort_flush_if_finishing();
  if (idle_callback_) check_idle();
}

void FtlCpu::sort_flush_if_finishing() {
  // The host workload has drained: program what is left (the functional engine's final flush).
  if (idle_callback_ && !sort_->flushing && core_.staged_host_writes() != 0) sort_begin_flush();
}

std::uint64_t FtlCpu::sort_program_tag(Lpn lpn) {
  SortBuffer& sb = *sort_;
  const auto it = sb.pages.find(lpn);
  if (it != sb.pages.end()) {
    it->second.placed = true;
    return it->second.tag;
  }
  // Staged before this FTL ran (preconditioning leaves the last partial batch staged, and its
  // observer records a page's content only when the page is programmed): written now.
  const std::uint64_t tag = config_.data_mode && oracle_ != nullptr ? oracle_->record_write(lpn) : 0;
  sb.pages[lpn] = SortBuffer::Page{tag, true};
  return tag;
}

void FtlCpu::sort_program_completed(Lpn lpn) {
  SortBuffer& sb = *sort_;
  const auto it = sb.pages.find(lpn);
  if (it != sb.pages.end() && it->second.placed) sb.pages.erase(it);  // on flash now
  ++stats_.sort_buffer_pages_programmed;
  sort_entry_done();
}

bool FtlCpu::sort_serve_read(tlm::tlm_generic_payload& gp, Lpn lpn) {
  const SortBuffer& sb = *sort_;
  const auto it = sb.pages.find(lpn);
  std::uint64_t tag = 0;
  if (it != sb.pages.end()) {
    tag = it->second.tag;
  } else if (core_.in_sort_buffer(lpn)) {
    tag = oracle_ != nullptr ? oracle_->expected(lpn) : 0;  // staged by preconditioning
  } else {
    return false;
  }
  ++stats_.host_reads_from_buffer;
  if (config_.data_mode && oracle_ != nullptr) check_page_data(lpn, kInvalidPpn, oracle_->expected(lpn), tag);
  gp.get_extension<FtlCommand>()->data_tag = tag;
  complete_host_after(gp, config_.write_buffer_access_ns);
  return true;
}

void FtlCpu::sort_trim(Lpn lpn) { sort_->pages.erase(lpn); }

bool FtlCpu::sort_defers_gc(UnitId unit) const {
  // Foreground GC runs when a write placement needs it. Between batches no write is placed
  // (staging takes no flash space), so a block sealed by a batch's last program starts GC with
  // the next batch, after the stagings in between have invalidated their old copies, as in the
  // functional engine; within a batch the next entry would start it at once anyway.
  const SortBuffer& sb = *sort_;
  return config_.foreground_gc && (!sb.flushing || sb.next == sb.batch) && waiting_writes_[unit].empty();
}

void FtlCpu::sort_host_flush(tlm::tlm_generic_payload& gp) {
  SortBuffer& sb = *sort_;
  if (!sb.flushing && core_.staged_host_writes() == 0) {
    complete_host(gp);
    return;
  }
  sb.flush_commands.push_back(&gp);
  if (!sb.flushing) sort_begin_flush();
}

std::uint64_t FtlCpu::sort_buffer_tag(Lpn lpn) const {
  if (sort_) {
    const auto it = sort_->pages.find(lpn);
    if (it != sort_->pages.end()) return it->second.tag;
  }
  return oracle_ != nullptr ? oracle_->expected(lpn) : 0;
}

}  // namespace ssdtlm
