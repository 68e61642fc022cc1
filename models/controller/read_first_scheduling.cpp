#include "models/controller/read_first_scheduling.h"

#include "models/controller/command_hazard.h"

namespace ssdtlm {

std::size_t ReadFirstScheduling::pick(const DieQueue& queue) const {
  for (std::size_t candidate = 0; candidate < queue.size(); ++candidate) {
    const CommandKey& read = queue.key(candidate);
    if (!is_read(read.opcode)) continue;
    bool hazard_free = true;
    for (std::size_t older = 0; older < candidate && hazard_free; ++older) {
      hazard_free = may_overtake(read, queue.key(older));
    }
    if (hazard_free) return candidate;
  }
  return 0;
}

}  // namespace ssdtlm
