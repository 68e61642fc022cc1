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
  bool data_mode = false;
  // Optional DRAM write buffer: writes complete when buffered; flushed in the background.
  std::uint32_t write_buffer_pages = 0;      // 0 = no buffer
  std::uint64_t write_buffer_access_ns = 0;  // DRAM time to accept or serve one page

  std::uint64_t cycles_to_ps(std::uint64_t cycles) const {
    // clock_mhz cycles per microsecond: ps = cycles * 1e6 / clock_mhz
    return static_cast<std::uint64_t>(static_cast<double>(cycles) * 1e6 / clock_mhz + 0.5);
  }
};

}  // namespace ssdtlm
