#pragma once
// Flash programs in flight, per page and per block, and the two ordering rules that hang on them:
//
//   * a block becomes a GC candidate only when its last program has completed: a block is closed
//     when its last page is allocated (or when a program into it failed), and when a closed
//     block's programs have drained the firmware seals it (or retires it);
//   * a host read of a page whose program is still in flight waits for that program and is
//     served again once it has completed (with a write buffer the firmware serves it from DRAM
//     before it gets here).
//
// in_flight() runs for every host read and issued()/completed() for every program: they are
// inline, a bitmap test and a counter, with no call into the firmware unless a block drains or
// a read waits.
#include <cstdint>
#include <unordered_map>
#include <vector>

#include <tlm>

#include "models/common/flash_geometry.h"

namespace ssdtlm {

// What the program tracker asks of the firmware around it (FtlCpu, or a fake in a unit test).
class ProgramTrackerFirmware {
 public:
  // A closed block's last program in flight has completed: seal it (or retire it).
  virtual void block_drained(BlockId block) = 0;
  // A host read that waited for its page's program: the page is on flash now, serve it again.
  virtual void retry_host_read(tlm::tlm_generic_payload& gp) = 0;

 protected:
  ~ProgramTrackerFirmware() = default;
};

class ProgramTracker {
 public:
  ProgramTracker(const FlashGeometry& geometry, ProgramTrackerFirmware& firmware);

  // Whether the page's program is in flight: one bit per physical page (a hash-map node per
  // program would cost an allocation per flash program).
  bool in_flight(Ppn ppn) const { return (in_flight_[ppn >> 6] >> (ppn & 63)) & 1u; }

  // A program (or copyback) to `ppn` was issued; its block closes when it is the block's last page.
  void issued(Ppn ppn) {
    const BlockId block = geometry_.block_of_page(ppn);
    ++block_pending_programs_[block];
    if (geometry_.page_in_block(ppn) == geometry_.pages_per_block - 1) block_closed_[block] = 1;
    in_flight_[ppn >> 6] |= std::uint64_t(1) << (ppn & 63);
  }

  // The program to `ppn` completed (or failed and was driven again elsewhere). The block drains
  // first (ProgramTrackerFirmware::block_drained), then the reads that waited for the page go.
  void completed(Ppn ppn) {
    in_flight_[ppn >> 6] &= ~(std::uint64_t(1) << (ppn & 63));
    if (reads_waiting_.empty()) {  // the usual case: no vector to build and free
      drain(geometry_.block_of_page(ppn));
      return;
    }
    completed_with_waiting_reads(ppn);
  }

  // A host read of a page whose program is in flight (in_flight(ppn)): served again by completed().
  void hold_read(Ppn ppn, tlm::tlm_generic_payload& gp) { reads_waiting_[ppn].push_back(&gp); }

  // No further page is allocated in the block (a program into it failed): it drains like a full one.
  void close_block(BlockId block) { block_closed_[block] = 1; }
  // The block was erased (or retired): it is open for allocation again, or out of service.
  void reopen_block(BlockId block) { block_closed_[block] = 0; }

  std::uint32_t programs_in_flight(BlockId block) const { return block_pending_programs_[block]; }

 private:
  void drain(BlockId block) {
    if (--block_pending_programs_[block] == 0 && block_closed_[block]) firmware_.block_drained(block);
  }
  void completed_with_waiting_reads(Ppn ppn);

  const FlashGeometry& geometry_;
  ProgramTrackerFirmware& firmware_;
  // Per block: programs in flight, and whether it is closed (seal on drain).
  std::vector<std::uint32_t> block_pending_programs_;
  std::vector<std::uint8_t> block_closed_;
  std::vector<std::uint64_t> in_flight_;
  // Host reads waiting for a page's program (only pages that have waiters get an entry).
  std::unordered_map<Ppn, std::vector<tlm::tlm_generic_payload*>> reads_waiting_;
};

}  // namespace ssdtlm
