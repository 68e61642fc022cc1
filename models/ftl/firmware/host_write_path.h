#pragma once
// The admission of host writes (and of the pages the firmware writes like them: map checkpoint
// and trim-table pages, sort-buffer entries) on their way to flash:
//
//   * room in the DRAM write buffer: with a buffer, a write takes a slot and is acknowledged
//     after ftl.write_buffer.access_ns, before it is placed; with the buffer full it waits
//     (with any trim that arrives behind it, in arrival order) until a program frees a slot;
//   * the write buffer's per-page order: a write or trim of a page waits for the earlier ones;
//   * a write of part of a page first reads the rest (read-modify-write, by the firmware);
//   * the allocation unit it is striped to: a write waits, per unit and in order, while the
//     unit's GC holds host writes (foreground GC, or the semi-preemptive GC's level 2 or 3) or
//     the unit has no free page for it; the unit's GC wakes the waiting writes.
//
// Placing a write (the page allocated, its program issued) is the firmware's
// (HostWriteFirmware::place_host_write).
#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include <tlm>

#include "models/ftl/core/ftl_core.h"
#include "models/ftl/firmware/firmware_statistics.h"
#include "models/ftl/firmware/gc_job.h"
#include "models/ftl/firmware/pending_write.h"
#include "models/ftl/firmware/write_buffer.h"
#include "models/ftl/ftl_cpu_config.h"

namespace ssdtlm {

// What the host write path asks of the firmware around it (FtlCpu, or a fake in a unit test).
class HostWriteFirmware {
 public:
  // A write of part of a page (write.partial, cleared here): reads the rest of the page first,
  // or holds the write for the GC; true: the write comes back through accept() later; false:
  // there is nothing to read (the page was never written, or its program is in flight).
  virtual bool read_rest_of_page(PendingWrite& write) = 0;
  // mdc's sort buffer stages a host write instead (programmed later, sorted, with its batch).
  virtual void stage_in_sort_buffer(const PendingWrite& write) = 0;
  // Starts the unit's GC cycle if it should collect and none runs.
  virtual void maybe_start_gc(UnitId unit) = 0;
  // ftl.gc.preemption = semi: the preemption level of the unit's GC (0: none, ..., 3).
  virtual int gc_state(UnitId unit) const = 0;
  // Allocates the write's page on the unit and issues its program.
  virtual void place_host_write(const PendingWrite& write, UnitId unit) = 0;
  // Answers a host write after `delay_ns` (acknowledged from the write buffer).
  virtual void answer_host_after(tlm::tlm_generic_payload& gp, std::uint64_t delay_ns) = 0;
  // A trim whose turn has come behind the writes that waited for buffer room.
  virtual void submit_trim(const PendingWrite& trim) = 0;

 protected:
  ~HostWriteFirmware() = default;
};

class HostWritePath {
 public:
  HostWritePath(FtlCore& core, const FtlCpuConfig& config, WriteBuffer& buffer,
                const std::vector<std::unique_ptr<GcJob>>& gc_jobs, HostWriteFirmware& firmware,
                FtlCpuStatistics& stats);

  // mdc's sort buffer stages host writes (HostSortBuffer).
  void set_sort_buffer(bool present) { sort_buffer_ = present; }

  // A host write: room in the write buffer (acknowledged early), then accept().
  void admit(PendingWrite write) {
    if (!buffer_.enabled()) {
      accept(write);
      return;
    }
    if (buffer_.full()) {
      buffer_.waiting_for_room().push_back(write);
      return;
    }
    buffer_.take_slot();
    firmware_.answer_host_after(*write.gp, config_.write_buffer_access_ns);
    write.gp = nullptr;  // answered: the payload is the host's again
    accept(write);
  }
  // A host trim: behind the writes waiting for buffer room, if any, else submitted at once.
  void admit_trim(const PendingWrite& trim);
  // A buffered write's program completed: its slot goes to the writes waiting for room.
  void buffer_slot_freed();
  // A write past the buffer (or a page the firmware writes): per-page order, read-modify-write,
  // the sort buffer, then its unit (placed now, or waiting for the unit's GC).
  void accept(PendingWrite write);
  // Write buffer: whether the event waits for an earlier write or trim of its page.
  bool wait_for_earlier_events(PendingWrite& event) {
    // Metadata pages are the firmware's own, not ordered with host events.
    if (!buffer_.enabled() || event.metadata() || event.ordered) return false;
    return buffer_.wait_for_earlier_events(event);
  }

  // Whether a host write striped to the unit now waits (for earlier ones, or for the GC).
  bool must_wait(UnitId unit) const {
    if (!waiting_writes_[unit].empty()) return true;  // keep per-unit order
    if (semi()) {
      // The preemption level decides (ftl.gc.foreground is not used): writes preempt GC only in
      // State 1.
      if (firmware_.gc_state(unit) >= 2) return true;
      return !core_.can_accept_host_write(unit);
    }
    if (config_.foreground_gc && gc_jobs_[unit]->cycle_active) return true;
    return !core_.can_accept_host_write(unit);
  }
  // Places the unit's waiting writes, oldest first, as far as the unit's state allows.
  void wake_waiting_writes(UnitId unit);
  std::deque<PendingWrite>& waiting_writes(UnitId unit) { return waiting_writes_[unit]; }
  bool writes_waiting(UnitId unit) const { return !waiting_writes_[unit].empty(); }
  // No write waits (for buffer room or for a unit).
  bool idle() const;

 private:
  bool semi() const { return config_.gc_preemption == FtlCpuConfig::GcPreemption::Semi; }
  void admit_waiting_for_buffer();
  // Places the write in the unit, or queues it there until the unit's GC makes room.
  void place_or_wait(const PendingWrite& write, UnitId unit);

  FtlCore& core_;
  const FtlCpuConfig& config_;
  WriteBuffer& buffer_;
  const std::vector<std::unique_ptr<GcJob>>& gc_jobs_;
  HostWriteFirmware& firmware_;
  FtlCpuStatistics& stats_;
  bool sort_buffer_ = false;
  std::vector<std::deque<PendingWrite>> waiting_writes_;  // per unit, FIFO
};

}  // namespace ssdtlm
