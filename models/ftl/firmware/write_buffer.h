#pragma once
// FtlCpu's DRAM write buffer (ftl.write_buffer.pages > 0): a host write is acknowledged once it
// holds a slot, and the slot is freed when its program completes. What the buffer tracks:
//   * room: the slots taken, and the writes (with the trims that arrived behind them) waiting
//     for one, oldest first;
//   * the content of each page whose program is in flight, so host reads are served from DRAM;
//   * per logical page, the arrival order of its acknowledged writes and trims: a placement can
//     wait (room, GC, a read-modify-write read), so a later event of a page waits for the
//     earlier one, and host reads of the page wait until none is left (a read never returns
//     data older than an acknowledged write).
// The buffer decides nothing about flash: FtlCpu acts on what it answers.
#include <cstdint>
#include <deque>
#include <unordered_map>
#include <vector>

#include <tlm>

#include "models/ftl/core/ftl_core.h"
#include "models/ftl/firmware/pending_write.h"

namespace ssdtlm {

class WriteBuffer {
 public:
  explicit WriteBuffer(std::uint32_t pages) : capacity_(pages) {}

  bool enabled() const { return capacity_ != 0; }

  // --- room
  bool full() const { return used_ >= capacity_; }
  void take_slot() { ++used_; }
  void free_slot() { --used_; }
  std::uint32_t slots_used() const { return used_; }
  // Writes waiting for a slot, and the trims that arrived behind them, in arrival order.
  std::deque<PendingWrite>& waiting_for_room() { return waiting_for_room_; }
  const std::deque<PendingWrite>& waiting_for_room() const { return waiting_for_room_; }

  // --- content of programs in flight
  void program_issued(Ppn ppn, std::uint64_t tag) { in_flight_tags_[ppn] = tag; }
  void program_completed(Ppn ppn) { in_flight_tags_.erase(ppn); }
  // The content of `ppn` when its program is in flight.
  bool in_flight_tag(Ppn ppn, std::uint64_t& tag) const {
    const auto found = in_flight_tags_.find(ppn);
    if (found == in_flight_tags_.end()) return false;
    tag = found->second;
    return true;
  }

  // --- per-page order
  // Counts `event` (a write or trim of its page, not yet applied; marked ordered) and returns
  // true when an earlier event of the page is still pending: the event then waits here.
  bool wait_for_earlier_events(PendingWrite& event);
  // Whether an event of `lpn` is pending (a read of the page must wait for it).
  bool has_pending_events(Lpn lpn) const { return !events_.empty() && events_.count(lpn) != 0; }
  void hold_read(Lpn lpn, tlm::tlm_generic_payload& gp) { reads_waiting_[lpn].push_back(&gp); }
  // One event of `lpn` has been applied. True: `next` is the page's next event, to be applied
  // now. False: the page has no event left, and `reads` receives the reads held for it.
  bool event_applied(Lpn lpn, PendingWrite& next, std::vector<tlm::tlm_generic_payload*>& reads);
  // Whether events wait behind an earlier one or reads wait for a page (FtlCpu::idle).
  bool holds_events_or_reads() const { return !waiting_.empty() || !reads_waiting_.empty(); }

 private:
  std::uint32_t capacity_;
  std::uint32_t used_ = 0;
  std::deque<PendingWrite> waiting_for_room_;
  std::unordered_map<Ppn, std::uint64_t> in_flight_tags_;
  std::unordered_map<Lpn, std::uint32_t> events_;  // per page: events accepted, not yet applied
  std::unordered_map<Lpn, std::deque<PendingWrite>> waiting_;  // per page: events behind the first
  std::unordered_map<Lpn, std::vector<tlm::tlm_generic_payload*>> reads_waiting_;
};

}  // namespace ssdtlm
