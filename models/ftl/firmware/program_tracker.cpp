// ProgramTracker (program_tracker.h): the cold half, a completion that reads wait for.
#include "models/ftl/firmware/program_tracker.h"

#include <utility>

namespace ssdtlm {

ProgramTracker::ProgramTracker(const FlashGeometry& geometry, ProgramTrackerFirmware& firmware)
    : geometry_(geometry),
      firmware_(firmware),
      block_pending_programs_(geometry.total_blocks(), 0),
      block_closed_(geometry.total_blocks(), 0),
      in_flight_((geometry.total_pages() + 63) / 64, 0) {}

void ProgramTracker::completed_with_waiting_reads(Ppn ppn) {
  std::vector<tlm::tlm_generic_payload*> waiting;
  const auto found = reads_waiting_.find(ppn);
  if (found != reads_waiting_.end()) {
    waiting.swap(found->second);
    reads_waiting_.erase(found);
  }
  drain(geometry_.block_of_page(ppn));
  for (auto* gp : waiting) firmware_.retry_host_read(*gp);  // the page is on flash now
}

}  // namespace ssdtlm
