#include "models/ftl/firmware/write_buffer.h"

namespace ssdtlm {

bool WriteBuffer::wait_for_earlier_events(PendingWrite& event) {
  event.ordered = true;
  if (events_[event.lpn]++ == 0) return false;
  waiting_[event.lpn].push_back(event);
  return true;
}

bool WriteBuffer::event_applied(Lpn lpn, PendingWrite& next, std::vector<tlm::tlm_generic_payload*>& reads) {
  const auto count = events_.find(lpn);
  if (--count->second == 0) {
    events_.erase(count);
    const auto waiting_reads = reads_waiting_.find(lpn);
    if (waiting_reads != reads_waiting_.end()) {
      reads.swap(waiting_reads->second);
      reads_waiting_.erase(waiting_reads);
    }
    return false;
  }
  // One event of a page proceeds at a time: the others wait here, oldest first.
  const auto waiting = waiting_.find(lpn);
  next = waiting->second.front();
  waiting->second.pop_front();
  if (waiting->second.empty()) waiting_.erase(waiting);
  return true;
}

}  // namespace ssdtlm
