#pragma once
// One I/O as a trace file records it, in the units every reader converts to (ns, bytes), so
// replay, statistics and the page stream never know which format it came from.
#include <cstdint>

#include "models/common/host_request.h"

namespace ssdtlm {

struct TraceRecord {
  // As recorded, converted to ns: absolute (MSR's Windows FILETIME) or relative to the
  // trace's start, depending on the format. Consumers subtract the first record's time.
  std::uint64_t timestamp_ns = 0;
  std::uint64_t offset_bytes = 0;
  std::uint64_t size_bytes = 0;
  // Disk number (MSR), ASU (SPC), device (DiskSim/MQSim), dev_t as (major << 20 | minor)
  // (blkparse, FIU), or the file's index in order of appearance (fio).
  std::uint32_t device = 0;
  // Read, Write, Trim or Flush (blkparse's data-less flush requests, fio's sync and datasync:
  // offset and size 0). Each consumer decides what a flush means to it.
  HostOp op = HostOp::Read;
};

// The kernel's dev_t encoding, so "8,16" from blkparse and "8 16" from FIU name the same disk.
inline std::uint32_t device_number(std::uint32_t major, std::uint32_t minor) {
  return (major << 20) | (minor & 0xfffff);
}

}  // namespace ssdtlm
