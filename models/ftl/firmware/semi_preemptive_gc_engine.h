#pragma once
// The semi-preemptive GC engine (ftl.gc.preemption = semi; docs/gc-policies.md): a victim's
// valid pages are copied one flash step at a time (page read, then page program, or one
// copyback), then the victim is erased. Every step ends at a preemption point where the
// plane's preemption state is read again:
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
// Victims collected in place are left to the classic engine (FtlCpu sets GcJob::semi).
#include <cstddef>
#include <cstdint>
#include <deque>
#include <vector>

#include <tlm>

#include "models/ftl/core/ftl_core.h"
#include "models/ftl/firmware/firmware_step_runner.h"
#include "models/ftl/firmware/gc_engine.h"
#include "models/ftl/ftl_cpu_config.h"
#include "models/ftl/firmware/firmware_statistics.h"

namespace ssdtlm {

class SemiPreemptiveGcEngine final : public GcEngine {
 public:
  SemiPreemptiveGcEngine(FtlCore& core, const FtlCpuConfig& config, FirmwareStepRunner& steps, GcFirmware& firmware,
                         FtlCpuStatistics& stats);

  void collect(GcJob& job) override;
  void read_completed(GcJob& job, std::size_t index, Lpn lpn, Ppn source, std::uint64_t tag) override;
  void program_completed(GcJob& job, std::size_t index) override;

  // The plane's preemption level now: 0 no GC, 1 preemptible by reads and writes, 2 by reads
  // only, 3 not preemptible.
  int state(const GcJob& job) const {
    if (!job.cycle_active) return 0;
    if (!config_.gc_yield) return 3;
    const std::uint32_t free = core_.free_blocks(job.unit);
    if (free <= config_.gc_state3_free_blocks) return 3;
    if (free <= config_.gc_state2_free_blocks) return 2;
    return 1;
  }
  // A host read of `lpn` at `ppn` answered by the GC (its read, or its buffer); false: not merged.
  bool merge_read(GcJob& job, tlm::tlm_generic_payload& gp, Lpn lpn, Ppn ppn);
  // A host read, or the read of a read-modify-write, held until the state allows it.
  void hold_read(GcJob& job, tlm::tlm_generic_payload& gp);
  void hold_merge_read(GcJob& job, const PendingWrite& write);
  void release_held_reads(GcJob& job);
  // A held host write placed as a step of this GC (merge) has been programmed.
  void merged_write_completed(GcJob& job) {
    --victims_[job.unit].programs_in_flight;
    advance(job);
  }

 private:
  enum Stage : std::uint8_t { NotStarted, Reading, Buffered, Done, Skipped };
  struct Reader {  // a host read merged into the GC's read of its page
    tlm::tlm_generic_payload* gp;
    std::uint64_t expected_tag;
  };
  struct HeldRead {  // a host read (or the read of a read-modify-write) the state holds back
    tlm::tlm_generic_payload* gp;
    PendingWrite write;
    bool read_modify_write;
  };
  struct Victim {
    std::deque<std::size_t> pending;          // plan indices not started, next first
    std::vector<Stage> stage;                 // per plan index
    std::vector<Ppn> destination;             // per plan index, once relocated
    std::vector<std::uint64_t> tags;          // per plan index: the data the GC read
    std::vector<std::int32_t> index_of_page;  // victim page -> plan index (-1: not valid)
    std::vector<std::vector<Reader>> readers; // per plan index
    std::vector<std::size_t> buffered;        // plan indices read and not yet programmed
    bool step_starting = false;               // firmware cycles of the next copy running
    bool reading = false;                     // a GC read in flight
    std::uint32_t programs_in_flight = 0;     // GC programs / copybacks and merged host writes
    bool erase_issued = false;
    std::deque<HeldRead> held;                // host reads held by State 3 (or no yield)
  };

  void advance(GcJob& job);
  void apply_state(GcJob& job, bool count);
  void issue_copy(GcJob& job, std::size_t index);
  void skip_copy(GcJob& job, std::size_t index);
  bool merge_write(GcJob& job);

  FtlCore& core_;
  const FtlCpuConfig& config_;
  FirmwareStepRunner& steps_;
  GcFirmware& firmware_;
  FtlCpuStatistics& stats_;
  std::vector<Victim> victims_;  // per unit
};

}  // namespace ssdtlm
