// FtlCpu's GC cycles: when a unit collects (FtlCore's watermarks, or a forced collection), its
// victims one after another (FtlCore picks them), which engine moves each victim's pages
// (ClassicGcEngine, SemiPreemptiveGcEngine), and the steps every engine ends a victim with: its
// erase (or retirement) and the next victim.
#include <algorithm>

#include "models/ftl/ftl_cpu.h"
#include "models/ftl/ftl_cpu_txn.h"
#include "models/ftl/recovery/power_loss_recorder.h"
#include "models/kernel/event_loop.h"

namespace ssdtlm {

FtlCpu::GcState FtlCpu::gc_state() const {
  GcState state;
  state.min_free_blocks = ~0u;
  for (UnitId u = 0; u < core_.units(); ++u) state.min_free_blocks = std::min(state.min_free_blocks, core_.free_blocks(u));
  state.units_collecting = units_collecting();
  state.gc_cycles = stats_.gc_cycles;
  return state;
}

int FtlCpu::gc_state(UnitId unit) const { return semi() ? semi_gc_->state(*gc_jobs_[unit]) : 0; }

void FtlCpu::force_gc(std::uint32_t target_free_blocks) {
  for (UnitId u = 0; u < core_.units(); ++u) {
    GcJob& job = *gc_jobs_[u];
    job.forced_target_free_blocks = std::max(job.forced_target_free_blocks, target_free_blocks);
    maybe_start_gc(u);
  }
}

void FtlCpu::start_next_victim(UnitId unit) {
  run_step(config_.cycles_per_gc_victim, [this, unit]() { next_victim(unit); });
}

void FtlCpu::victim_done(GcJob& job) {
  // The victim's blocks are free again: held host writes may go before the next victim.
  host_writes_.wake_waiting_writes(job.unit);
  start_next_victim(job.unit);
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
  // The semi-preemptive engine moves pages between blocks; a victim collected in place (no
  // free block to move into) is left to the classic engine.
  job.semi = semi() && !job.plan.in_place;
  if (job.semi) {
    semi_gc_->collect(job);
    return;
  }
  classic_gc_.collect(job);
}

void FtlCpu::erase_victim(GcJob& job) {
  if (job.plan.kind == VictimKind::Retirement) {  // a grown bad block is retired, not erased
    faults_.retirement_moved(job);
    return;
  }
  if (durability_.erase_must_wait(job)) return;  // power.enabled: its unpin() erases it
  issue_erase(job);
}

void FtlCpu::erase_victim_in_place(GcJob& job) {
  if (power_ != nullptr) {
    // Between the erase and the write-back the valid data would exist only in DRAM. The
    // configuration rules out in-place GC with power.enabled (docs/reliability.md).
    SC_REPORT_ERROR("ssdtlm/ftl", "in-place GC victim with power.enabled: its valid data would not survive a power loss");
  }
  issue_erase(job);
}

void FtlCpu::gc_erase_finished(GcJob& job) {
  const BlockId victim = job.plan.victim;
  programs_.reopen_block(victim);
  if (!job.plan.in_place) {
    core_.finish_gc(victim);
    victim_done(job);
    return;
  }
  core_.reopen_in_place(victim);
  classic_gc_.write_back_buffered(job);
}

void FtlCpu::end_gc_cycle(UnitId unit) {
  GcJob& job = *gc_jobs_[unit];
  job.cycle_active = false;
  job.semi = false;
  job.forced_target_free_blocks = 0;
  stats_.gc_busy_ps += (sim_now() - job.cycle_start).value();
  if (semi_gc_) semi_gc_->release_held_reads(job);
  host_writes_.wake_waiting_writes(unit);
  if (idle_callback_) check_idle();
}

// ---------------------------------------------------------------- the engines' view

void FtlCpu::GcHooks::issue_gc_read(GcJob& job, std::size_t index, Lpn lpn, Ppn source) {
  cpu_.issue_gc_read(job, index, lpn, source);
}

void FtlCpu::GcHooks::issue_gc_copyback(GcJob& job, std::size_t index, Lpn lpn, Ppn source, Ppn destination) {
  cpu_.issue_gc_copyback(job, index, lpn, source, destination);
}

void FtlCpu::GcHooks::issue_gc_program(GcJob& job, std::size_t index, Lpn lpn, Ppn destination, std::uint64_t tag) {
  cpu_.issue_gc_program(job, index, lpn, destination, tag);
}

void FtlCpu::GcHooks::erase_victim(GcJob& job) { cpu_.erase_victim(job); }

void FtlCpu::GcHooks::erase_victim_in_place(GcJob& job) { cpu_.erase_victim_in_place(job); }

void FtlCpu::GcHooks::start_next_victim(UnitId unit) { cpu_.start_next_victim(unit); }

void FtlCpu::GcHooks::wake_waiting_writes(UnitId unit) { cpu_.host_writes_.wake_waiting_writes(unit); }

std::deque<PendingWrite>& FtlCpu::GcHooks::waiting_writes(UnitId unit) { return cpu_.host_writes_.waiting_writes(unit); }

void FtlCpu::GcHooks::place_merged_write(const PendingWrite& write, GcJob& job) {
  cpu_.place_host_write(write, job.unit, &job);
}

void FtlCpu::GcHooks::retry_host_read(tlm::tlm_generic_payload& gp) { cpu_.handle_host_read(gp); }

void FtlCpu::GcHooks::retry_host_write(const PendingWrite& write) { cpu_.host_writes_.accept(write); }

void FtlCpu::GcHooks::answer_host(tlm::tlm_generic_payload& gp, std::uint64_t delay_ns) {
  cpu_.complete_host_after(gp, delay_ns);
}

void FtlCpu::GcHooks::check_page_data(Lpn lpn, Ppn ppn, std::uint64_t expected_tag, std::uint64_t tag_read) {
  cpu_.check_page_data(lpn, ppn, expected_tag, tag_read);
}

std::uint64_t FtlCpu::GcHooks::expected_tag(Lpn lpn) const {
  return cpu_.oracle_ != nullptr ? cpu_.oracle_->expected(lpn) : 0;
}

}  // namespace ssdtlm
