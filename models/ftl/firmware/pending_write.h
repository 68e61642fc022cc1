#pragma once
// A host write (or a page the firmware writes like one) on its way to flash, as FtlCpu's host
// path, write buffer, sort buffer and durability parts pass it between them.
#include <cstdint>

#include <tlm>

#include "models/ftl/core/ftl_core.h"

namespace ssdtlm {

enum class PendingKind : std::uint8_t {
  HostWrite,       // a host write, of the whole page or part of it
  HostTrim,        // not a write: a host trim waiting for its turn behind earlier events
  CheckpointPage,  // a map checkpoint page (power-loss modelling), programmed like a host write
  TrimTablePage,   // a trim-table page (power-loss modelling), programmed like a host write
  SortedEntry,     // entry flush_index of the sort-buffer batch being programmed
};

// `gp` is null once the host has been answered early (write buffer), so nothing touches a
// payload the host may already have reused.
struct PendingWrite {
  tlm::tlm_generic_payload* gp;
  Lpn lpn;
  bool partial;  // covers part of the page: the rest is read first (read-modify-write)
  PendingKind kind = PendingKind::HostWrite;
  bool has_content = false;  // content chosen upstream (FtlCpu::set_host_content_hooks)
  bool ordered = false;      // write buffer: counted in the per-page arrival order
  std::uint32_t flush_index = 0;  // SortedEntry: its entry in the batch
  std::uint64_t content = 0;
  std::uint64_t host_event = 0;  // arrival number for flushes (0: none)

  // The firmware's own pages (power-loss metadata), written with origin "other".
  bool metadata() const { return kind == PendingKind::CheckpointPage || kind == PendingKind::TrimTablePage; }
};

}  // namespace ssdtlm
