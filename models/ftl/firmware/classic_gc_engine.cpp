#include "models/ftl/ftl_cpu.h"

#include <algorithm>
#include <unordered_set>

#include "models/ftl/ftl_cpu_txn.h"
#include "models/ftl/recovery/power_loss_recorder.h"
#include "models/kernel/event_loop.h"

namespace ssdtlm {

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
  start_next_victim(unit);
}

void FtlCpu::start_next_victim(UnitId unit) {
  run_step(config_.cycles_per_gc_victim, [this, unit]() { next_victim(unit); });
}

void FtlCpu::victim_done(GcJob& job) {
  // The victim's blocks are free again: held host writes may go before the next victim.
  wake_waiting_writes(job.unit);
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
        issue_gc_copyback(job, i, lpn, source, destination);
        return;
      }
      issue_gc_read(job, i, lpn, source);
    });
  }
}

void FtlCpu::gc_page_finished(GcJob& job) {
  if (job.outstanding > 0) --job.outstanding;
  if (job.outstanding > 0) return;
  if (job.writing_back) {
    // In-place programs done: this victim is complete.
    job.writing_back = false;
    start_next_victim(job.unit);
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
  issue_erase(job);
}

void FtlCpu::gc_reads_finished(GcJob& job) {
  // In place: everything valid is buffered; erase the victim, then write it back.
  if (power_ != nullptr) {
    // Between the erase and the write-back the valid data would exist only in DRAM. The
    // configuration rules out in-place GC with power.enabled (docs/reliability.md).
    SC_REPORT_ERROR("ssdtlm/ftl", "in-place GC victim with power.enabled: its valid data would not survive a power loss");
  }
  job.erasing_in_place = true;
  issue_erase(job);
}

void FtlCpu::gc_erase_finished(GcJob& job) {
  const BlockId victim = job.plan.victim;
  block_closed_[victim] = 0;
  if (!job.plan.in_place) {
    core_.finish_gc(victim);
    victim_done(job);
    return;
  }
  core_.reopen_in_place(victim);
  write_back_buffered(job);
}

void FtlCpu::write_back_buffered(GcJob& job) {
  job.erasing_in_place = false;
  // Relocate in the same instant as the reopen so no host write slips into the block first.
  job.writing_back = true;
  // Every program is issued before the first can complete (completions come later), so the
  // count is exact when the first one arrives.
  std::uint32_t programs = 0;
  for (std::size_t i = 0; i < job.plan.valid_pages.size(); ++i) {
    const auto [lpn, source] = job.plan.valid_pages[i];
    const Ppn destination = core_.relocate(lpn, source);
    if (destination == kInvalidPpn) continue;
    issue_gc_program(job, i, lpn, destination, job.buffered_tags[i]);
    ++programs;
  }
  job.outstanding = programs;
  if (programs == 0) {
    job.outstanding = 1;
    gc_page_finished(job);
    return;
  }
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

}  // namespace ssdtlm
