// Host flushes on the array. The controller keeps no data of its own (a write is answered when
// its member writes are), so a flush is durable once (1) every host operation that arrived
// before it has been answered and (2) every member in service has flushed its own volatile
// write buffer, if it has one. Operations that arrive after the flush do not delay it.
#include "models/raid/raid_controller_internal.h"

namespace ssdtlm {

void RaidController::flush_when_earlier_done(ArrayOp& flush) {
  // Flushes get here in arrival order (the firmware is serial), as FlushBarrier requires.
  if (flushes_.done_through(flush.arrival - 1)) {
    flush_members(flush);
  } else {
    flushes_.wait_for(flush.arrival - 1, &flush);
  }
}

void RaidController::flush_members(ArrayOp& flush) {
  std::vector<MemberExtent> member_flushes;
  for (const MemberId device : devices_in_service()) member_flushes.push_back(MemberExtent{device, 0, 0});
  flush.writing = true;  // one phase; its end answers the host (finish)
  issue_phase(flush, member_flushes, HostOp::Flush);
}

}  // namespace ssdtlm
