#include "models/controller/multi_plane_merge.h"

#include <algorithm>
#include <functional>

#include "models/controller/command_hazard.h"

namespace ssdtlm {

namespace {

bool same_pages(const CommandKey& a, const CommandKey& b) {
  switch (a.opcode) {
    case FlashOpcode::Erase: return true;
    case FlashOpcode::Copyback: return a.page == b.page && a.dest_page == b.dest_page;
    default: return a.page == b.page;
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
  const CommandKey& first = queue.key(pick);
  const std::uint32_t max_planes = std::min<std::uint32_t>(planes_per_die, kMaxPlanes);
  if (first.opcode == FlashOpcode::ReadStatus || max_planes < 2) return selection;

  bool any_partner = false;
  for (std::uint32_t plane = 0; plane < max_planes && !any_partner; ++plane) {
    any_partner = plane != first.plane && queue.may_hold_partner(first, plane);
  }
  if (!any_partner) return selection;  // the scan below would find no candidate

  std::uint32_t planes_used = 1u << first.plane;
  for (std::size_t candidate = 0; candidate < queue.size() && selection.count < max_planes;
       ++candidate) {
    if (candidate == pick) continue;
    const CommandKey& command = queue.key(candidate);
    if (command.opcode != first.opcode || command.plane >= max_planes ||
        (planes_used & (1u << command.plane)) != 0 || !same_pages(first, command)) {
      continue;
    }
    bool hazard_free = true;
    for (std::size_t older = 0; older < candidate && hazard_free; ++older) {
      if (!selected(selection, older)) hazard_free = may_overtake(command, queue.key(older));
    }
    if (!hazard_free) continue;
    selection.indices[selection.count++] = candidate;
    planes_used |= 1u << command.plane;
  }
  return selection;
}

std::size_t take_multi_plane(DieQueue& queue, std::size_t pick, std::uint32_t planes_per_die,
                             std::array<QueuedCommand, kMaxPlanes>& taken) {
  MergeSelection selection = select_multi_plane(queue, pick, planes_per_die);
  for (std::size_t i = 0; i < selection.count; ++i) {
    taken[i] = queue[selection.indices[i]];
  }
  // Erased from the back, so that the indices still to erase stay valid.
  std::sort(selection.indices.begin(), selection.indices.begin() + selection.count, std::greater<std::size_t>());
  for (std::size_t i = 0; i < selection.count; ++i) {
    queue.erase(queue.begin() + static_cast<std::ptrdiff_t>(selection.indices[i]));
  }
  return selection.count;
}

std::uint32_t planes_in_flight(const DieContext& die) {
  std::uint32_t planes = 0;
  for (const DieOperation& operation : die.operations) {
    if (!operation.active) continue;
    for (int i = 0; i < operation.command->plane_count; ++i) planes |= 1u << operation.command->targets[i].plane;
  }
  return planes;
}

bool joins_pipeline_planes(const DieContext& die, std::size_t pick, std::uint32_t planes_per_die) {
  const MergeSelection selection = select_multi_plane(die.queue, pick, planes_per_die);
  std::uint32_t planes = 0;
  for (std::size_t i = 0; i < selection.count; ++i) planes |= 1u << die.queue[selection.indices[i]].command->targets[0].plane;
  const std::uint32_t needed = planes_in_flight(die);
  return (planes & needed) == needed;
}

}  // namespace ssdtlm
