// FtlCpu: construction and wiring of its parts, where host reads and writes meet flash (the
// page looked up or placed, the flash command issued), and the flash side (transactions,
// completions). The host side is in ftl_cpu_host.cpp, GC cycles in ftl_cpu_gc.cpp.
#include "models/ftl/ftl_cpu.h"

#include <algorithm>
#include <sstream>
#include <unordered_set>

#include "models/common/config/config_error.h"
#include "models/ftl/ftl_cpu_txn.h"
#include "models/ftl/recovery/power_loss_recorder.h"
#include "models/kernel/event_loop.h"

namespace ssdtlm {

using sc_core::sc_time;
using sc_core::SC_PS;

FtlCpu::FtlCpu(sc_core::sc_module_name name, const FtlCpuConfig& config, FtlCore& core, DataOracle* oracle)
    : sc_core::sc_module(name),
      host_socket("host_socket"),
      config_(config),
      core_(core),
      oracle_(oracle),
      timer_("timer"),
      cores_(config.cores),
      port_("flash_socket", *this, timer_, "ssdtlm/ftl"),
      write_buffer_(config.write_buffer_pages) {
  host_socket.register_nb_transport_fw(this, &FtlCpu::nb_transport_fw);
  if (semi()) semi_gc_ = std::make_unique<SemiPreemptiveGcEngine>(core_, config_, steps_, gc_hooks_, stats_);
  gc_jobs_.resize(core_.units());
  for (UnitId u = 0; u < core_.units(); ++u) {
    gc_jobs_[u] = std::make_unique<GcJob>();
    gc_jobs_[u]->unit = u;
  }
  host_logical_pages_ = core_.logical_pages();
  if (config_.cache_commands) cache_streams_ = std::make_unique<CacheCommandStreams>(core_.geometry());
  if (core_.host_sort_buffer_pages() != 0) {
    if (config_.write_buffer_pages != 0) {
      throw config_error("ftl.write_buffer.pages",
                         "must be 0 with ftl.gc.policy = mdc and ftl.gc.params.sort_buffer_segments > 0: mdc's sort "
                         "buffer is this FTL's DRAM write buffer (its access time is ftl.write_buffer.access_ns)");
    }
    sort_ = std::make_unique<HostSortBuffer>(core_, config_, oracle_, sort_hooks_, stats_);
    durability_.set_events_numbered(false);
    host_writes_.set_sort_buffer(true);
  }
}

void FtlCpu::set_power_loss_recorder(PowerLossRecorder* recorder) {
  if (recorder != nullptr && sort_) {
    throw config_error("power.enabled", "is not modelled with mdc's sort buffer (ftl.gc.policy = mdc, "
                                        "ftl.gc.params.sort_buffer_segments > 0)");
  }
  power_ = recorder;
  host_logical_pages_ = recorder != nullptr ? recorder->host_logical_pages() : core_.logical_pages();
  durability_.set_power_loss_modelled(recorder != nullptr);
}

void FtlCpu::start_checkpoint() {
  for (const Lpn lpn : power_->begin_checkpoint()) {
    host_writes_.accept(PendingWrite::checkpoint_page(lpn));
  }
}

FtlCpu::~FtlCpu() = default;

std::uint32_t FtlCpu::units_collecting() const {
  std::uint32_t count = 0;
  for (const auto& job : gc_jobs_) count += job->cycle_active ? 1 : 0;
  return count;
}

// ---------------------------------------------------------------- host reads and writes meet flash

// Hot: every host command passes here, so these stay beside their callers.
void FtlCpu::complete_host(tlm::tlm_generic_payload& gp) {
  if (read_content_) {
    const auto* command = gp.get_extension<FtlCommand>();
    if (command->op == HostOp::Read) read_content_(command->lpn, command->data_tag);
  }
  if (command_observer_) command_observer_(*gp.get_extension<FtlCommand>(), true);
  gp.set_response_status(tlm::TLM_OK_RESPONSE);
  respond_to_host(gp);
}

void FtlCpu::complete_host_after(tlm::tlm_generic_payload& gp, std::uint64_t delay_ns) {
  if (delay_ns == 0) {
    complete_host(gp);
  } else {
    timer_.schedule_in(sc_time(double(delay_ns), sc_core::SC_NS), [this, &gp]() { complete_host(gp); });
  }
}

bool FtlCpu::unit_should_collect(UnitId unit) const {
  const GcJob& job = *gc_jobs_[unit];
  return core_.gc_wanted(unit) || core_.free_blocks(unit) < job.forced_target_free_blocks;
}

void FtlCpu::maybe_start_gc(UnitId unit) {
  GcJob& job = *gc_jobs_[unit];
  if (job.cycle_active || !unit_should_collect(unit)) return;
  job.cycle_active = true;
  job.cycle_start = sim_now();
  ++stats_.gc_cycles;
  start_next_victim(unit);
}

void FtlCpu::handle_host_read(tlm::tlm_generic_payload& gp) {
  auto* command = gp.get_extension<FtlCommand>();
  if (write_buffer_.has_pending_events(command->lpn)) {
    ++stats_.host_reads_waited_for_buffered_writes;
    write_buffer_.hold_read(command->lpn, gp);  // re-run by event_applied
    return;
  }
  const Ppn ppn = core_.lookup(command->lpn);
  if (sort_ && sort_->serve_read(gp, command->lpn)) return;
  if (ppn == kInvalidPpn && faults_.lost(command->lpn)) {
    faults_.host_read_failed(gp);
    return;
  }
  if (ppn == kInvalidPpn) {
    ++stats_.host_reads_unmapped;
    command->data_tag = 0;
    if (config_.data_mode && oracle_ != nullptr && oracle_->expected(command->lpn) != 0) {
      SC_REPORT_ERROR("ssdtlm/data", ("logical page " + std::to_string(command->lpn) +
                                      " is unmapped but was written").c_str());
    }
    complete_host(gp);
    return;
  }
  {
    // In-place GC between its erase and its write-back: the page's data is in controller DRAM.
    const GcJob& job = *gc_jobs_[core_.unit_of_block(core_.geometry().block_of_page(ppn))];
    std::uint64_t tag = 0;
    if (classic_gc_.buffered_tag(job, ppn, tag)) {
      ++stats_.host_reads_from_buffer;
      command->data_tag = tag;
      complete_host_after(gp, config_.write_buffer_access_ns);
      return;
    }
  }
  if (write_buffer_.enabled()) {
    std::uint64_t tag = 0;
    if (write_buffer_.in_flight_tag(ppn, tag)) {
      ++stats_.host_reads_from_buffer;
      command->data_tag = tag;
      complete_host_after(gp, config_.write_buffer_access_ns);
      return;
    }
  }
  if (semi()) {
    const UnitId unit = core_.unit_of_block(core_.geometry().block_of_page(ppn));
    GcJob& job = *gc_jobs_[unit];
    if (job.cycle_active) {
      if (config_.gc_merge && job.semi && semi_gc_->merge_read(job, gp, command->lpn, ppn)) return;
      if (gc_state(unit) >= 3) {
        semi_gc_->hold_read(job, gp);
        return;
      }
    }
  }
  if (programs_.in_flight(ppn)) {
    programs_.hold_read(ppn, gp);  // served again when the program completes
    return;
  }
  FlashTxn& txn = new_txn(TxnKind::HostRead, FlashOpcode::Read, OpOrigin::Host);
  txn.host_gp = &gp;
  txn.lpn = command->lpn;
  txn.ppn = ppn;
  txn.expected_tag = oracle_ != nullptr ? oracle_->expected(command->lpn) : 0;
  set_target(txn.command, ppn, 0);
  txn.command.transfer_bytes = command->bytes;
  issue(txn);
}

bool FtlCpu::read_rest_of_page(PendingWrite& write) {
  // The page is the mapping unit: the sectors this write does not cover must be read from
  // the current copy first (MQSim does the same). A page never written needs no read.
  write.partial = false;
  const Ppn old = core_.lookup(write.lpn);
  if (old == kInvalidPpn || programs_.in_flight(old)) return false;
  if (semi()) {
    const UnitId old_unit = core_.unit_of_block(core_.geometry().block_of_page(old));
    if (gc_jobs_[old_unit]->cycle_active && gc_state(old_unit) >= 3) {
      write.partial = true;  // read again when released
      semi_gc_->hold_merge_read(*gc_jobs_[old_unit], write);
      return true;
    }
  }
  ++stats_.read_modify_writes;
  FlashTxn& txn = new_txn(TxnKind::HostMergeRead, FlashOpcode::Read, OpOrigin::Host);
  txn.host_gp = write.gp;
  txn.write = write;
  txn.lpn = write.lpn;
  txn.ppn = old;
  txn.expected_tag = oracle_ != nullptr ? oracle_->expected(write.lpn) : 0;
  set_target(txn.command, old, 0);
  issue(txn);
  return true;
}

void FtlCpu::place_host_write(const PendingWrite& write, UnitId unit, GcJob* merged_into) {
  if (write.kind == PendingKind::TrimTablePage) durability_.table_page_placed(power_->trim_table_page_of_lpn(write.lpn));
  // power.enabled: the copy this write replaces stays on flash until the write is durable.
  const Ppn replaced = power_ != nullptr && write.kind != PendingKind::CheckpointPage ? core_.lookup(write.lpn) : kInvalidPpn;
  const bool sorted = write.kind == PendingKind::SortedEntry;
  const Ppn ppn = sorted ? core_.write_host_flushed(write.flush_index, unit) : core_.write_host(write.lpn, unit);
  if (ppn == kInvalidPpn) {  // a sort-buffer entry trimmed while it waited
    sort_->entry_done();
    return;
  }
  faults_.page_replaced(write.lpn);
  std::uint64_t tag = 0;
  if (sorted) {
    tag = sort_->program_tag(write.lpn);
  } else if (config_.data_mode && oracle_ != nullptr) {
    tag = write.has_content ? oracle_->record_write_tag(write.lpn, write.content) : oracle_->record_write(write.lpn);
  }
  const bool metadata = write.metadata();
  FlashTxn& txn = new_txn(TxnKind::HostWrite, FlashOpcode::Program, metadata ? OpOrigin::Other : OpOrigin::Host);
  txn.host_gp = write.gp;
  txn.write = write;
  if (replaced != kInvalidPpn) {
    durability_.pin(replaced);
    txn.pinned = replaced;
  }
  txn.job = merged_into;  // a merged write is a step of that GC
  txn.lpn = write.lpn;
  txn.ppn = ppn;
  txn.checkpoint = write.kind == PendingKind::CheckpointPage;
  txn.sorted = sorted;
  set_target(txn.command, ppn, tag);
  if (write_buffer_.enabled()) write_buffer_.program_issued(ppn, tag);
  programs_.issued(ppn);
  issue(txn);
  if (power_ != nullptr && !metadata) {
    power_->host_write_issued(write.lpn, ppn, tag);
    if (power_->host_page_written()) start_checkpoint();
  }
  if (!config_.foreground_gc) maybe_start_gc(unit);
  // Write buffer: a later write or trim of the page may go now (it may place at once).
  if (write.ordered) event_applied(write.lpn);
  if (write.kind == PendingKind::TrimTablePage) durability_.table_page_issued(power_->trim_table_page_of_lpn(write.lpn));
}

// ---------------------------------------------------------------- flash side

// Inline: each caller sets the fields its kind reads right after, and the compiler drops the
// resets they overwrite. `write` (40 bytes) is not reset: only the host write kinds read it,
// and their callers always assign it.
inline FtlCpu::FlashTxn& FtlCpu::new_txn(TxnKind kind, FlashOpcode opcode, OpOrigin origin) {
  FlashTxn* txn = &port_.acquire();
  txn->kind = kind;
  txn->host_gp = nullptr;
  txn->job = nullptr;
  txn->lpn = kInvalidLpn;
  txn->ppn = kInvalidPpn;
  txn->source = kInvalidPpn;
  txn->expected_tag = 0;
  txn->checkpoint = false;
  txn->sorted = false;
  txn->pinned = kInvalidPpn;
  txn->reset_command(opcode, origin);
  return *txn;
}

void FtlCpu::set_target(FlashCommand& command, Ppn ppn, std::uint64_t tag) {
  const PageAddress address = core_.geometry().address_of_page(ppn);
  command.die = address.die;
  auto& target = command.targets[0];
  target.plane = address.plane;
  target.block_in_plane = address.block_in_plane;
  target.page = address.page;
  target.data_tag = tag;
  target.read_retry_step = 0;
  target.failed = false;
}

namespace {

// Out of line: it runs only with cache commands, and inlined it would lengthen issue() for every
// flash command of the runs without them.
[[gnu::noinline]] void apply_cache_commands(CacheCommandStreams& streams, FlashCommand& command) {
  streams.apply(command);
}

}  // namespace

void FtlCpu::issue(FlashTxn& txn) {
  if (config_.cache_commands) apply_cache_commands(*cache_streams_, txn.command);
  ++stats_.flash_commands[static_cast<int>(txn.command.origin)][static_cast<int>(txn.command.opcode)];
  if (power_ != nullptr && txn.command.opcode == FlashOpcode::Erase) {
    power_->erase_issued(core_.geometry().block_id(txn.command.die, txn.command.targets[0].plane,
                                                   txn.command.targets[0].block_in_plane));
  }
  port_.send(txn);
}

void FtlCpu::end_of_elaboration() { port_.link_direct(); }

// The GC's flash steps, written once for both engines.
namespace {

// A GC transaction of the victim's valid page `index`: `lpn`'s copy at `source` read, or moved
// to `ppn` (a template: FlashTxn is FtlCpu's private type).
template <typename Txn>
void set_gc_page(Txn& txn, GcJob& job, std::size_t index, Lpn lpn, Ppn source, Ppn ppn) {
  txn.job = &job;
  txn.lpn = lpn;
  txn.source = source;
  txn.ppn = ppn;
  txn.plan_index = index;
}

}  // namespace

void FtlCpu::issue_gc_read(GcJob& job, std::size_t index, Lpn lpn, Ppn source) {
  FlashTxn& txn = new_txn(TxnKind::GcRead, FlashOpcode::Read, OpOrigin::Gc);
  set_gc_page(txn, job, index, lpn, source, source);
  set_target(txn.command, source, 0);
  issue(txn);
}

void FtlCpu::issue_gc_copyback(GcJob& job, std::size_t index, Lpn lpn, Ppn source, Ppn destination) {
  FlashTxn& txn = new_txn(TxnKind::GcCopyback, FlashOpcode::Copyback, OpOrigin::Gc);
  set_gc_page(txn, job, index, lpn, source, destination);
  set_target(txn.command, source, 0);
  const auto& g = core_.geometry();
  txn.command.targets[0].dest_block_in_plane = g.index_in_plane(g.block_of_page(destination));
  txn.command.targets[0].dest_page = g.page_in_block(destination);
  programs_.issued(destination);
  issue(txn);
}

void FtlCpu::issue_gc_program(GcJob& job, std::size_t index, Lpn lpn, Ppn destination, std::uint64_t tag) {
  FlashTxn& txn = new_txn(TxnKind::GcProgram, FlashOpcode::Program, OpOrigin::Gc);
  txn.job = &job;
  txn.lpn = lpn;
  txn.ppn = destination;
  txn.plan_index = index;
  set_target(txn.command, destination, tag);
  if (write_buffer_.enabled()) write_buffer_.program_issued(destination, tag);
  programs_.issued(destination);
  issue(txn);
}

void FtlCpu::issue_erase(GcJob& job) {
  FlashTxn& txn = new_txn(TxnKind::GcErase, FlashOpcode::Erase, OpOrigin::Gc);
  txn.job = &job;
  set_target(txn.command, core_.geometry().page_id(job.plan.victim, 0), 0);
  issue(txn);
}

void FtlCpu::program_completed(Ppn ppn) {
  if (write_buffer_.enabled()) write_buffer_.program_completed(ppn);
  if (power_ != nullptr) power_->program_completed(ppn);
  programs_.completed(ppn);
}

void FtlCpu::check_read(const FlashTxn& txn, std::uint64_t tag_read) {
  if (!config_.data_mode) return;  // no call per flash read outside data mode
  check_page_data(txn.lpn, txn.ppn, txn.expected_tag, tag_read);
}

void FtlCpu::check_page_data(Lpn lpn, Ppn ppn, std::uint64_t expected_tag, std::uint64_t tag_read) {
  if (!config_.data_mode) return;
  ++stats_.data_checks;
  if (oracle_ != nullptr) oracle_->count_checked_read();
  if (tag_read != expected_tag) {
    std::ostringstream message;
    message << "data mismatch: logical page " << lpn << " read from physical page " << ppn
            << " returned tag " << std::hex << tag_read << ", expected " << expected_tag;
    SC_REPORT_ERROR("ssdtlm/data", message.str().c_str());
  }
}

void FtlCpu::flash_completed(FlashTxn& txn) {
  handle_flash_completion(txn);
  // While a transaction is out the FTL is not idle (idle()'s first test), and after the host
  // workload most completions are GC's with others in flight: check_idle's call is skipped.
  if (idle_callback_ && port_.all_released()) check_idle();
}

void FtlCpu::handle_flash_completion(FlashTxn& txn) {
  if (txn.command.status != FlashStatus::Ok && handle_flash_fault(txn)) return;
  switch (txn.kind) {
    case TxnKind::HostRead: {
      check_read(txn, txn.command.targets[0].data_tag);
      auto* host = txn.host_gp;
      host->get_extension<FtlCommand>()->data_tag = txn.command.targets[0].data_tag;
      release(txn);
      complete_host(*host);
      return;
    }
    case TxnKind::HostMergeRead: {
      check_read(txn, txn.command.targets[0].data_tag);
      PendingWrite write = txn.write;
      write.gp = txn.host_gp;
      write.partial = false;
      release(txn);
      host_writes_.accept(write);
      return;
    }
    case TxnKind::HostWrite: {
      auto* host = txn.host_gp;
      const Ppn ppn = txn.ppn;
      GcJob* merged_into = txn.job;
      const bool checkpoint = txn.checkpoint;
      const bool sorted = txn.sorted;
      const Lpn lpn = txn.lpn;
      const PendingWrite write = txn.write;
      const Ppn pinned = txn.pinned;
      if (power_ != nullptr && !write.metadata()) {
        power_->host_write_durable(txn.lpn, ppn, txn.command.targets[0].data_tag);
      }
      release(txn);
      program_completed(ppn);
      if (pinned != kInvalidPpn) durability_.unpin(pinned);
      if (merged_into != nullptr) semi_gc_->merged_write_completed(*merged_into);
      if (checkpoint) {
        power_->checkpoint_page_completed();
        return;
      }
      if (sorted) {
        sort_->program_completed(lpn);
        return;
      }
      if (write.kind == PendingKind::TrimTablePage) {
        durability_.table_page_written(power_->trim_table_page_of_lpn(write.lpn));
        return;
      }
      durability_.host_event_done(write.host_event);
      if (host != nullptr) {
        complete_host(*host);
      } else {
        host_writes_.buffer_slot_freed();
      }
      return;
    }
    case TxnKind::GcRead: {
      GcJob& job = *txn.job;
      const std::uint64_t tag = txn.command.targets[0].data_tag;
      const Lpn lpn = txn.lpn;
      const Ppn source = txn.source;
      const std::size_t index = txn.plan_index;
      release(txn);
      // The page still holds lpn's current data unless the host overwrote it meanwhile.
      if (config_.data_mode && oracle_ != nullptr && core_.lookup(lpn) == source) {
        check_page_data(lpn, source, oracle_->expected(lpn), tag);
      }
      if (job.semi) {
        semi_gc_->read_completed(job, index, lpn, source, tag);
      } else {
        classic_gc_.read_completed(job, index, lpn, source, tag);
      }
      return;
    }
    case TxnKind::GcProgram:
    case TxnKind::GcCopyback: {
      GcJob& job = *txn.job;
      const Ppn ppn = txn.ppn;
      const std::size_t index = txn.plan_index;
      release(txn);
      program_completed(ppn);
      if (job.semi) {
        semi_gc_->program_completed(job, index);
      } else {
        classic_gc_.program_completed(job, index);
      }
      return;
    }
    case TxnKind::GcErase: {
      GcJob& job = *txn.job;
      release(txn);
      gc_erase_finished(job);
      return;
    }
  }
}

}  // namespace ssdtlm
