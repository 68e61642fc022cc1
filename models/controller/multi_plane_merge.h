#pragma once
// Multi-plane merging: which queued commands of a die join the one the scheduling policy
// picked, so that they run as one multi-plane operation. A command joins if it has the same
// opcode, addresses a plane not yet used, has the same page index for reads and programs (and
// the same source and destination pages for copybacks, an ONFI multi-plane rule), and may pass
// every older command left in the queue (command_hazard.h).
#include <array>
#include <cstddef>
#include <cstdint>

#include "models/controller/die_context.h"
#include "models/controller/die_queue.h"

namespace ssdtlm {

struct MergeSelection {
  std::array<std::size_t, kMaxPlanes> indices{};  // into the queue; [0] is the pick
  std::size_t count = 0;
};

MergeSelection select_multi_plane(const DieQueue& queue, std::size_t pick,
                                  std::uint32_t planes_per_die);

// Moves the pick and the commands select_multi_plane() joins to it from `queue` into
// `taken[0, count)`, in selection order; returns the count.
std::size_t take_multi_plane(DieQueue& queue, std::size_t pick, std::uint32_t planes_per_die,
                             std::array<QueuedCommand, kMaxPlanes>& taken);

// The planes the die's operations in flight cover.
std::uint32_t planes_in_flight(const DieContext& die);

// With multi-plane merging, the pick joins an open cache pipeline only with partners for every
// plane the operations in flight use: the pages of one die's planes then stay one multi-plane
// operation. Admitted alone as soon as the pipeline opens (the partner page not queued yet),
// each would be a single-plane operation whose array time follows the previous one's, halving
// the die's program rate on two planes. A pick left out waits for its partners (their arrival
// dispatches the die again) or for the pipeline to drain, and then starts as a new operation.
bool joins_pipeline_planes(const DieContext& die, std::size_t pick, std::uint32_t planes_per_die);

}  // namespace ssdtlm
