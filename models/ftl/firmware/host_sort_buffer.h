#pragma once
// mdc's sort buffer on the timed path (docs/gc-policies.md, "mdc's sort buffer on the timed
// platform"). With ftl.gc.policy = mdc and ftl.gc.params.sort_buffer_segments > 0, host writes
// are staged in controller DRAM instead of being programmed one by one:
//
//   * a host write is staged in FtlCore (its old copy invalidated, its u_p2 assigned, exactly as
//     the functional engine stages it) and answered after ftl.write_buffer.access_ns; a rewrite of
//     a staged page replaces it (no program);
//   * when the buffer holds sort_buffer_segments blocks of pages, FtlCore sorts them by u_p2 and
//     the batch is programmed in that order, as whole segments, through the ordinary host write
//     path (unit striping, GC triggering, foreground waits): at most one program per allocation
//     unit in flight, so with one unit the order of programs and GC decisions is exactly the
//     functional engine's (tests/unit/platform/timed_functional_equivalence_test.cpp);
//   * one batch at a time: host writes that arrive while a batch is being programmed wait
//     until its last program has completed (the functional engine programs a batch at once,
//     so nothing it does can come between);
//   * reads of a page in the buffer (staged, or programmed but not yet completed) are served
//     from DRAM (ftl.write_buffer.access_ns); trims drop the staged copy;
//   * a host Flush completes when everything staged before it is on flash; when the host
//     workload has drained, a partial buffer is programmed (the functional engine's final
//     flush), so the run ends with every page on flash.
//
// The sort buffer is the DRAM write buffer of this FTL: ftl.write_buffer.pages must be 0, and
// power-loss modelling (power.enabled) is not combined with it (ssd_config.cpp).
#include <cstdint>
#include <deque>
#include <unordered_map>
#include <vector>

#include <tlm>

#include "models/common/data_oracle.h"
#include "models/ftl/core/ftl_core.h"
#include "models/ftl/firmware/pending_write.h"
#include "models/ftl/ftl_cpu_config.h"
#include "models/ftl/firmware/firmware_statistics.h"

namespace ssdtlm {

// What the sort buffer asks of the firmware around it (FtlCpu).
class SortBufferFirmware {
 public:
  // Programs a batch entry (a SortedEntry) through the host write path.
  virtual void program_entry(const PendingWrite& write) = 0;
  // Answers a host command after `delay_ns` (a read's data_tag set by the buffer).
  virtual void answer_host(tlm::tlm_generic_payload& gp, std::uint64_t delay_ns) = 0;
  virtual void check_page_data(Lpn lpn, Ppn ppn, std::uint64_t expected_tag, std::uint64_t tag_read) = 0;
  // A page written again is no longer lost (its earlier copy was uncorrectable).
  virtual void page_rewritten(Lpn lpn) = 0;
  // Whether the host workload has drained (the platform waits for the FTL to go idle).
  virtual bool draining() const = 0;
  // A batch has been programmed: the FTL may have gone idle.
  virtual void batch_done() = 0;
  // Whether host writes wait for the unit's GC.
  virtual bool writes_waiting(UnitId unit) const = 0;

 protected:
  ~SortBufferFirmware() = default;
};

class HostSortBuffer {
 public:
  HostSortBuffer(FtlCore& core, const FtlCpuConfig& config, DataOracle* oracle, SortBufferFirmware& firmware,
                 FtlCpuStatistics& stats)
      : core_(core), config_(config), oracle_(oracle), firmware_(firmware), stats_(stats) {}

  // Pages staged, a batch being programmed, or writes or flushes waiting for one.
  bool busy() const;
  // A host write (answered once staged; waits while a batch is being programmed).
  void stage(const PendingWrite& write);
  // A batch entry was placed as nothing (trimmed while it waited) or its program completed.
  void entry_done();
  // The host workload has drained: programs what is staged.
  void flush_if_finishing();
  // The content a batch entry is programmed with, and its program's completion.
  std::uint64_t program_tag(Lpn lpn);
  void program_completed(Lpn lpn);
  // A host read of a page in the buffer, answered from DRAM; false: not in the buffer.
  bool serve_read(tlm::tlm_generic_payload& gp, Lpn lpn);
  void trim(Lpn lpn) { pages_.erase(lpn); }
  // A host Flush: answered once everything staged before it is on flash.
  void host_flush(tlm::tlm_generic_payload& gp);
  // Whether a block sealed now starts the unit's GC only with the next batch.
  bool defers_gc(UnitId unit) const;
  // The content a page held in the buffer has (the oracle's for any other page).
  std::uint64_t tag(Lpn lpn) const;

 private:
  struct Page {
    std::uint64_t tag = 0;  // data-mode content
    bool placed = false;    // its program has been issued (the data stays here until it completes)
  };
  void begin_flush();
  void dispatch();
  void end_flush();

  FtlCore& core_;
  const FtlCpuConfig& config_;
  DataOracle* oracle_;
  SortBufferFirmware& firmware_;
  FtlCpuStatistics& stats_;
  std::unordered_map<Lpn, Page> pages_;  // staged, or programmed and not yet completed
  bool flushing_ = false;                // a batch is being programmed
  std::uint32_t batch_ = 0;              // entries of that batch
  std::uint32_t next_ = 0;               // next entry to dispatch
  std::uint32_t in_flight_ = 0;          // dispatched, program not yet completed
  std::deque<PendingWrite> waiting_;     // host writes that arrived during the batch
  std::vector<tlm::tlm_generic_payload*> flush_commands_;  // host Flush commands waiting for it
};

}  // namespace ssdtlm
