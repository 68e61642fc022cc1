#include "models/ftl/firmware/semi_preemptive_gc_engine.h"

#include <algorithm>
#include <unordered_set>

#include "models/common/ftl_command.h"

namespace ssdtlm {

SemiPreemptiveGcEngine::SemiPreemptiveGcEngine(FtlCore& core, const FtlCpuConfig& config, FirmwareStepRunner& steps,
                                               GcFirmware& firmware, FtlCpuStatistics& stats)
    : core_(core), config_(config), steps_(steps), firmware_(firmware), stats_(stats), victims_(core.units()) {}

void SemiPreemptiveGcEngine::hold_read(GcJob& job, tlm::tlm_generic_payload& gp) {
  ++stats_.gc_held_host_reads;
  victims_[job.unit].held.push_back({&gp, PendingWrite{nullptr, 0, false}, false});
}

void SemiPreemptiveGcEngine::hold_merge_read(GcJob& job, const PendingWrite& write) {
  ++stats_.gc_held_host_reads;
  victims_[job.unit].held.push_back({write.gp, write, true});
}

void SemiPreemptiveGcEngine::release_held_reads(GcJob& job) {
  Victim& victim = victims_[job.unit];
  if (victim.held.empty()) return;
  std::deque<HeldRead> held;
  held.swap(victim.held);
  for (const HeldRead& read : held) {
    if (read.read_modify_write) {
      firmware_.retry_host_write(read.write);
    } else {
      firmware_.retry_host_read(*read.gp);  // looked up again: the GC may have moved the page
    }
  }
}

void SemiPreemptiveGcEngine::apply_state(GcJob& job, bool count) {
  const int level = state(job);
  if (count) ++stats_.gc_preemption_points[level];
  if (level <= 2) release_held_reads(job);
  if (level <= 1) firmware_.wake_waiting_writes(job.unit);
}

void SemiPreemptiveGcEngine::collect(GcJob& job) {
  Victim& victim = victims_[job.unit];
  const auto& g = core_.geometry();
  const std::size_t n = job.plan.valid_pages.size();
  victim.pending.clear();
  for (std::size_t i = 0; i < n; ++i) victim.pending.push_back(i);
  victim.stage.assign(n, NotStarted);
  victim.destination.assign(n, kInvalidPpn);
  victim.tags.assign(n, 0);
  victim.index_of_page.assign(g.pages_per_block, -1);
  for (std::size_t i = 0; i < n; ++i) {
    victim.index_of_page[g.page_in_block(job.plan.valid_pages[i].second)] = static_cast<std::int32_t>(i);
  }
  victim.readers.assign(n, {});
  victim.buffered.clear();
  victim.step_starting = false;
  victim.reading = false;
  victim.programs_in_flight = 0;
  victim.erase_issued = false;
  advance(job);
}

void SemiPreemptiveGcEngine::advance(GcJob& job) {
  Victim& victim = victims_[job.unit];
  if (!job.semi || victim.erase_issued) return;
  apply_state(job, true);  // the preemption point
  if (!job.semi || victim.erase_issued || victim.step_starting || victim.reading) return;
  // Without the pipeline one GC step is outstanding at a time; with it, the next copy starts
  // while the previous copy's program (or copyback) is still queued or running.
  if (victim.programs_in_flight > (config_.gc_pipeline ? 1u : 0u)) return;
  if (config_.gc_merge && merge_write(job)) return;
  while (!victim.pending.empty()) {
    const std::size_t index = victim.pending.front();
    victim.pending.pop_front();
    const auto [lpn, source] = job.plan.valid_pages[index];
    if (core_.lookup(lpn) != source) {  // overwritten: nothing to move
      skip_copy(job, index);
      continue;
    }
    victim.stage[index] = Reading;  // reads merge into it from now on
    victim.step_starting = true;
    steps_.run(config_.cycles_per_gc_page, [this, &job, index]() { issue_copy(job, index); });
    return;
  }
  if (victim.programs_in_flight == 0) {
    victim.erase_issued = true;
    ++stats_.gc_steps;
    firmware_.erase_victim(job);
  }
}

void SemiPreemptiveGcEngine::skip_copy(GcJob& job, std::size_t index) {
  Victim& victim = victims_[job.unit];
  victim.stage[index] = Skipped;
  std::vector<Reader> readers;
  readers.swap(victim.readers[index]);
  for (const Reader& reader : readers) firmware_.retry_host_read(*reader.gp);  // the new copy
}

void SemiPreemptiveGcEngine::issue_copy(GcJob& job, std::size_t index) {
  Victim& victim = victims_[job.unit];
  victim.step_starting = false;
  const auto [lpn, source] = job.plan.valid_pages[index];
  if (core_.lookup(lpn) != source) {  // overwritten during the firmware step
    skip_copy(job, index);
    advance(job);
    return;
  }
  ++stats_.gc_steps;
  // A copyback needs a destination in the victim's plane; without one the page is read out
  // and programmed like any GC move from controller memory.
  if (config_.use_copyback && core_.can_relocate_in_unit(job.unit)) {
    const Ppn destination = core_.relocate(lpn, source);
    victim.stage[index] = Buffered;
    victim.destination[index] = destination;
    ++victim.programs_in_flight;
    firmware_.issue_gc_copyback(job, index, lpn, source, destination);
    advance(job);  // pipeline: the next copyback may queue behind this one
    return;
  }
  victim.reading = true;
  firmware_.issue_gc_read(job, index, lpn, source);
}

void SemiPreemptiveGcEngine::read_completed(GcJob& job, std::size_t index, Lpn lpn, Ppn source, std::uint64_t tag) {
  Victim& victim = victims_[job.unit];
  victim.reading = false;
  // Merged host reads get the page from the GC's read.
  std::vector<Reader> readers;
  readers.swap(victim.readers[index]);
  for (const Reader& reader : readers) {
    firmware_.check_page_data(lpn, source, reader.expected_tag, tag);
    reader.gp->get_extension<FtlCommand>()->data_tag = tag;
    firmware_.answer_host(*reader.gp, 0);
  }
  apply_state(job, false);  // preemption point between the read and the program
  const Ppn destination = core_.relocate(lpn, source, /*any_unit=*/true);  // from controller memory
  if (destination == kInvalidPpn) {
    victim.stage[index] = Done;  // overwritten meanwhile: nothing to program
  } else {
    victim.stage[index] = Buffered;
    victim.destination[index] = destination;
    victim.tags[index] = tag;
    victim.buffered.push_back(index);
    ++victim.programs_in_flight;
    ++stats_.gc_steps;
    firmware_.issue_gc_program(job, index, lpn, destination, tag);
  }
  advance(job);
}

void SemiPreemptiveGcEngine::program_completed(GcJob& job, std::size_t index) {
  Victim& victim = victims_[job.unit];
  if (index < victim.stage.size()) {
    victim.stage[index] = Done;
    auto& buffered = victim.buffered;
    buffered.erase(std::remove(buffered.begin(), buffered.end(), index), buffered.end());
  }
  --victim.programs_in_flight;
  advance(job);
}

bool SemiPreemptiveGcEngine::merge_read(GcJob& job, tlm::tlm_generic_payload& gp, Lpn lpn, Ppn ppn) {
  Victim& victim = victims_[job.unit];
  if (config_.use_copyback || victim.erase_issued) return false;  // copyback data never leaves the die
  const auto& g = core_.geometry();
  const std::uint64_t expected = firmware_.expected_tag(lpn);
  if (g.block_of_page(ppn) == job.plan.victim) {
    const std::int32_t slot = victim.index_of_page[g.page_in_block(ppn)];
    if (slot < 0) return false;
    const auto index = static_cast<std::size_t>(slot);
    if (victim.stage[index] == NotStarted) {
      // Move this copy to the front: the GC's next read answers the host.
      victim.pending.erase(std::find(victim.pending.begin(), victim.pending.end(), index));
      victim.pending.push_front(index);
    } else if (victim.stage[index] != Reading) {
      return false;
    }
    victim.readers[index].push_back({&gp, expected});
    ++stats_.gc_merged_host_reads;
    return true;
  }
  for (const std::size_t index : victim.buffered) {
    if (victim.destination[index] != ppn) continue;
    // Read by the GC, program still in flight: the page is in the GC's buffer.
    ++stats_.gc_merged_host_reads;
    firmware_.check_page_data(lpn, ppn, expected, victim.tags[index]);
    gp.get_extension<FtlCommand>()->data_tag = victim.tags[index];
    firmware_.answer_host(gp, config_.write_buffer_access_ns);
    return true;
  }
  return false;
}

bool SemiPreemptiveGcEngine::merge_write(GcJob& job) {
  Victim& victim = victims_[job.unit];
  auto& queue = firmware_.waiting_writes(job.unit);
  if (queue.empty() || !core_.can_accept_host_write(job.unit)) return false;
  const auto& g = core_.geometry();
  // The oldest held write of a page the GC has still to move (and no older held write of the
  // same page, whose data it would otherwise overtake).
  std::unordered_set<Lpn> seen;
  for (auto it = queue.begin(); it != queue.end(); ++it) {
    if (!seen.insert(it->lpn).second) continue;
    const Ppn ppn = core_.lookup(it->lpn);
    if (ppn == kInvalidPpn || g.block_of_page(ppn) != job.plan.victim) continue;
    const std::int32_t slot = victim.index_of_page[g.page_in_block(ppn)];
    if (slot < 0 || victim.stage[static_cast<std::size_t>(slot)] != NotStarted) continue;
    const PendingWrite write = *it;
    queue.erase(it);
    ++stats_.gc_merged_host_writes;
    ++stats_.gc_steps;
    ++victim.programs_in_flight;
    firmware_.place_merged_write(write, job);  // the move of the old copy is dropped
    return true;
  }
  return false;
}

}  // namespace ssdtlm
