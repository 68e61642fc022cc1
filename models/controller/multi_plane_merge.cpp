#include "models/controller/multi_plane_merge.h"

#include <algorithm>

#include "models/controller/command_hazard.h"

namespace ssdtlm {

namespace {

bool mergeable_opcode(FlashOpcode opcode) { return opcode != FlashOpcode::ReadStatus; }

bool same_pages(const FlashCommand& a, const FlashCommand& b) {
  const PlaneTarget& x = a.targets[0];
  const PlaneTarget& y = b.targets[0];
  switch (a.opcode) {
    case FlashOpcode::Erase: return true;
    case FlashOpcode::Copyback: return x.page == y.page && x.dest_page == y.dest_page;
    default: return x.page == y.page;
  }
}

bool selected(const MergeSelection& selection, std::size_t index) {
  return std::find(selection.indices.begin(), selection.indices.begin() + selection.count,
                   index) != selection.indices.begin() + selection.count;
}

}  // namespace

MergeSelection select_multi_plane(const DieQueue& queue, std::size_t pick,
                                  std::uint32_t planes_per_die) {
  MergeSelection selection;
  selection.indices[selection.count++] = pick;
  const FlashCommand& first = *queue[pick].command;
  const std::uint32_t max_planes = std::min<std::uint32_t>(planes_per_die, kMaxPlanes);
  if (!mergeable_opcode(first.opcode) || max_planes < 2) return selection;

  std::uint32_t planes_used = 1u << first.targets[0].plane;
  for (std::size_t candidate = 0; candidate < queue.size() && selection.count < max_planes;
       ++candidate) {
    if (candidate == pick) continue;
    const FlashCommand& command = *queue[candidate].command;
    const std::uint32_t plane = command.targets[0].plane;
    if (command.opcode != first.opcode || plane >= max_planes ||
        (planes_used & (1u << plane)) != 0 || !same_pages(first, command)) {
      continue;
    }
    bool hazard_free = true;
    for (std::size_t older = 0; older < candidate && hazard_free; ++older) {
      if (!selected(selection, older)) hazard_free = may_overtake(command, *queue[older].command);
    }
    if (!hazard_free) continue;
    selection.indices[selection.count++] = candidate;
    planes_used |= 1u << plane;
  }
  return selection;
}

}  // namespace ssdtlm
