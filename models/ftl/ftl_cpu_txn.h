#pragma once
// FtlCpu's private bookkeeping type, shared by its source files: a flash transaction in flight.
#include <cstdint>
#include <deque>
#include <unordered_map>
#include <vector>

#include "models/ftl/ftl_cpu.h"

namespace ssdtlm {

// The transaction is the payload the controller sees: its response leads back here with a cast.
struct FtlCpu::FlashTxn : tlm::tlm_generic_payload {
  FlashCommand command;
  TxnKind kind = TxnKind::HostRead;
  tlm::tlm_generic_payload* host_gp = nullptr;
  GcJob* job = nullptr;
  Lpn lpn = kInvalidLpn;
  Ppn ppn = kInvalidPpn;       // page read or programmed (copyback: destination)
  Ppn source = kInvalidPpn;    // GC read / copyback source
  std::uint64_t expected_tag = 0;
  std::size_t plan_index = 0;  // GC read: which valid page of the plan
  bool checkpoint = false;     // host-path program of a map checkpoint page
  bool sorted = false;         // host-path program of a sort-buffer page
  PendingWrite write{nullptr, kInvalidLpn, false};  // host write: what it carries (merge reads, flushes, trims)
  Ppn pinned = kInvalidPpn;    // power.enabled: the copy this program replaces, kept until durable

  FlashTxn() {
    set_extension(&command);
    command.issuer_tag = reinterpret_cast<std::uint64_t>(this);  // the socket path's way back
  }
  ~FlashTxn() override { clear_extension(&command); }  // the extension is a member, not heap-owned
};

// Inline: every flash completion returns its transaction, ~220,000 times in bench (a)'s run.
inline void FtlCpu::release(FlashTxn& txn) { free_txns_.push_back(&txn); }

}  // namespace ssdtlm
