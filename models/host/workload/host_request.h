#pragma once
// One host I/O as a workload source produces it and the host side of the platform issues it.
#include <cstdint>

namespace ssdtlm {

enum class HostOp : std::uint8_t { Read = 0, Write = 1, Trim = 2, Flush = 3 };
inline const char* to_string(HostOp op) {
  switch (op) {
    case HostOp::Read: return "read";
    case HostOp::Write: return "write";
    case HostOp::Trim: return "trim";
    default: return "flush";
  }
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
};

}  // namespace ssdtlm
