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
      flash_socket("flash_socket"),
      config_(config),
      core_(core),
      oracle_(oracle),
      timer_("timer"),
      cores_(config.cores) {
  host_socket.register_nb_transport_fw(this, &FtlCpu::nb_transport_fw);
  flash_socket.register_nb_transport_bw(this, &FtlCpu::nb_transport_bw);
  const auto blocks = core_.geometry().total_blocks();
  block_pending_programs_.assign(blocks, 0);
  block_closed_.assign(blocks, 0);
  program_in_flight_.assign((core_.geometry().total_pages() + 63) / 64, 0);
  gc_jobs_.resize(core_.units());
  for (UnitId u = 0; u < core_.units(); ++u) {
    gc_jobs_[u] = std::make_unique<GcJob>();
    gc_jobs_[u]->unit = u;
  }
  waiting_writes_.resize(core_.units());
  host_logical_pages_ = core_.logical_pages();
  if (config_.cache_commands) cache_streams_ = std::make_unique<CacheCommandStreams>(core_.geometry());
  sort_init();
}

void FtlCpu::set_power_loss_recorder(PowerLossRecorder* recorder) {
  if (recorder != nullptr && sort_) {
    throw config_error("power.enabled", "is not modelled with mdc's sort buffer (ftl.gc.policy = mdc, "
                                        "ftl.gc.params.sort_buffer_segments > 0)");
  }
  power_ = recorder;
  host_logical_pages_ = recorder != nullptr ? recorder->host_logical_pages() : core_.logical_pages();
  block_pins_.assign(recorder != nullptr ? core_.geometry().total_blocks() : 0, 0);
}

void FtlCpu::start_checkpoint() {
  for (const Lpn lpn : power_->begin_checkpoint()) {
    PendingWrite write{nullptr, lpn, false};
    write.checkpoint = true;
    accept_host_write(write);
  }
}

FtlCpu::~FtlCpu() = default;

std::uint32_t FtlCpu::units_collecting() const {
  std::uint32_t count = 0;
  for (const auto& job : gc_jobs_) count += job->cycle_active ? 1 : 0;
  return count;
}

// ---------------------------------------------------------------- host side

tlm::tlm_sync_enum FtlCpu::nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_time& delay) {
  if (phase == tlm::END_RESP) return tlm::TLM_COMPLETED;
  if (phase != tlm::BEGIN_REQ) {
    SC_REPORT_ERROR("ssdtlm/ftl", "unexpected phase from the host interface");
    return tlm::TLM_COMPLETED;
  }
  auto* command = gp.get_extension<FtlCommand>();
  if (command == nullptr) {
    SC_REPORT_ERROR("ssdtlm/ftl", "host command without FtlCommand extension");
    return tlm::TLM_COMPLETED;
  }
  if (!begin_host_command(gp, *command, delay)) return tlm::TLM_COMPLETED;
  phase = tlm::END_REQ;
  return tlm::TLM_UPDATED;
}

void FtlCpu::begin_command(tlm::tlm_generic_payload& payload, FtlCommand& command) {
  begin_host_command(payload, command, sc_core::SC_ZERO_TIME);
}

const sc_core::sc_interface* FtlCpu::command_forward_interface() const { return &host_socket.get_base_interface(); }

bool FtlCpu::link_command_initiator(CommandInitiator<FtlCommand>& initiator,
                                    const sc_core::sc_interface* backward_interface) {
  if (backward_interface == nullptr || host_socket.get_base_port().get_interface() != backward_interface) return false;
  host_initiator_ = &initiator;
  return true;
}

void FtlCpu::respond_to_host(tlm::tlm_generic_payload& gp) {
  send_begin_response(host_initiator_, host_socket, gp);
}

bool FtlCpu::begin_host_command(tlm::tlm_generic_payload& gp, FtlCommand& host_command, const sc_time& delay) {
  FtlCommand* command = &host_command;
  if (command->lpn >= host_logical_pages_) {
    std::ostringstream message;
    message << "logical page " << command->lpn << " beyond the logical capacity (" << host_logical_pages_ << " pages)";
    SC_REPORT_ERROR("ssdtlm/ftl", message.str().c_str());
    return false;
  }
  auto handle = [this, &gp, command]() {
    if (command_observer_) command_observer_(*command, false);
    switch (command->op) {
      case HostOp::Read: handle_host_read(gp); break;
      case HostOp::Write: handle_host_write(gp); break;
      case HostOp::Trim: handle_host_trim(gp); break;
      case HostOp::Flush:
        if (sort_) {
          sort_host_flush(gp);  // waits for the sort buffer's batch (ftl_cpu_sort_buffer.cpp)
        } else {
          handle_host_flush(gp);  // ftl_cpu_durability.cpp
        }
        break;
      default:
        SC_REPORT_ERROR("ssdtlm/ftl", (std::string(to_string(command->op)) +
                                       " needs the multi-reference store: set ftl.mode = mjolnir").c_str());
        break;
    }
  };
  const std::uint64_t cycles = command->op == HostOp::Read    ? config_.cycles_per_host_read
                             : command->op == HostOp::Write   ? config_.cycles_per_host_write
                             : command->op == HostOp::Trim    ? config_.cycles_per_trim
                                                              : 0;
  if (delay != sc_core::SC_ZERO_TIME) {
    timer_.schedule_in(delay, [this, cycles, handle]() { run_step(cycles, handle); });
  } else {
    run_step(cycles, handle);
  }
  return true;
}

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

