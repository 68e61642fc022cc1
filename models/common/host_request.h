#pragma once
// One host I/O as a workload source produces it and the host side of the platform issues it.
#include <cstdint>

namespace ssdtlm {

// RangeCopy (NVMe Simple Copy), RangeMove, RangeDelete and Snapshot are the multi-reference
// store's commands (ftl.mode = mjolnir, docs/mjolnir.md): no data moves over the link, the
// translation layer changes. Snapshot is a range copy of a volume's range (offset, size) to
// destination_bytes; move and copy use destination_bytes too.
enum class HostOp : std::uint8_t {
  Read = 0, Write = 1, Trim = 2, Flush = 3, RangeCopy = 4, RangeMove = 5, RangeDelete = 6, Snapshot = 7
};
inline constexpr int kHostOpCount = 8;
inline bool is_range_command(HostOp op) {
  return op == HostOp::RangeCopy || op == HostOp::RangeMove || op == HostOp::RangeDelete || op == HostOp::Snapshot;
}
inline const char* to_string(HostOp op) {
  switch (op) {
    case HostOp::Read: return "read";
    case HostOp::Write: return "write";
    case HostOp::Trim: return "trim";
    case HostOp::Flush: return "flush";
    case HostOp::RangeCopy: return "range-copy";
    case HostOp::RangeMove: return "range-move";
    case HostOp::RangeDelete: return "range-delete";
    case HostOp::Snapshot: return "snapshot";
  }
  return "?";
}

struct HostRequest {
  std::uint64_t id = 0;
  HostOp op = HostOp::Read;
  std::uint64_t offset_bytes = 0;  // from the start of the device's logical space
  std::uint32_t size_bytes = 0;
  // Open loop: when the request is issued, in ns from the start of the workload.
  // Closed loop sources leave it 0; the host issues the next request when a slot frees.
  std::uint64_t arrival_ns = 0;
  std::uint32_t stream = 0;  // submission queue / ASU / device, for multi-queue hosts
  std::uint64_t destination_bytes = 0;  // range copy / move / snapshot: where the range goes
};

}  // namespace ssdtlm
