#pragma once
// Resolved parameters of the timed shell of the multi-reference store (ftl.mode = mjolnir,
// docs/mjolnir.md). The firmware cores, their clock and the per-step cycles are FtlCpu's
// (ftl.cpu.*); these are the store's own.
#include <cstdint>

#include "models/ftl/multi_reference/multi_reference_store.h"

namespace ssdtlm {

struct MultiReferenceCpuConfig {
  // segments and segment_blocks are derived from the geometry (one segment = block i of
  // every plane); the rest from ftl.mjolnir.*.
  multi_reference::MultiReferenceStoreConfig store;
  // Host-addressable logical pages: the volume the workloads address plus the snapshot slots.
  std::uint64_t namespace_pages = 0;
  std::uint64_t volume_pages = 0;
  // Mark phase on the firmware cores: threads (each on its own core), CPU cycles per mapping
  // visited, flag check interval and the cost of one barrier + reassignment.
  std::uint32_t scanner_threads = 1;
  std::uint64_t cycles_per_mapping_scanned = 50;
  std::uint64_t scan_check_interval_mappings = 64;
  std::uint64_t scan_barrier_cycles = 1000;
  bool dynamic_reassignment = true;
  // Firmware cycles of a range command (copy, move, delete, snapshot) per mapping piece it
  // touches, and per GC copy (reverse-map look-up and remap).
  std::uint64_t cycles_per_range_mapping = 0;
  // Firmware cycles of the cleaner per mapping it updates after a copy is written.
  std::uint64_t cycles_per_mapping_updated = 50;
  // Flash page operations (host page reads and writes, GC copies) admitted to the controller
  // at once; the rate limiter divides these slots between host and GC.
  std::uint32_t inflight_pages = 32;
  // When the host workload has finished: reclaim every segment that is immutable then, timed
  // from the start of the first selection scan to the last erase ([Weiss et al. 2015] Tables 2 and 3),
  // whatever the utilization.
  bool measure_reclaim_at_end = false;
  std::uint64_t timeline_interval_ps = 1'000'000'000;
};

}  // namespace ssdtlm
