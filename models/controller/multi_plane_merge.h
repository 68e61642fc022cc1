#pragma once
// Multi-plane merging: which queued commands of a die join the one the scheduling policy
// picked, so that they run as one multi-plane operation. A command joins if it has the same
// opcode, addresses a plane not yet used, has the same page index for reads and programs (and
// the same source and destination pages for copybacks, an ONFI multi-plane rule), and may pass
// every older command left in the queue (command_hazard.h).
#include <array>
#include <cstddef>
#include <cstdint>

#include "models/controller/die_queue.h"

namespace ssdtlm {

struct MergeSelection {
  std::array<std::size_t, kMaxPlanes> indices{};  // into the queue; [0] is the pick
  std::size_t count = 0;
};

MergeSelection select_multi_plane(const DieQueue& queue, std::size_t pick,
                                  std::uint32_t planes_per_die);

}  // namespace ssdtlm
