#pragma once
// Resolved parameters of the NVMe-like host interface and its PCIe link.
#include <cstdint>

namespace ssdtlm {

struct PcieLinkConfig {
  std::uint32_t lanes = 4;
  double lane_bandwidth_mbps = 1000.0;   // MB/s per lane and direction, after line coding
  std::uint32_t max_payload_bytes = 256; // TLP payload limit: larger transfers are split
  std::uint32_t tlp_overhead_bytes = 24; // header + framing + CRC per TLP

  // Wire time of `bytes` of payload in one direction, in ps.
  std::uint64_t transfer_ps(std::uint64_t bytes) const {
    if (bytes == 0) return 0;
    const std::uint64_t packets = (bytes + max_payload_bytes - 1) / max_payload_bytes;
    const double wire_bytes = static_cast<double>(bytes + packets * tlp_overhead_bytes);
    // MB/s = bytes per microsecond; ps = bytes / (bytes/us) * 1e6
    return static_cast<std::uint64_t>(wire_bytes * 1e6 / (lanes * lane_bandwidth_mbps) + 0.5);
  }
};

struct HostInterfaceConfig {
  std::uint32_t queue_pairs = 1;
  std::uint32_t queue_entries = 1024;
  std::uint32_t logical_block_bytes = 4096;  // 512 or 4096
  std::uint32_t command_bytes = 64;          // submission queue entry
  std::uint32_t completion_bytes = 16;       // completion queue entry
  std::uint64_t command_overhead_ns = 0;     // controller front-end processing per command
  PcieLinkConfig pcie;
};

}  // namespace ssdtlm
