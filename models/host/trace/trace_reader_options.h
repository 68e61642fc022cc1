#pragma once
// How a trace file is read (how it is replayed is TraceReplayOptions).
#include <cstdint>
#include <string>
#include <vector>

namespace ssdtlm {

struct TraceReaderOptions {
  std::string format = "auto";  // a registered format name, or "auto" to detect it
  // Strict: the first bad line is a ConfigError naming file:line. Lenient (default): bad
  // lines are skipped and counted by kind, because real traces carry the odd torn line.
  bool strict = false;
  // blkparse text lists each I/O several times (Q queued, D issued, C completed); only the
  // chosen action becomes a record. D is what the device saw.
  char blkparse_event = 'D';
  // Keep only these devices / ASUs / disks (TraceRecord::device); empty keeps all, merged
  // into one address space as recorded.
  std::vector<std::uint32_t> devices;
};

}  // namespace ssdtlm