void FtlCpu::handle_host_read(tlm::tlm_generic_payload& gp) {
  auto* command = gp.get_extension<FtlCommand>();
  if (!lpn_events_.empty() && lpn_events_.count(command->lpn) != 0) {  // write buffer only
    ++stats_.host_reads_waited_for_buffered_writes;
    reads_waiting_for_events_[command->lpn].push_back(&gp);  // re-run by event_applied
    return;
  }
  const Ppn ppn = core_.lookup(command->lpn);
  if (sort_ && sort_serve_read(gp, command->lpn)) return;
  if (ppn == kInvalidPpn && lost(command->lpn)) {
    ++stats_.host_read_errors;
    complete_host_with_error(gp);
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
    if (job.erasing_in_place && core_.geometry().block_of_page(ppn) == job.plan.victim) {
      for (std::size_t i = 0; i < job.plan.valid_pages.size(); ++i) {
        if (job.plan.valid_pages[i].second == ppn) {
          ++stats_.host_reads_from_buffer;
          command->data_tag = job.buffered_tags[i];
          complete_host_after(gp, config_.write_buffer_access_ns);
          return;
        }
      }
    }
  }
  if (config_.write_buffer_pages > 0) {
    const auto buffered = inflight_tags_.find(ppn);
    if (buffered != inflight_tags_.end()) {
      ++stats_.host_reads_from_buffer;
      command->data_tag = buffered->second;
      complete_host_after(gp, config_.write_buffer_access_ns);
      return;
    }
  }
  if (semi()) {
    const UnitId unit = core_.unit_of_block(core_.geometry().block_of_page(ppn));
    GcJob& job = *gc_jobs_[unit];
    if (job.cycle_active) {
      if (config_.gc_merge && job.semi && semi_merge_read(job, gp, command->lpn, ppn)) return;
      if (gc_state(unit) >= 3) {
        ++stats_.gc_held_host_reads;
        job.held.push_back({&gp, PendingWrite{nullptr, 0, false}, false});
        return;
      }
    }
  }
  if (program_in_flight(ppn)) {
    reads_waiting_for_program_[ppn].push_back(&gp);  // re-issued by program_completed
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

void FtlCpu::handle_host_trim(tlm::tlm_generic_payload& gp) {
  auto* command = gp.get_extension<FtlCommand>();
  PendingWrite trim{&gp, command->lpn, false};
  trim.trim = true;
  trim.host_event = new_host_event();
  if (!waiting_for_buffer_.empty()) {  // behind writes waiting for room in the buffer, in order
    waiting_for_buffer_.push_back(trim);
    return;
  }
  submit_trim(trim);  // ftl_cpu_durability.cpp
}

void FtlCpu::handle_host_write(tlm::tlm_generic_payload& gp) {
  auto* command = gp.get_extension<FtlCommand>();
  if (core_.end_of_life()) {  // spare blocks exhausted: read-only
    ++stats_.host_write_errors;
    complete_host_with_error(gp);
    return;
  }
  PendingWrite write{&gp, command->lpn, command->bytes < core_.geometry().page_size_bytes};
  write.host_event = new_host_event();
  if (write_content_ && config_.data_mode) {
    // Taken now: with a write buffer the host is answered before the page is placed.
    write.has_content = true;
    write.content = write_content_(command->lpn);
  }
  if (config_.write_buffer_pages == 0) {
    accept_host_write(write);
    return;
  }
  if (buffered_writes_ >= config_.write_buffer_pages) {
    waiting_for_buffer_.push_back(write);
    return;
  }
  ++buffered_writes_;
  complete_host_after(gp, config_.write_buffer_access_ns);
  write.gp = nullptr;  // answered: the payload is the host's again
  accept_host_write(write);
}

void FtlCpu::admit_waiting_for_buffer() {
  // In arrival order: a trim that arrived behind writes waiting for room waits with them.
  while (!waiting_for_buffer_.empty()) {
    PendingWrite next = waiting_for_buffer_.front();
    if (next.trim) {
      waiting_for_buffer_.pop_front();
      submit_trim(next);
      continue;
    }
    if (buffered_writes_ >= config_.write_buffer_pages) return;
    waiting_for_buffer_.pop_front();
    ++buffered_writes_;
    complete_host_after(*next.gp, config_.write_buffer_access_ns);
    next.gp = nullptr;
    accept_host_write(next);
  }
}

void FtlCpu::accept_host_write(PendingWrite write) {
  if (wait_for_earlier_events(write)) return;  // write buffer: an earlier write or trim of the page goes first
  if (write.partial) {
    // The page is the mapping unit: the sectors this write does not cover must be read from
    // the current copy first (MQSim does the same). A page never written needs no read.
    write.partial = false;
    const Ppn old = core_.lookup(write.lpn);
    if (old != kInvalidPpn && !program_in_flight(old)) {
      if (semi()) {
        const UnitId old_unit = core_.unit_of_block(core_.geometry().block_of_page(old));
        if (gc_jobs_[old_unit]->cycle_active && gc_state(old_unit) >= 3) {
          ++stats_.gc_held_host_reads;
          write.partial = true;  // read again when released
          gc_jobs_[old_unit]->held.push_back({write.gp, write, true});
          return;
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
      return;
    }
  }
  if (sort_ && write.flush_index == PendingWrite::kNotFlushed && !write.checkpoint && !write.trim_table) {
    sort_stage(write);  // programmed later, sorted, with its batch
    return;
  }
  const UnitId unit = core_.next_host_unit();
  maybe_start_gc(unit);
  if (host_write_must_wait(unit)) {
    ++stats_.host_writes_waited_for_gc;
    waiting_writes_[unit].push_back(write);
    return;
  }
  place_host_write(write, unit);
}

bool FtlCpu::host_write_must_wait(UnitId unit) const {
  if (!waiting_writes_[unit].empty()) return true;  // keep per-unit order
  if (semi()) {
    // The preemption level decides (ftl.gc.foreground is not used): writes preempt GC only in
    // State 1.
    if (gc_state(unit) >= 2) return true;
    return !core_.can_accept_host_write(unit);
  }
  if (config_.foreground_gc && gc_jobs_[unit]->cycle_active) return true;
  return !core_.can_accept_host_write(unit);
}

void FtlCpu::place_host_write(PendingWrite write, UnitId unit, GcJob* merged_into) {
  if (write.trim_table) apply_trims_of_table_page(power_->trim_table_page_of_lpn(write.lpn));
  // power.enabled: the copy this write replaces stays on flash until the write is durable.
  const Ppn replaced = power_ != nullptr && !write.checkpoint ? core_.lookup(write.lpn) : kInvalidPpn;
  const bool sorted = write.flush_index != PendingWrite::kNotFlushed;
  const Ppn ppn = sorted ? core_.write_host_flushed(write.flush_index, unit) : core_.write_host(write.lpn, unit);
  if (ppn == kInvalidPpn) {  // a sort-buffer entry trimmed while it waited
    sort_entry_done();
    return;
  }
  if (!lost_lpns_.empty()) lost_lpns_.erase(write.lpn);
  std::uint64_t tag = 0;
  if (sorted) {
    tag = sort_program_tag(write.lpn);
  } else if (config_.data_mode && oracle_ != nullptr) {
    tag = write.has_content ? oracle_->record_write_tag(write.lpn, write.content) : oracle_->record_write(write.lpn);
  }
  const bool metadata = write.checkpoint || write.trim_table;
  FlashTxn& txn = new_txn(TxnKind::HostWrite, FlashOpcode::Program, metadata ? OpOrigin::Other : OpOrigin::Host);
  txn.host_gp = write.gp;
  txn.write = write;
  if (replaced != kInvalidPpn) {
    pin(replaced);
    txn.pinned = replaced;
  }
  txn.job = merged_into;  // a merged write is a step of that GC
  txn.lpn = write.lpn;
  txn.ppn = ppn;
  txn.checkpoint = write.checkpoint;
  txn.sorted = sorted;
  set_target(txn.command, ppn, tag);
  if (config_.write_buffer_pages > 0) inflight_tags_[ppn] = tag;
  program_issued(ppn);
  issue(txn);
  if (power_ != nullptr && !metadata) {
    power_->host_write_issued(write.lpn, ppn, tag);
    if (power_->host_page_written()) start_checkpoint();
  }
  if (!config_.foreground_gc) maybe_start_gc(unit);
  // Write buffer: a later write or trim of the page may go now (it may place at once).
  if (write.ordered) event_applied(write.lpn);
  if (write.trim_table) {
    std::vector<Lpn> applied;
    for (const auto& [trim, pinned] : trim_tables_[power_->trim_table_page_of_lpn(write.lpn)].carried) {
      if (trim.ordered) applied.push_back(trim.lpn);
    }
    for (const Lpn lpn : applied) event_applied(lpn);
  }
}

void FtlCpu::wake_waiting_writes(UnitId unit) {
  auto& queue = waiting_writes_[unit];
  while (!queue.empty()) {
    if (semi()) {
      if (gc_state(unit) >= 2) return;
    } else if (config_.foreground_gc && gc_jobs_[unit]->cycle_active) {
      return;
    }
    if (!core_.can_accept_host_write(unit)) {
      maybe_start_gc(unit);
      return;
    }
    if (!semi() && config_.foreground_gc && core_.gc_wanted(unit)) {
      maybe_start_gc(unit);
      return;
    }
    const PendingWrite write = queue.front();
    queue.pop_front();
    place_host_write(write, unit);
  }
}

// ---------------------------------------------------------------- idle detection

bool FtlCpu::idle() const {
  if (free_txns_.size() != txn_storage_.size() || buffered_writes_ != 0 || !waiting_for_buffer_.empty()) return false;
  if (sort_ && sort_busy()) return false;
  if (flushes_.has_waiting() || !lpn_waiting_.empty() || !erases_waiting_.empty()) return false;
  if (!reads_waiting_for_events_.empty()) return false;
  for (const auto& [page, table] : trim_tables_) {
    if (table.writing || !table.pending.empty()) return false;
  }
  for (UnitId u = 0; u < core_.units(); ++u) {
    if (gc_jobs_[u]->cycle_active || !waiting_writes_[u].empty()) return false;
  }
  return true;
}

void FtlCpu::notify_when_idle(std::function<void()> callback) {
  idle_callback_ = std::move(callback);
  if (sort_) sort_flush_if_finishing();  // the last partial sort-buffer batch
  check_idle();
}

void FtlCpu::check_idle() {
  if (idle_callback_ && idle()) {
    auto callback = std::move(idle_callback_);
    idle_callback_ = nullptr;
    callback();
  }
}

// ---------------------------------------------------------------- GC

FtlCpu::GcState FtlCpu::gc_state() const {
  GcState state;
  state.min_free_blocks = ~0u;
  for (UnitId u = 0; u < core_.units(); ++u) state.min_free_blocks = std::min(state.min_free_blocks, core_.free_blocks(u));
  state.units_collecting = units_collecting();
  state.gc_cycles = stats_.gc_cycles;
  return state;
}

void FtlCpu::force_gc(std::uint32_t target_free_blocks) {
  for (UnitId u = 0; u < core_.units(); ++u) {
    GcJob& job = *gc_jobs_[u];
    job.forced_target_free_blocks = std::max(job.forced_target_free_blocks, target_free_blocks);
    maybe_start_gc(u);
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
  run_step(config_.cycles_per_gc_victim, [this, unit]() { next_victim(unit); });
}

void FtlCpu::next_victim(UnitId unit) {
  GcJob& job = *gc_jobs_[unit];
  if (!unit_should_collect(unit)) {
    end_gc_cycle(unit);
    return;
  }
  job.plan = core_.begin_gc(unit);
  if (job.plan.victim == kInvalidBlock) {
    // Every full block still has programs in flight: the next seal restarts GC.
    end_gc_cycle(unit);
    return;
  }
  ++stats_.gc_victims;
  job.semi = semi() && !job.plan.in_place;
  if (job.semi) {
    semi_begin_victim(job);
    return;
  }
  const auto& pages = job.plan.valid_pages;
  job.outstanding = static_cast<std::uint32_t>(pages.size());
  job.buffered_tags.assign(job.plan.in_place ? pages.size() : 0, 0);
  job.writing_back = false;
  if (pages.empty()) {
    if (job.plan.in_place) {
      gc_reads_finished(job);
    } else {
      gc_page_finished(job);  // outstanding 0: straight to the erase
    }
    return;
  }
  for (std::size_t i = 0; i < pages.size(); ++i) {
    run_step(config_.cycles_per_gc_page, [this, &job, i]() {
      const auto [lpn, source] = job.plan.valid_pages[i];
      if (config_.use_copyback && !job.plan.in_place) {
        const Ppn destination = core_.relocate(lpn, source);
        if (destination == kInvalidPpn) {
          gc_page_finished(job);
          return;
        }
        FlashTxn& txn = new_txn(TxnKind::GcCopyback, FlashOpcode::Copyback, OpOrigin::Gc);
        txn.job = &job;
        txn.lpn = lpn;
        txn.source = source;
        txn.ppn = destination;
        set_target(txn.command, source, 0);
        const auto& g = core_.geometry();
        txn.command.targets[0].dest_block_in_plane = g.index_in_plane(g.block_of_page(destination));
        txn.command.targets[0].dest_page = g.page_in_block(destination);
        program_issued(destination);
        issue(txn);
        return;
      }
      FlashTxn& txn = new_txn(TxnKind::GcRead, FlashOpcode::Read, OpOrigin::Gc);
      txn.job = &job;
      txn.lpn = lpn;
      txn.source = source;
      txn.ppn = source;
      txn.plan_index = i;
      set_target(txn.command, source, 0);
      issue(txn);
    });
  }
}

void FtlCpu::gc_page_finished(GcJob& job) {
  if (job.outstanding > 0) --job.outstanding;
  if (job.outstanding > 0) return;
  if (job.writing_back) {
    // In-place programs done: this victim is complete.
    job.writing_back = false;
    run_step(config_.cycles_per_gc_victim, [this, unit = job.unit]() { next_victim(unit); });
    return;
  }
  issue_gc_erase(job);
}

void FtlCpu::issue_gc_erase(GcJob& job) {
  if (job.plan.kind == VictimKind::Retirement) {  // a grown bad block is retired, not erased
    retirement_moved(job);
    return;
  }
  if (!block_pins_.empty() && block_pins_[job.plan.victim] != 0) {
    // power.enabled: the victim still holds the newest durable copy of a page whose newer
    // copy (or trim) is not durable yet; erased now, a power loss could lose that page.
    ++stats_.erases_waited_for_durability;
    erases_waiting_[job.plan.victim] = &job;  // unpin() issues the erase
    return;
  }
  FlashTxn& txn = new_txn(TxnKind::GcErase, FlashOpcode::Erase, OpOrigin::Gc);
  txn.job = &job;
  const auto& g = core_.geometry();
  set_target(txn.command, g.page_id(job.plan.victim, 0), 0);
  issue(txn);
}

void FtlCpu::gc_reads_finished(GcJob& job) {
  // In place: everything valid is buffered; erase the victim, then write it back.
  if (power_ != nullptr) {
    // Between the erase and the write-back the valid data would exist only in DRAM. The
    // configuration rules out in-place GC with power.enabled (docs/reliability.md).
    SC_REPORT_ERROR("ssdtlm/ftl", "in-place GC victim with power.enabled: its valid data would not survive a power loss");
  }
  job.erasing_in_place = true;
  FlashTxn& txn = new_txn(TxnKind::GcErase, FlashOpcode::Erase, OpOrigin::Gc);
  txn.job = &job;
  set_target(txn.command, core_.geometry().page_id(job.plan.victim, 0), 0);
  issue(txn);
}

void FtlCpu::gc_erase_finished(GcJob& job) {
  const BlockId victim = job.plan.victim;
  block_closed_[victim] = 0;
  if (!job.plan.in_place) {
    core_.finish_gc(victim);
    wake_waiting_writes(job.unit);
    run_step(config_.cycles_per_gc_victim, [this, unit = job.unit]() { next_victim(unit); });
    return;
  }
  core_.reopen_in_place(victim);
  write_back_buffered(job);
}

void FtlCpu::write_back_buffered(GcJob& job) {
  job.erasing_in_place = false;
  // Relocate in the same instant as the reopen so no host write slips into the block first.
  job.writing_back = true;
  job.outstanding = 0;
  std::vector<FlashTxn*> programs;
  for (std::size_t i = 0; i < job.plan.valid_pages.size(); ++i) {
    const auto [lpn, source] = job.plan.valid_pages[i];
    const Ppn destination = core_.relocate(lpn, source);
    if (destination == kInvalidPpn) continue;
    FlashTxn& txn = new_txn(TxnKind::GcProgram, FlashOpcode::Program, OpOrigin::Gc);
    txn.job = &job;
    txn.lpn = lpn;
    txn.ppn = destination;
    set_target(txn.command, destination, job.buffered_tags[i]);
    if (config_.write_buffer_pages > 0) inflight_tags_[destination] = job.buffered_tags[i];
    program_issued(destination);
    programs.push_back(&txn);
  }
  job.outstanding = static_cast<std::uint32_t>(programs.size());
  if (programs.empty()) {
    job.outstanding = 1;
    gc_page_finished(job);
    return;
  }
  for (FlashTxn* txn : programs) issue(*txn);
  wake_waiting_writes(job.unit);
}

void FtlCpu::end_gc_cycle(UnitId unit) {
  GcJob& job = *gc_jobs_[unit];
  job.cycle_active = false;
  job.semi = false;
  job.forced_target_free_blocks = 0;
  stats_.gc_busy_ps += (sim_now() - job.cycle_start).value();
  release_held_reads(job);
  wake_waiting_writes(unit);
  if (idle_callback_) check_idle();
}

// ---------------------------------------------------------------- semi-preemptive GC
//
// A victim's valid pages are copied one flash step at a time (page read, then page program, or
// one copyback), then the victim is erased. Every step ends at a preemption point where the
// plane's state (seed 001's table) is read again:
//   State 1  host reads and writes for the plane go to the controller as they come, so they
//            queue ahead of the GC's next step: the GC yields to them;
//   State 2  reads as in State 1; host writes wait (before allocation) for State 1 or the end
//            of the cycle;
//   State 3  host reads wait too (held here), and so do writes: the GC runs back to back.
// Merge: a host read of a page the GC is about to move, or is reading, is answered by the GC's
// read (the copy is moved to the front of the plan); a read of a page the GC has read but not
// yet programmed is answered from the GC's buffer; a held host write of a page not yet moved
// is programmed as the GC's next step, and the move is dropped. Pipeline: the next copy's read
// is issued when the current copy's program is, so the die has the GC's next step queued when
// the program ends (host requests then wait for at most that one extra step).

int FtlCpu::gc_state(UnitId unit) const {
  const GcJob& job = *gc_jobs_[unit];
  if (!semi() || !job.cycle_active) return 0;
  if (!config_.gc_yield) return 3;
  const std::uint32_t free = core_.free_blocks(unit);
  if (free <= config_.gc_state3_free_blocks) return 3;
  if (free <= config_.gc_state2_free_blocks) return 2;
  return 1;
}

void FtlCpu::release_held_reads(GcJob& job) {
  if (job.held.empty()) return;
  std::deque<GcJob::HeldRead> held;
  held.swap(job.held);
  for (const GcJob::HeldRead& read : held) {
    if (read.read_modify_write) {
      accept_host_write(read.write);
    } else {
      handle_host_read(*read.gp);  // looked up again: the GC may have moved the page
    }
  }
}

void FtlCpu::semi_apply_state(UnitId unit, bool count) {
  const int state = gc_state(unit);
  if (count) ++stats_.gc_preemption_points[state];
  if (state <= 2) release_held_reads(*gc_jobs_[unit]);
  if (state <= 1) wake_waiting_writes(unit);
}

void FtlCpu::semi_begin_victim(GcJob& job) {
  const auto& g = core_.geometry();
  const std::size_t n = job.plan.valid_pages.size();
  job.pending.clear();
  for (std::size_t i = 0; i < n; ++i) job.pending.push_back(i);
  job.stage.assign(n, GcJob::NotStarted);
  job.destination.assign(n, kInvalidPpn);
  job.tags.assign(n, 0);
  job.index_of_page.assign(g.pages_per_block, -1);
  for (std::size_t i = 0; i < n; ++i) {
    job.index_of_page[g.page_in_block(job.plan.valid_pages[i].second)] = static_cast<std::int32_t>(i);
  }
  job.readers.assign(n, {});
  job.buffered.clear();
  job.step_starting = false;
  job.reading = false;
  job.programs_in_flight = 0;
  job.erase_issued = false;
  semi_advance(job);
}

void FtlCpu::semi_advance(GcJob& job) {
  if (!job.semi || job.erase_issued) return;
  semi_apply_state(job.unit, true);  // the preemption point
  if (!job.semi || job.erase_issued || job.step_starting || job.reading) return;
  // Without the pipeline one GC step is outstanding at a time; with it, the next copy starts
  // while the previous copy's program (or copyback) is still queued or running.
  if (job.programs_in_flight > (config_.gc_pipeline ? 1u : 0u)) return;
  if (config_.gc_merge && semi_merge_write(job)) return;
  while (!job.pending.empty()) {
    const std::size_t index = job.pending.front();
    job.pending.pop_front();
    const auto [lpn, source] = job.plan.valid_pages[index];
    if (core_.lookup(lpn) != source) {  // overwritten: nothing to move
      semi_skip_copy(job, index);
      continue;
    }
    job.stage[index] = GcJob::Reading;  // reads merge into it from now on
    job.step_starting = true;
    run_step(config_.cycles_per_gc_page, [this, &job, index]() { semi_issue_copy(job, index); });
    return;
  }
  if (job.programs_in_flight == 0) {
    job.erase_issued = true;
    ++stats_.gc_steps;
    issue_gc_erase(job);
  }
}

void FtlCpu::semi_skip_copy(GcJob& job, std::size_t index) {
  job.stage[index] = GcJob::Skipped;
  std::vector<GcJob::Reader> readers;
  readers.swap(job.readers[index]);
  for (const GcJob::Reader& reader : readers) handle_host_read(*reader.gp);  // the new copy
}

void FtlCpu::semi_issue_copy(GcJob& job, std::size_t index) {
  job.step_starting = false;
  const auto [lpn, source] = job.plan.valid_pages[index];
  if (core_.lookup(lpn) != source) {  // overwritten during the firmware step
    semi_skip_copy(job, index);
    semi_advance(job);
    return;
  }
  ++stats_.gc_steps;
  if (config_.use_copyback) {
    const Ppn destination = core_.relocate(lpn, source);
    job.stage[index] = GcJob::Buffered;
    job.destination[index] = destination;
    FlashTxn& txn = new_txn(TxnKind::GcCopyback, FlashOpcode::Copyback, OpOrigin::Gc);
    txn.job = &job;
    txn.lpn = lpn;
    txn.source = source;
    txn.ppn = destination;
    txn.plan_index = index;
    set_target(txn.command, source, 0);
    const auto& g = core_.geometry();
    txn.command.targets[0].dest_block_in_plane = g.index_in_plane(g.block_of_page(destination));
    txn.command.targets[0].dest_page = g.page_in_block(destination);
    program_issued(destination);
    ++job.programs_in_flight;
    issue(txn);
    semi_advance(job);  // pipeline: the next copyback may queue behind this one
    return;
  }
  job.reading = true;
  FlashTxn& txn = new_txn(TxnKind::GcRead, FlashOpcode::Read, OpOrigin::Gc);
  txn.job = &job;
  txn.lpn = lpn;
  txn.source = source;
  txn.ppn = source;
  txn.plan_index = index;
  set_target(txn.command, source, 0);
  issue(txn);
}

void FtlCpu::semi_read_done(GcJob& job, std::size_t index, std::uint64_t tag) {
  job.reading = false;
  const auto [lpn, source] = job.plan.valid_pages[index];
  // Merged host reads get the page from the GC's read.
  std::vector<GcJob::Reader> readers;
  readers.swap(job.readers[index]);
  for (const GcJob::Reader& reader : readers) {
    if (config_.data_mode) {
      FlashTxn probe;
      probe.lpn = lpn;
      probe.ppn = source;
      probe.expected_tag = reader.expected_tag;
      check_read(probe, tag);
    }
    reader.gp->get_extension<FtlCommand>()->data_tag = tag;
    complete_host(*reader.gp);
  }
  semi_apply_state(job.unit, false);  // preemption point between the read and the program
  const Ppn destination = core_.relocate(lpn, source);
  if (destination == kInvalidPpn) {
    job.stage[index] = GcJob::Done;  // overwritten meanwhile: nothing to program
  } else {
    job.stage[index] = GcJob::Buffered;
    job.destination[index] = destination;
    job.tags[index] = tag;
    job.buffered.push_back(index);
    FlashTxn& program = new_txn(TxnKind::GcProgram, FlashOpcode::Program, OpOrigin::Gc);
    program.job = &job;
    program.lpn = lpn;
    program.ppn = destination;
    program.plan_index = index;
    set_target(program.command, destination, tag);
    if (config_.write_buffer_pages > 0) inflight_tags_[destination] = tag;
    program_issued(destination);
    ++job.programs_in_flight;
    ++stats_.gc_steps;
    issue(program);
  }
  semi_advance(job);
}

bool FtlCpu::semi_merge_read(GcJob& job, tlm::tlm_generic_payload& gp, Lpn lpn, Ppn ppn) {
  if (config_.use_copyback || job.erase_issued) return false;  // copyback data never leaves the die
  const auto& g = core_.geometry();
  const std::uint64_t expected = oracle_ != nullptr ? oracle_->expected(lpn) : 0;
  if (g.block_of_page(ppn) == job.plan.victim) {
    const std::int32_t slot = job.index_of_page[g.page_in_block(ppn)];
    if (slot < 0) return false;
    const auto index = static_cast<std::size_t>(slot);
    if (job.stage[index] == GcJob::NotStarted) {
      // Move this copy to the front: the GC's next read answers the host.
      job.pending.erase(std::find(job.pending.begin(), job.pending.end(), index));
      job.pending.push_front(index);
    } else if (job.stage[index] != GcJob::Reading) {
      return false;
    }
    job.readers[index].push_back({&gp, expected});
    ++stats_.gc_merged_host_reads;
    return true;
  }
  for (const std::size_t index : job.buffered) {
    if (job.destination[index] != ppn) continue;
    // Read by the GC, program still in flight: the page is in the GC's buffer.
    ++stats_.gc_merged_host_reads;
    if (config_.data_mode) {
      FlashTxn probe;
      probe.lpn = lpn;
      probe.ppn = ppn;
      probe.expected_tag = expected;
      check_read(probe, job.tags[index]);
    }
    gp.get_extension<FtlCommand>()->data_tag = job.tags[index];
    complete_host_after(gp, config_.write_buffer_access_ns);
    return true;
  }
  return false;
}

bool FtlCpu::semi_merge_write(GcJob& job) {
  auto& queue = waiting_writes_[job.unit];
  if (queue.empty() || !core_.can_accept_host_write(job.unit)) return false;
  const auto& g = core_.geometry();
  // The oldest held write of a page the GC has still to move (and no older held write of the
  // same page, whose data it would otherwise overtake).
  std::unordered_set<Lpn> seen;
  for (auto it = queue.begin(); it != queue.end(); ++it) {
    if (!seen.insert(it->lpn).second) continue;
    const Ppn ppn = core_.lookup(it->lpn);
    if (ppn == kInvalidPpn || g.block_of_page(ppn) != job.plan.victim) continue;
    const std::int32_t slot = job.index_of_page[g.page_in_block(ppn)];
    if (slot < 0 || job.stage[static_cast<std::size_t>(slot)] != GcJob::NotStarted) continue;
    const PendingWrite write = *it;
    queue.erase(it);
    ++stats_.gc_merged_host_writes;
    ++stats_.gc_steps;
    ++job.programs_in_flight;
    place_host_write(write, job.unit, &job);  // the move of the old copy is dropped
    return true;
  }
  return false;
}

// ---------------------------------------------------------------- flash side

// Inline: each caller sets the fields its kind reads right after, and the compiler drops the
// resets they overwrite. `write` (40 bytes) is not reset: only the host write kinds read it,
// and their callers always assign it.
inline FtlCpu::FlashTxn& FtlCpu::new_txn(TxnKind kind, FlashOpcode opcode, OpOrigin origin) {
  if (free_txns_.empty()) add_txn();
  FlashTxn* txn = free_txns_.back();
  free_txns_.pop_back();
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
  txn->command.opcode = opcode;
  txn->command.origin = origin;
  txn->command.plane_count = 1;
  txn->command.transfer_bytes = 0;
  txn->command.status = FlashStatus::Ok;
  return *txn;
}

void FtlCpu::add_txn() {
  txn_storage_.push_back(std::make_unique<FlashTxn>());
  free_txns_.push_back(txn_storage_.back().get());
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

// Out of line: inlined, its body cost every flash command of a run without cache commands a few
// instructions in issue() (bench (a)).
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
  txn.set_command(tlm::TLM_IGNORE_COMMAND);
  txn.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  bool accepted;
  if (flash_target_ != nullptr) {
    accepted = flash_target_->begin_command(txn, txn.command);
  } else {
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_time delay = sc_core::SC_ZERO_TIME;
    accepted = flash_socket->nb_transport_fw(txn, phase, delay) != tlm::TLM_COMPLETED;
  }
  if (!accepted) {
    SC_REPORT_ERROR("ssdtlm/ftl", "flash controller completed a command synchronously; expected BEGIN_RESP later");
  }
}

void FtlCpu::end_of_elaboration() {
  FlashCommandTarget* target = find_flash_command_target(flash_socket.get_base_port().get_interface());
  if (target != nullptr && target->link_command_initiator(*this, &flash_socket.get_base_interface())) {
    flash_target_ = target;
  }
}

void FtlCpu::end_command(tlm::tlm_generic_payload& payload) {
  flash_completed(static_cast<FlashTxn&>(payload));  // only FlashTxns are issued
}

tlm::tlm_sync_enum FtlCpu::nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_time& delay) {
  if (phase != tlm::BEGIN_RESP) return tlm::TLM_ACCEPTED;
  auto* command = gp.get_extension<FlashCommand>();
  auto* txn = reinterpret_cast<FlashTxn*>(command->issuer_tag);
  if (delay != sc_core::SC_ZERO_TIME) {
    timer_.schedule_in(delay, [this, txn]() { flash_completed(*txn); });
  } else {
    flash_completed(*txn);
  }
  return tlm::TLM_COMPLETED;
}

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
  if (config_.write_buffer_pages > 0) inflight_tags_.erase(ppn);
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
      if (!sort_ || !sort_defers_gc(core_.unit_of_block(block))) maybe_start_gc(core_.unit_of_block(block));
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

void FtlCpu::check_read(const FlashTxn& txn, std::uint64_t tag_read) {
  if (!config_.data_mode) return;
  ++stats_.data_checks;
  if (oracle_ != nullptr) oracle_->count_checked_read();
  if (tag_read != txn.expected_tag) {
    std::ostringstream message;
    message << "data mismatch: logical page " << txn.lpn << " read from physical page " << txn.ppn
            << " returned tag " << std::hex << tag_read << ", expected " << txn.expected_tag;
    SC_REPORT_ERROR("ssdtlm/data", message.str().c_str());
  }
}

void FtlCpu::flash_completed(FlashTxn& txn) {
  handle_flash_completion(txn);
  // While a transaction is out the FTL is not idle (idle()'s first test), and after the host
  // workload most completions are GC's with others in flight: check_idle's call is skipped.
  if (idle_callback_ && free_txns_.size() == txn_storage_.size()) check_idle();
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
      accept_host_write(write);
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
      if (power_ != nullptr && !checkpoint && !write.trim_table) {
        power_->host_write_durable(txn.lpn, ppn, txn.command.targets[0].data_tag);
      }
      release(txn);
      program_completed(ppn);
      if (pinned != kInvalidPpn) unpin(pinned);
      if (merged_into != nullptr) {
        --merged_into->programs_in_flight;
        semi_advance(*merged_into);
      }
      if (checkpoint) {
        power_->checkpoint_page_completed();
        return;
      }
      if (sorted) {
        sort_program_completed(lpn);
        return;
      }
      if (write.trim_table) {
        trim_table_write_completed(power_->trim_table_page_of_lpn(write.lpn));
        return;
      }
      host_event_done(write.host_event);
      if (host != nullptr) {
        complete_host(*host);
      } else {
        --buffered_writes_;
        admit_waiting_for_buffer();
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
        FlashTxn probe;
        probe.lpn = lpn;
        probe.ppn = source;
        probe.expected_tag = oracle_->expected(lpn);
        check_read(probe, tag);
      }
      if (job.semi) {
        semi_read_done(job, index, tag);
        return;
      }
      if (job.plan.in_place) {
        job.buffered_tags[index] = tag;
        if (--job.outstanding == 0) gc_reads_finished(job);
        return;
      }
      const Ppn destination = core_.relocate(lpn, source);
      if (destination == kInvalidPpn) {
        gc_page_finished(job);  // overwritten meanwhile: nothing to move
        return;
      }
      FlashTxn& program = new_txn(TxnKind::GcProgram, FlashOpcode::Program, OpOrigin::Gc);
      program.job = &job;
      program.lpn = lpn;
      program.ppn = destination;
      set_target(program.command, destination, tag);
      if (config_.write_buffer_pages > 0) inflight_tags_[destination] = tag;
      program_issued(destination);
      issue(program);
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
        if (index < job.stage.size()) {
          job.stage[index] = GcJob::Done;
          auto& buffered = job.buffered;
          buffered.erase(std::remove(buffered.begin(), buffered.end(), index), buffered.end());
        }
        --job.programs_in_flight;
        semi_advance(job);
        return;
      }
      gc_page_finished(job);
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
