#pragma once
// The firmware's counters that stats.json reads (flash commands by origin and opcode, host-path
// outcomes, GC, faults, durability). Every FTL fills them in this one layout, each the counters
// that apply to it, so stats.json reads the same whichever FTL ran.
#include <cstdint>

#include "models/common/flash_geometry.h"

namespace ssdtlm {

struct FtlCpuStatistics {
  // [origin][opcode] flash commands issued by the FTL.
  std::uint64_t flash_commands[kOpOriginCount][7] = {};
  std::uint64_t host_reads_unmapped = 0;     // pages never written: no flash access
  std::uint64_t host_reads_from_buffer = 0;  // served by the write buffer
  std::uint64_t host_reads_waited_for_buffered_writes = 0;  // behind an acknowledged write or trim (write_buffer.h)
  std::uint64_t host_writes_waited_for_gc = 0;
  std::uint64_t read_modify_writes = 0;      // partial-page writes that read the old page
  std::uint64_t gc_cycles = 0;
  std::uint64_t gc_victims = 0;
  std::uint64_t gc_busy_ps = 0;              // summed over units: time a unit spent collecting
  std::uint64_t data_checks = 0;             // data mode: flash reads compared to the oracle
  // Semi-preemptive GC (ftl.gc.preemption = semi).
  std::uint64_t gc_merged_host_reads = 0;    // host reads answered by a GC read or the GC buffer
  std::uint64_t gc_merged_host_writes = 0;   // held host writes that replaced a GC move
  std::uint64_t gc_held_host_reads = 0;      // host reads held while the GC was not preemptible
  std::uint64_t gc_steps = 0;                // GC steps issued (reads, programs, copybacks, erases)
  std::uint64_t gc_preemption_points[4] = {};  // preemption points passed, by state 0..3
  // NAND faults (flash_fault_recovery.h, docs/reliability.md).
  std::uint64_t program_failures = 0;         // failed programs seen (each re-driven or moot)
  std::uint64_t programs_redriven = 0;        // pages programmed again elsewhere after a failure
  std::uint64_t erase_failures = 0;
  std::uint64_t host_read_errors = 0;         // host page reads answered with an error status
  std::uint64_t host_write_errors = 0;        // host page writes refused at end of life
  std::uint64_t uncorrectable_merge_reads = 0;  // read-modify-write whose old page was unreadable
  std::uint64_t lost_pages = 0;               // pages whose only copy a GC read found uncorrectable
  // mdc's sort buffer (ftl_cpu_sort_buffer.cpp).
  std::uint64_t sort_buffer_flushes = 0;           // batches sorted and programmed
  std::uint64_t sort_buffer_pages_programmed = 0;  // host pages programmed from the sort buffer
  // Host flush and durable trims (docs/reliability.md, "Power loss and recovery").
  std::uint64_t host_flushes = 0;
  std::uint64_t flushes_waited = 0;           // flushes that waited for writes or trims to drain
  std::uint64_t trim_table_writes = 0;        // power.enabled: trim-table pages programmed
  std::uint64_t erases_waited_for_durability = 0;  // power.enabled: GC erases held back (see pins)
};

}  // namespace ssdtlm
