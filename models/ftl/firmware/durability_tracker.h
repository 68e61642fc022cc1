#pragma once
// What makes host flushes and trims mean something (docs/reliability.md, "Power loss and
// recovery"): the flush barrier over host writes and trims, trims applied at once or recorded in
// trim-table pages (power.enabled), and the pins that hold a GC erase until the copies on its
// block are no longer the newest durable ones.
//
//   * Flush. Every host write and trim gets an arrival number when it reaches the FTL. A flush
//     completes once every write and trim that arrived before it is durable: a write when its
//     program has completed (with a write buffer that is after its acknowledgement), a trim
//     when it is recorded in a programmed trim-table page (or, without power modelling, at
//     once). The flush's latency is the drain of those programs, with all their contention.
//   * Trims with power.enabled. A trim is recorded in the trim table: 4 B per host logical page
//     (the sequence number of its latest trim), kept in flash pages of logical pages reserved
//     above the host's range (PowerLossRecorder). A trim is applied (the page unmapped, a
//     sequence number taken) when the table page covering it is placed for programming, and
//     acknowledged when that program completes. One program of a table page is in flight at a
//     time; trims arriving meanwhile ride in the next one (group commit).
//   * Pins (power.enabled). When a write or trim replaces a page's copy, that copy stays on
//     flash until the replacement is durable: a GC erase of its block waits. Otherwise a power
//     loss between the erase and the new copy's completion would leave an older copy (or none).
//
// The per-page arrival order of a write buffer (a later write or trim of a page waits for the
// earlier one) is the write buffer's (write_buffer.h); the firmware applies it before a trim
// reaches submit_trim.
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

#include <tlm>

#include "models/common/flash_geometry.h"
#include "models/common/flush_barrier.h"
#include "models/ftl/core/ftl_core.h"
#include "models/ftl/firmware/firmware_statistics.h"
#include "models/ftl/firmware/gc_job.h"
#include "models/ftl/firmware/pending_write.h"

namespace ssdtlm {

// What the durability tracker asks of the firmware around it (FtlCpu, or a fake in a unit test).
class DurabilityFirmware {
 public:
  // Answers a host command (a trim, or a flush) now.
  virtual void answer_host(tlm::tlm_generic_payload& gp) = 0;
  // Unmaps a trimmed page everywhere the firmware keeps it; returns the copy it replaced
  // (kInvalidPpn: none).
  virtual Ppn unmap_trimmed(Lpn lpn) = 0;
  // An ordered trim (write buffer) has been applied: a later event of the page may go.
  virtual void trim_applied_in_order(Lpn lpn) = 0;
  // power.enabled: the trim table's layout (PowerLossRecorder), the sequence number a trim
  // takes when applied, and the program of a table page, like a host write (origin "other").
  virtual std::uint32_t trim_table_page_of(Lpn host_lpn) const = 0;
  virtual void record_trim_sequence(Lpn host_lpn) = 0;
  virtual void write_trim_table_page(std::uint32_t table_page) = 0;
  // The victim's erase waited for its pins: it may go now.
  virtual void erase_victim(GcJob& job) = 0;

 protected:
  ~DurabilityFirmware() = default;
};

class DurabilityTracker {
 public:
  DurabilityTracker(const FlashGeometry& geometry, DurabilityFirmware& firmware, FtlCpuStatistics& stats)
      : geometry_(geometry), firmware_(firmware), stats_(stats) {}

  // power.enabled: trims go through the trim table and replaced copies are pinned.
  void set_power_loss_modelled(bool modelled);
  // mdc's sort buffer answers its own flushes (HostSortBuffer::host_flush) and drops staged
  // writes that are rewritten or trimmed, so its writes would never be marked done: with it,
  // host events take no arrival number.
  void set_events_numbered(bool numbered) { events_numbered_ = numbered; }

  // --- flush
  // A host write's or trim's arrival number (0: none), and its durability.
  std::uint64_t new_host_event() { return events_numbered_ ? flushes_.arrive() : 0; }
  void host_event_done(std::uint64_t event) {
    if (event == 0) return;
    flushes_.done(event, [this](tlm::tlm_generic_payload* flush) { firmware_.answer_host(*flush); });
  }
  void host_flush(tlm::tlm_generic_payload& gp);

  // --- trims
  // A trim whose turn has come (after earlier events of its page, with a write buffer).
  void submit_trim(const PendingWrite& trim);
  // power.enabled: a trim-table page was placed for programming (its pending trims are applied
  // and ride in it), its program was issued (ordered trims it carries let later events go), and
  // its program completed (those trims are acknowledged).
  void table_page_placed(std::uint32_t table_page);
  void table_page_issued(std::uint32_t table_page);
  void table_page_written(std::uint32_t table_page);

  // --- pins (power.enabled)
  void pin(Ppn ppn) { ++block_pins_[geometry_.block_of_page(ppn)]; }
  void unpin(Ppn ppn);
  // Whether the victim's erase must wait for its pins (then unpin() erases it).
  bool erase_must_wait(GcJob& job);

  // No flush, trim-table write or erase waits.
  bool idle() const;

 private:
  void apply_trim_now(const PendingWrite& trim);
  void start_trim_table_write(std::uint32_t table_page);

  const FlashGeometry& geometry_;
  DurabilityFirmware& firmware_;
  FtlCpuStatistics& stats_;
  bool power_ = false;
  bool events_numbered_ = true;
  // Flushes: arrival numbers of host writes and trims, done once durable.
  FlushBarrier<tlm::tlm_generic_payload*> flushes_;
  // power.enabled: trims are recorded in trim-table pages (one program of a table page at a time).
  struct TrimTablePage {
    bool writing = false;
    std::vector<PendingWrite> pending;                 // trims not yet applied
    std::vector<std::pair<PendingWrite, Ppn>> carried;  // applied in the write in flight, pinned copy
  };
  std::unordered_map<std::uint32_t, TrimTablePage> trim_tables_;
  std::vector<std::uint32_t> block_pins_;
  std::unordered_map<BlockId, GcJob*> erases_waiting_;
};

}  // namespace ssdtlm
