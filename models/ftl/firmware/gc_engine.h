#pragma once
// A GC engine moves the valid pages of one victim after another (the victim is chosen by
// FtlCore, the cycle is run by FtlCpu) and erases it: ClassicGcEngine issues every move of a
// victim at once, SemiPreemptiveGcEngine one flash step at a time with preemption points
// between them. GcFirmware is what an engine asks of the firmware around it (FtlCpu, or a
// fake in a unit test): the flash steps, which are the same for every engine, and the host
// requests an engine holds back or answers.
#include <cstddef>
#include <cstdint>
#include <deque>

#include <tlm>

#include "models/ftl/core/ftl_core.h"
#include "models/ftl/firmware/gc_job.h"
#include "models/ftl/firmware/pending_write.h"

namespace ssdtlm {

class GcEngine {
 public:
  virtual ~GcEngine() = default;
  // Starts moving the valid pages of job.plan's victim; the victim's erase follows the moves.
  virtual void collect(GcJob& job) = 0;
  // The GC read of the victim's valid page `index` (of job.plan.valid_pages) returned `tag`.
  virtual void read_completed(GcJob& job, std::size_t index, Lpn lpn, Ppn source, std::uint64_t tag) = 0;
  // The program (or copyback) of the victim's valid page `index` completed.
  virtual void program_completed(GcJob& job, std::size_t index) = 0;
};

class GcFirmware {
 public:
  // Flash steps; `index` is the page's place in job.plan.valid_pages.
  virtual void issue_gc_read(GcJob& job, std::size_t index, Lpn lpn, Ppn source) = 0;
  virtual void issue_gc_copyback(GcJob& job, std::size_t index, Lpn lpn, Ppn source, Ppn destination) = 0;
  virtual void issue_gc_program(GcJob& job, std::size_t index, Lpn lpn, Ppn destination, std::uint64_t tag) = 0;
  // Every valid page moved: the victim is erased (or retired, or its erase waits for durability).
  virtual void erase_victim(GcJob& job) = 0;
  // In place: every valid page read into DRAM, the victim is erased before they are written back.
  virtual void erase_victim_in_place(GcJob& job) = 0;
  // The victim is done: the next one after the firmware's victim-selection cycles.
  virtual void start_next_victim(UnitId unit) = 0;
  // Host writes held for the unit's GC may go now (as far as the unit's state allows).
  virtual void wake_waiting_writes(UnitId unit) = 0;
  // The host writes held for the unit's GC, oldest first, and placing one as a step of the GC.
  virtual std::deque<PendingWrite>& waiting_writes(UnitId unit) = 0;
  virtual void place_merged_write(const PendingWrite& write, GcJob& job) = 0;
  // A held host read runs again (the page may have moved), or a held read-modify-write.
  virtual void retry_host_read(tlm::tlm_generic_payload& gp) = 0;
  virtual void retry_host_write(const PendingWrite& write) = 0;
  // Answers a host read after `delay_ns` (its FtlCommand's data_tag set by the engine).
  virtual void answer_host(tlm::tlm_generic_payload& gp, std::uint64_t delay_ns) = 0;
  // Data mode: compares a page's content with the oracle's.
  virtual void check_page_data(Lpn lpn, Ppn ppn, std::uint64_t expected_tag, std::uint64_t tag_read) = 0;
  // The oracle's content of a logical page (0 without an oracle).
  virtual std::uint64_t expected_tag(Lpn lpn) const = 0;

 protected:
  ~GcFirmware() = default;
};

}  // namespace ssdtlm
