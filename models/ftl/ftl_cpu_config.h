#pragma once
// Resolved parameters of the timed firmware shell around FtlCore.
#include <cstdint>

namespace ssdtlm {

struct FtlCpuConfig {
  std::uint32_t cores = 1;
  double clock_mhz = 500.0;
  // Firmware cost of each FTL step in CPU cycles (a step occupies one core).
  std::uint64_t cycles_per_host_read = 0;
  std::uint64_t cycles_per_host_write = 0;
  std::uint64_t cycles_per_trim = 0;
  std::uint64_t cycles_per_gc_page = 0;    // per valid page moved
  std::uint64_t cycles_per_gc_victim = 0;  // victim selection + erase bookkeeping
  // Foreground GC: host writes striped to a unit that is collecting wait until its GC cycle
  // ends (the order of host writes and GC moves is then exactly the functional engine's).
  // Background: host writes proceed while GC runs, and wait only when the unit's free blocks
  // are down to the GC reserve.
  bool foreground_gc = false;
  bool use_copyback = false;
  // Page programs and reads that continue their plane's sequential stream go to the controller
  // as cache program / cache read (cache_command_streams.h).
  bool cache_commands = false;
  bool data_mode = false;
  // Optional DRAM write buffer: writes complete when buffered; flushed in the background.
  std::uint32_t write_buffer_pages = 0;      // 0 = no buffer
  std::uint64_t write_buffer_access_ns = 0;  // DRAM time to accept or serve one page

  // Semi-preemptive GC ([Lee et al. 2011]; docs/gc-policies.md, "Semi-preemptive GC"). None: today's GC
  // (all reads of a victim issued at once, each program when its read completes, then the
  // erase). Semi: one step at a time (page read, page program, erase) with the techniques below.
  enum class GcPreemption : std::uint8_t { None, Semi };
  GcPreemption gc_preemption = GcPreemption::None;
  bool gc_yield = true;     // semi-preemption: host requests run between GC steps per state
  bool gc_merge = true;     // host reads/writes of pages being moved become GC work
  bool gc_pipeline = true;  // the next copy's read is issued with the current copy's program
  // Preemption levels by the collecting plane's free blocks ([Lee et al. 2011]'s table): State 1 (reads
  // and writes preempt) above state2_free_blocks; State 2 (reads only) at or below it; State 3
  // (no preemption) at or below state3_free_blocks.
  std::uint32_t gc_state2_free_blocks = 0;
  std::uint32_t gc_state3_free_blocks = 0;

  std::uint64_t cycles_to_ps(std::uint64_t cycles) const {
    // clock_mhz cycles per microsecond: ps = cycles * 1e6 / clock_mhz
    return static_cast<std::uint64_t>(static_cast<double>(cycles) * 1e6 / clock_mhz + 0.5);
  }
};

}  // namespace ssdtlm
