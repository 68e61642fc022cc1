// Host flushes on the array. The controller keeps no data of its own (a write is answered when
// its member writes are), so a flush is durable once (1) every host operation that arrived
// before it has been answered and (2) every member in service has flushed its own volatile
// write buffer, if it has one. Operations that arrive after the flush do not delay it.
#include "models/raid/raid_controller_internal.h"

namespace ssdtlm {

void RaidController::flush_when_earlier_done(ArrayOp& flush) {
  // open_arrivals_ holds the flush itself; anything older still open holds it back.
  if (*open_arrivals_.begin() == flush.arrival) {
    flush_members(flush);
  } else {
    waiting_flushes_.push_back(&flush);
  }
}

void RaidController::start_waiting_flushes() {
  // Flushes wait in arrival order, so only the front one can be the oldest open operation.
  while (!waiting_flushes_.empty() && *open_arrivals_.begin() == waiting_flushes_.front()->arrival) {
    ArrayOp& flush = *waiting_flushes_.front();
    waiting_flushes_.pop_front();
    flush_members(flush);
  }
}

void RaidController::flush_members(ArrayOp& flush) {
  std::vector<MemberExtent> member_flushes;
  for (const MemberId device : devices_in_service()) member_flushes.push_back(MemberExtent{device, 0, 0});
  flush.writing = true;  // one phase; its end answers the host (finish)
  issue_phase(flush, member_flushes, HostOp::Flush);
}

}  // namespace ssdtlm
