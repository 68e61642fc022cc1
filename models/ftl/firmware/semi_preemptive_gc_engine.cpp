#include "models/ftl/ftl_cpu.h"

#include <algorithm>
#include <unordered_set>

#include "models/ftl/ftl_cpu_txn.h"
#include "models/ftl/recovery/power_loss_recorder.h"
#include "models/kernel/event_loop.h"

namespace ssdtlm {

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
    ++job.programs_in_flight;
    issue_gc_copyback(job, index, lpn, source, destination);
    semi_advance(job);  // pipeline: the next copyback may queue behind this one
    return;
  }
  job.reading = true;
  issue_gc_read(job, index, lpn, source);
}

void FtlCpu::semi_read_done(GcJob& job, std::size_t index, std::uint64_t tag) {
  job.reading = false;
  const auto [lpn, source] = job.plan.valid_pages[index];
  // Merged host reads get the page from the GC's read.
  std::vector<GcJob::Reader> readers;
  readers.swap(job.readers[index]);
  for (const GcJob::Reader& reader : readers) {
    check_page_data(lpn, source, reader.expected_tag, tag);
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
    ++job.programs_in_flight;
    ++stats_.gc_steps;
    issue_gc_program(job, index, lpn, destination, tag);
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
    check_page_data(lpn, ppn, expected, job.tags[index]);
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

}  // namespace ssdtlm
