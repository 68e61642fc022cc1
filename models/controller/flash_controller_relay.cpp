// FlashController's relayed step tails: once the die has been called, the rest of a plain operation is Array and Bus
// steps of known lengths. When nothing else can ask for the channel's bus meanwhile (one die
// per channel, no suspend: relay_tails_), every step end before the last would only start the
// next step on a free bus and schedule its end. Instead one relay entry goes through those
// instants (EventLoop::schedule_relayed_ps: at each the loop re-inserts it with the sequence it
// draws then, as the step-end callback would) and runs end_tail() at the last, which does the
// bookkeeping of all of them and completes the operation.
//
// Why the order of every event stays the same: a step-end callback in the tail (i) draws exactly
// one sequence, for the next step's end, and nothing else (the bus is free and uncontended, no
// suspend check), and (ii) changes nothing another entry reads before the operation completes:
// the bus's holder and busy time, the die's array time and the operation's step, read only by
// this operation's own steps, by try_suspend (off) and by the statistics, which add the part of
// the tail that has elapsed (relayed_array_ps, relayed_bus_ps). So the relay entry takes every
// ordering position of the chain of callbacks it replaces, and end_tail runs where the last one
// ran, with the same state.
#include "models/controller/flash_controller.h"

#include <algorithm>
#include <array>

namespace ssdtlm {

bool FlashController::relay_tail(DieContext& die, int slot) {
  if (die.in_flight != 1) return false;  // a cache pipeline shares the die (and its bus)
  DieOperation& operation = die.operations[slot];
  std::array<std::uint64_t, EventLoop::kMaxRelayHops + 1> ends_ps;  // each timed step's end
  std::size_t ends = 0;
  std::uint64_t at_ps = sim_now_ps();
  for (std::size_t i = operation.step; i < operation.steps(); ++i) {
    const Step& step = operation.step_at(i);
    if (step.kind != StepKind::Bus && step.kind != StepKind::Array) return false;
    const std::uint64_t duration_ps = operation.duration_ps(step);
    if (duration_ps == 0) continue;  // advance() passes over it without an entry
    if (ends == ends_ps.size()) return false;
    at_ps += duration_ps;
    ends_ps[ends++] = at_ps;
  }
  if (ends < 2) return false;  // one timed step: its end is the completion, a plain entry anyway
  operation.step_started_ps = sim_now_ps();  // the tail's start, for the statistics
  die.relayed_slot = slot;
  const ChannelBus::RequesterId id = requester(die, slot);
  const std::uint32_t generation = operation.generation;
  timers_.loop().schedule_relayed_ps(ends_ps.data(), ends - 1, ends_ps[ends - 1],
                                     [this, id, generation] { end_tail(id, generation); });
  return true;
}

void FlashController::end_tail(ChannelBus::RequesterId id, std::uint32_t generation) {
  DieContext& die = die_of(id);
  const int slot = slot_of(id);
  DieOperation& operation = die.operations[slot];
  if (generation != operation.generation) return;  // as end_step (no suspend here: never)
  ChannelBus& bus = bus_of(die);
  for (std::size_t i = operation.step; i < operation.steps(); ++i) {
    const Step& step = operation.step_at(i);
    const std::uint64_t duration_ps = operation.duration_ps(step);
    if (duration_ps == 0) continue;
    if (step.kind == StepKind::Array) {
      die.array_time_ps += duration_ps;
    } else {
      bus.record_tenure(duration_ps);
    }
  }
  die.relayed_slot = kNoSlot;
  operation.step = operation.steps();
  complete(die, slot);
}

std::uint64_t FlashController::relayed_time_ps(const DieContext& die, StepKind kind, std::uint64_t now_ps) const {
  if (die.relayed_slot == kNoSlot) return 0;
  const DieOperation& operation = die.operations[die.relayed_slot];
  std::uint64_t elapsed_ps = 0;
  std::uint64_t start_ps = operation.step_started_ps;
  for (std::size_t i = operation.step; i < operation.steps() && start_ps < now_ps; ++i) {
    const Step& step = operation.step_at(i);
    const std::uint64_t duration_ps = operation.duration_ps(step);
    const std::uint64_t end_ps = start_ps + duration_ps;
    if (step.kind == kind) {
      // A bus tenure counts while it runs; an array step when it ends (as end_step adds it).
      if (kind == StepKind::Bus) {
        elapsed_ps += std::min(now_ps, end_ps) - start_ps;
      } else if (end_ps <= now_ps) {
        elapsed_ps += duration_ps;
      }
    }
    start_ps = end_ps;
  }
  return elapsed_ps;
}

}  // namespace ssdtlm
