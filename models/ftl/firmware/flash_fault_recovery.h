#pragma once
// What the firmware does when a flash command fails (docs/reliability.md, "NAND faults and wear
// leveling"):
//
//   * a failed program: the block becomes a grown bad block (its frontier moves on at once);
//     the page is programmed again elsewhere with the same data, and the command that failed
//     completes only then, so a host write is acknowledged only once its data is on flash;
//     when the block has no program in flight any more, GC moves its other valid pages and
//     retires it instead of erasing it (at end of life the block stays in service);
//   * a failed erase: the victim is retired (its valid data was moved already, or sits in the
//     in-place buffer and is programmed elsewhere);
//   * an uncorrectable read: a host read gets an error status (a RAID array reconstructs the
//     block from the other members); a GC read loses the page, whose later host reads fail
//     until it is written again.
//
// The firmware turns its failed transaction into one of the calls below; the recovery decides
// and calls back through FaultFirmware for what only the firmware can do (issue, answer the host).
#include <cstdint>
#include <unordered_set>
#include <vector>

#include <tlm>

#include "models/ftl/core/ftl_core.h"
#include "models/ftl/firmware/firmware_statistics.h"
#include "models/ftl/firmware/flash_port.h"
#include "models/ftl/firmware/gc_job.h"
#include "models/ftl/firmware/pending_write.h"
#include "models/ftl/firmware/program_tracker.h"

namespace ssdtlm {

// What the fault recovery asks of the firmware around it (FtlCpu, or a fake in a unit test).
class FaultFirmware {
 public:
  // Answers a host command with an error status (a read's data_tag cleared).
  virtual void answer_host_with_error(tlm::tlm_generic_payload& gp) = 0;
  // Issues the failed program's transaction again, as a plain program of the same data to
  // `target` (a page the core has mapped its logical page to); in flight from now on.
  virtual void reissue_program(FlashTransaction& txn, Ppn target) = 0;
  // The failed page's program is over (its block drains, reads waiting for it look up again).
  virtual void program_completed(Ppn ppn) = 0;
  // A host write whose read-modify-write read failed goes on without the rest of the page.
  virtual void accept_write(const PendingWrite& write) = 0;
  // The victim is done with (retired): the unit's next victim.
  virtual void victim_done(GcJob& job) = 0;
  // An in-place victim whose erase failed: its buffered pages are programmed elsewhere.
  virtual void write_back_buffered(GcJob& job) = 0;

 protected:
  ~FaultFirmware() = default;
};

class FlashFaultRecovery {
 public:
  FlashFaultRecovery(FtlCore& core, ProgramTracker& programs, FaultFirmware& firmware, FtlCpuStatistics& stats)
      : core_(core), programs_(programs), firmware_(firmware), stats_(stats) {}

  // A program (or copyback) of `lpn` to `failed` failed. True: driven again elsewhere (the
  // transaction is in flight again and completes with the new page); false: the page was
  // overwritten or trimmed meanwhile, and the transaction completes as one that succeeded.
  bool program_failed(FlashTransaction& txn, Lpn lpn, Ppn failed);
  // A GC erase failed (its transaction released): the victim is retired.
  void erase_failed(GcJob& job);
  // Uncorrectable reads. A host read (or a read of a lost page) is answered with an error; a
  // read-modify-write loses the sectors the write does not cover and the write goes on; a GC
  // read of the only copy loses the page (relocate() then finds nothing to move for it).
  void host_read_failed(tlm::tlm_generic_payload& gp);
  void merge_read_failed(const PendingWrite& write);
  void gc_read_failed(Lpn lpn, Ppn source);

  // GC has moved the valid pages of a block with a failed program: it leaves service.
  void retirement_moved(GcJob& job);
  // A closed block's programs have drained: true when a program into it failed, and it is
  // queued for retirement (GC moves its data) instead of being sealed.
  bool retire_when_drained(BlockId block) {
    if (retiring_.empty() || !retiring_[block]) return false;
    core_.queue_retirement(block);
    return true;
  }

  // A logical page whose data was lost (host reads of it get an error until it is written again
  // or trimmed).
  bool lost(Lpn lpn) const { return !lost_lpns_.empty() && lost_lpns_.count(lpn) != 0; }
  // The page was written again or trimmed: no longer lost.
  void page_replaced(Lpn lpn) {
    if (!lost_lpns_.empty()) lost_lpns_.erase(lpn);
  }

 private:
  void start_retirement(BlockId block);

  FtlCore& core_;
  ProgramTracker& programs_;
  FaultFirmware& firmware_;
  FtlCpuStatistics& stats_;
  std::vector<std::uint8_t> retiring_;  // per block once a program failed: retire when drained
  std::unordered_set<Lpn> lost_lpns_;
};

}  // namespace ssdtlm
