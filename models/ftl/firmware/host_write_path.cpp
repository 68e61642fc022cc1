// HostWritePath: admission of host writes (host_write_path.h). What every host write passes
// (admit, the per-page order check, must_wait) is inline in the header.
#include "models/ftl/firmware/host_write_path.h"

namespace ssdtlm {

HostWritePath::HostWritePath(FtlCore& core, const FtlCpuConfig& config, WriteBuffer& buffer,
                             const std::vector<std::unique_ptr<GcJob>>& gc_jobs, HostWriteFirmware& firmware,
                             FtlCpuStatistics& stats)
    : core_(core), config_(config), buffer_(buffer), gc_jobs_(gc_jobs), firmware_(firmware), stats_(stats) {
  waiting_writes_.resize(core_.units());
}

// ---------------------------------------------------------------- write buffer room

void HostWritePath::admit_trim(const PendingWrite& trim) {
  if (!buffer_.waiting_for_room().empty()) {  // behind writes waiting for room, in order
    buffer_.waiting_for_room().push_back(trim);
    return;
  }
  firmware_.submit_trim(trim);
}

void HostWritePath::buffer_slot_freed() {
  buffer_.free_slot();
  admit_waiting_for_buffer();
}

void HostWritePath::admit_waiting_for_buffer() {
  // In arrival order: a trim that arrived behind writes waiting for room waits with them.
  auto& waiting = buffer_.waiting_for_room();
  while (!waiting.empty()) {
    PendingWrite next = waiting.front();
    if (next.kind == PendingKind::HostTrim) {
      waiting.pop_front();
      firmware_.submit_trim(next);
      continue;
    }
    if (buffer_.full()) return;
    waiting.pop_front();
    buffer_.take_slot();
    firmware_.answer_host_after(*next.gp, config_.write_buffer_access_ns);
    next.gp = nullptr;
    accept(next);
  }
}

// ---------------------------------------------------------------- to a unit

void HostWritePath::accept(PendingWrite write) {
  if (wait_for_earlier_events(write)) return;  // an earlier write or trim of the page goes first
  if (write.partial && firmware_.read_rest_of_page(write)) return;
  if (sort_buffer_ && write.kind == PendingKind::HostWrite) {
    firmware_.stage_in_sort_buffer(write);
    return;
  }
  place_or_wait(write, core_.next_host_unit());
}

void HostWritePath::place_or_wait(const PendingWrite& write, UnitId unit) {
  firmware_.maybe_start_gc(unit);
  if (must_wait(unit)) {
    ++stats_.host_writes_waited_for_gc;
    waiting_writes_[unit].push_back(write);
    return;
  }
  firmware_.place_host_write(write, unit);
}

void HostWritePath::wake_waiting_writes(UnitId unit) {
  auto& queue = waiting_writes_[unit];
  while (!queue.empty()) {
    if (semi()) {
      if (firmware_.gc_state(unit) >= 2) return;
    } else if (config_.foreground_gc && gc_jobs_[unit]->cycle_active) {
      return;
    }
    if (!core_.can_accept_host_write(unit)) {
      if (core_.good_blocks(unit) == 0) {
        // Failures retired every block of the plane (end of life): it will never take a
        // write again, so the writes queued for it go to the planes that can.
        std::deque<PendingWrite> orphans;
        orphans.swap(queue);
        for (const PendingWrite& orphan : orphans) place_or_wait(orphan, core_.next_host_unit());
        return;
      }
      firmware_.maybe_start_gc(unit);
      return;
    }
    if (!semi() && config_.foreground_gc && core_.gc_wanted(unit)) {
      firmware_.maybe_start_gc(unit);
      return;
    }
    const PendingWrite write = queue.front();
    queue.pop_front();
    firmware_.place_host_write(write, unit);
  }
}

bool HostWritePath::idle() const {
  if (!buffer_.waiting_for_room().empty()) return false;
  for (const auto& queue : waiting_writes_) {
    if (!queue.empty()) return false;
  }
  return true;
}

}  // namespace ssdtlm
