#pragma once
// FtlCpu's private bookkeeping types, shared by its source files (ftl_cpu.cpp and
// ftl_cpu_faults.cpp): a flash transaction in flight and the GC job of one unit.
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

struct FtlCpu::GcJob {
  UnitId unit = 0;
  bool cycle_active = false;
  sc_core::sc_time cycle_start;
  GcPlan plan;
  std::uint32_t outstanding = 0;                // page operations not yet finished
  bool writing_back = false;                    // in place: programs after the erase
  bool erasing_in_place = false;                // in place: valid data lives in the buffer
  std::uint32_t forced_target_free_blocks = 0;  // forced GC: collect until this many are free
  std::vector<std::uint64_t> buffered_tags;     // in-place: contents read before the erase

  // Semi-preemptive engine (ftl.gc.preemption = semi, victims not collected in place): the
  // copies of the plan, one flash step at a time.
  enum Stage : std::uint8_t { NotStarted, Reading, Buffered, Done, Skipped };
  struct Reader {  // a host read merged into the GC's read of its page
    tlm::tlm_generic_payload* gp;
    std::uint64_t expected_tag;
  };
  struct HeldRead {  // a host read (or the read of a read-modify-write) the state holds back
    tlm::tlm_generic_payload* gp;
    PendingWrite write;
    bool read_modify_write;
  };
  bool semi = false;                        // the current victim runs on the semi engine
  std::deque<std::size_t> pending;          // plan indices not started, next first
  std::vector<Stage> stage;                 // per plan index
  std::vector<Ppn> destination;             // per plan index, once relocated
  std::vector<std::uint64_t> tags;          // per plan index: the data the GC read
  std::vector<std::int32_t> index_of_page;  // victim page -> plan index (-1: not valid)
  std::vector<std::vector<Reader>> readers; // per plan index
  std::vector<std::size_t> buffered;        // plan indices read and not yet programmed
  bool step_starting = false;               // firmware cycles of the next copy running
  bool reading = false;                     // a GC read in flight
  std::uint32_t programs_in_flight = 0;     // GC programs / copybacks and merged host writes
  bool erase_issued = false;
  std::deque<HeldRead> held;                // host reads held by State 3 (or no yield)
};

// mdc's sort buffer (ftl_cpu_sort_buffer.cpp): what of it lives in the FTL rather than FtlCore.
struct FtlCpu::SortBuffer {
  struct Page {
    std::uint64_t tag = 0;  // data-mode content
    bool placed = false;    // its program has been issued (the data stays here until it completes)
  };
  std::unordered_map<Lpn, Page> pages;  // staged, or programmed and not yet completed
  bool flushing = false;                // a batch is being programmed
  std::uint32_t batch = 0;              // entries of that batch
  std::uint32_t next = 0;               // next entry to dispatch
  std::uint32_t in_flight = 0;          // dispatched, program not yet completed
  std::deque<PendingWrite> waiting;     // host writes that arrived during the batch
  std::vector<tlm::tlm_generic_payload*> flush_commands;  // host Flush commands waiting for it
};

}  // namespace ssdtlm
