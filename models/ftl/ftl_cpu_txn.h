#pragma once
// FtlCpu's private bookkeeping type, shared by its source files: a flash transaction in flight.
#include <cstdint>
#include <deque>
#include <unordered_map>
#include <vector>

#include "models/ftl/ftl_cpu.h"

namespace ssdtlm {

// The transaction is the payload the controller sees (FlashPort): its response leads back here.
struct FtlCpu::FlashTxn : FlashTransaction {
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
};

// Inline: every flash completion returns its transaction.
inline void FtlCpu::release(FlashTxn& txn) { port_.release(txn); }

}  // namespace ssdtlm
