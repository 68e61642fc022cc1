#include "models/ftl/firmware/classic_gc_engine.h"

namespace ssdtlm {

ClassicGcEngine::ClassicGcEngine(FtlCore& core, const FtlCpuConfig& config, FirmwareStepRunner& steps,
                                 GcFirmware& firmware)
    : core_(core), config_(config), steps_(steps), firmware_(firmware), victims_(core.units()) {}

void ClassicGcEngine::collect(GcJob& job) {
  Victim& victim = victims_[job.unit];
  const auto& pages = job.plan.valid_pages;
  victim.outstanding = static_cast<std::uint32_t>(pages.size());
  victim.buffered_tags.assign(job.plan.in_place ? pages.size() : 0, 0);
  victim.writing_back = false;
  if (pages.empty()) {
    if (job.plan.in_place) {
      reads_finished(job);
    } else {
      page_finished(job);  // outstanding 0: straight to the erase
    }
    return;
  }
  for (std::size_t i = 0; i < pages.size(); ++i) {
    steps_.run(config_.cycles_per_gc_page, [this, &job, i]() { move_page(job, i); });
  }
}

void ClassicGcEngine::move_page(GcJob& job, std::size_t index) {
  const auto [lpn, source] = job.plan.valid_pages[index];
  // A copyback stays in the victim's plane; a plane left without a destination (grown bad
  // blocks, host writes) moves the page through controller memory to another plane instead.
  if (config_.use_copyback && !job.plan.in_place && core_.can_relocate_in_unit(job.unit)) {
    const Ppn destination = core_.relocate(lpn, source);
    if (destination == kInvalidPpn) {
      page_finished(job);
      return;
    }
    firmware_.issue_gc_copyback(job, index, lpn, source, destination);
    return;
  }
  firmware_.issue_gc_read(job, index, lpn, source);
}

void ClassicGcEngine::read_completed(GcJob& job, std::size_t index, Lpn lpn, Ppn source, std::uint64_t tag) {
  Victim& victim = victims_[job.unit];
  if (job.plan.in_place) {
    victim.buffered_tags[index] = tag;
    if (--victim.outstanding == 0) reads_finished(job);
    return;
  }
  // Read out of the die, the page may go to any plane (see move_page).
  const Ppn destination = core_.relocate(lpn, source, /*any_unit=*/true);
  if (destination == kInvalidPpn) {
    page_finished(job);  // overwritten meanwhile: nothing to move
    return;
  }
  firmware_.issue_gc_program(job, index, lpn, destination, tag);
}

void ClassicGcEngine::program_completed(GcJob& job, std::size_t /*index*/) { page_finished(job); }

void ClassicGcEngine::page_finished(GcJob& job) {
  Victim& victim = victims_[job.unit];
  if (victim.outstanding > 0) --victim.outstanding;
  if (victim.outstanding > 0) return;
  if (victim.writing_back) {
    // In-place programs done: this victim is complete.
    victim.writing_back = false;
    firmware_.start_next_victim(job.unit);
    return;
  }
  firmware_.erase_victim(job);
}

void ClassicGcEngine::reads_finished(GcJob& job) {
  // In place: everything valid is buffered; erase the victim, then write it back.
  victims_[job.unit].erasing_in_place = true;
  firmware_.erase_victim_in_place(job);
}

void ClassicGcEngine::write_back_buffered(GcJob& job) {
  Victim& victim = victims_[job.unit];
  victim.erasing_in_place = false;
  // Relocate in the same instant as the reopen so no host write slips into the block first.
  victim.writing_back = true;
  // Every program is issued before the first can complete (completions come later), so the
  // count is exact when the first one arrives.
  // The pages are programmed from controller memory, never copied back, so any plane may
  // take them: after a failed erase retired the victim, its plane may have no block left.
  // A failed erase leaves the victim's data as it was: when no plane has room left (end of
  // life), a page stays mapped there, readable, instead of being dropped.
  const bool erase_failed = core_.retired(job.plan.victim);
  std::uint32_t programs = 0;
  for (std::size_t i = 0; i < job.plan.valid_pages.size(); ++i) {
    const auto [lpn, source] = job.plan.valid_pages[i];
    if (erase_failed && !core_.can_relocate_anywhere(job.unit)) continue;
    const Ppn destination = core_.relocate(lpn, source, /*any_unit=*/true);
    if (destination == kInvalidPpn) continue;
    firmware_.issue_gc_program(job, i, lpn, destination, victim.buffered_tags[i]);
    ++programs;
  }
  victim.outstanding = programs;
  if (programs == 0) {
    victim.outstanding = 1;
    page_finished(job);
    return;
  }
  firmware_.wake_waiting_writes(job.unit);
}

bool ClassicGcEngine::find_buffered_tag(const GcJob& job, Ppn ppn, std::uint64_t& tag) const {
  if (core_.geometry().block_of_page(ppn) != job.plan.victim) return false;
  const Victim& victim = victims_[job.unit];
  for (std::size_t i = 0; i < job.plan.valid_pages.size(); ++i) {
    if (job.plan.valid_pages[i].second == ppn) {
      tag = victim.buffered_tags[i];
      return true;
    }
  }
  return false;
}

}  // namespace ssdtlm
