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

// One flat struct for every kind rather than a type per kind: it is copied into each flash
// transaction and through the write buffer's and the GC's queues on the host write path, where
// a variant would add a dispatch per copy. The named constructors below set the fields each kind
// uses; the others keep their defaults. `gp` is null once the host has been answered early
// (write buffer), so nothing touches a payload the host may already have reused.
struct PendingWrite {
  tlm::tlm_generic_payload* gp;  // HostWrite, HostTrim: the host command (null once answered)
  Lpn lpn;
  bool partial;  // HostWrite: covers part of the page, the rest is read first (read-modify-write)
  PendingKind kind = PendingKind::HostWrite;
  bool has_content = false;  // HostWrite: content chosen upstream (FtlCpu::set_host_content_hooks)
  bool ordered = false;      // HostWrite, HostTrim: counted in the write buffer's per-page order
  std::uint32_t flush_index = 0;  // SortedEntry: its entry in the batch
  std::uint64_t content = 0;      // HostWrite with has_content
  std::uint64_t host_event = 0;   // HostWrite, HostTrim: arrival number for flushes (0: none)

  static PendingWrite host_write(tlm::tlm_generic_payload* gp, Lpn lpn, bool partial) {
    return {gp, lpn, partial};
  }
  static PendingWrite host_trim(tlm::tlm_generic_payload* gp, Lpn lpn) {
    return {gp, lpn, false, PendingKind::HostTrim};
  }
  static PendingWrite checkpoint_page(Lpn lpn) { return {nullptr, lpn, false, PendingKind::CheckpointPage}; }
  static PendingWrite trim_table_page(Lpn lpn) { return {nullptr, lpn, false, PendingKind::TrimTablePage}; }
  static PendingWrite sorted_entry(Lpn lpn, std::uint32_t flush_index) {
    return {nullptr, lpn, false, PendingKind::SortedEntry, false, false, flush_index};
  }

  // The firmware's own pages (power-loss metadata), written with origin "other".
  bool metadata() const { return kind == PendingKind::CheckpointPage || kind == PendingKind::TrimTablePage; }
};

}  // namespace ssdtlm
