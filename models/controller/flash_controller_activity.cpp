// FlashController's activity queries (what the stats.vcd writer records) and busy-time
// statistics (times include any period still running at sim_now()).
#include "models/controller/flash_controller.h"

namespace ssdtlm {
namespace {

sc_core::sc_time from_ps(std::uint64_t ps) {
  return sc_core::sc_time::from_value(ps);
}

DieActivity array_activity(FlashOpcode opcode) {
  switch (opcode) {
    case FlashOpcode::Read:
    case FlashOpcode::CacheRead:
      return DieActivity::Read;
    case FlashOpcode::Program:
    case FlashOpcode::CacheProgram:
      return DieActivity::Program;
    case FlashOpcode::Erase:
      return DieActivity::Erase;
    case FlashOpcode::Copyback:
      return DieActivity::Copyback;
    case FlashOpcode::ReadStatus:
      break;
  }
  return DieActivity::Transfer;  // a status read only uses the bus
}

// Several operations of a cache pipeline overlap: the die is shown by the busiest of them, its
// array first (the bus it may hold at the same time shows on its channel).
int rank(DieActivity activity) {
  switch (activity) {
    case DieActivity::Waiting:
      return 0;
    case DieActivity::Transfer:
      return 1;
    default:
      return 2;
  }
}

}  // namespace

DieActivity FlashController::die_activity(DieId id) const {
  const DieContext& die = *dies_state_[id];
  if (die.in_flight == 0) return DieActivity::Idle;
  const ChannelBus& bus = buses_[die.channel];
  DieActivity activity = DieActivity::Waiting;
  bool running = false;  // an operation other than a suspended one
  for (int slot = 0; slot < static_cast<int>(kOperationSlots); ++slot) {
    const DieOperation& operation = die.operations[slot];
    if (!operation.active || slot == die.suspended_slot) continue;
    running = true;
    if (operation.step >= operation.steps()) continue;  // completing at this instant
    const Step& step = operation.step_at(operation.step);
    DieActivity current = DieActivity::Waiting;
    switch (step.kind) {
      case StepKind::Array:
        if (operation.die_invoked) current = array_activity(operation.command->opcode);
        break;
      case StepKind::RegisterMove:
        current = array_activity(operation.command->opcode);
        break;
      case StepKind::Bus:
        if (bus.holder() == requester(die, slot)) current = DieActivity::Transfer;
        break;
      default:
        break;  // waiting for a register (or a zero-time step)
    }
    if (rank(current) > rank(activity)) activity = current;
  }
  return running ? activity : DieActivity::Suspended;
}

DieId FlashController::channel_holder(std::uint32_t channel) const {
  const ChannelBus& bus = buses_[channel];
  return bus.busy() ? bus.holder() >> kRequesterSlotBits : kNoDie;
}

sc_core::sc_time FlashController::die_busy_time(DieId id) const {
  const DieContext& die = *dies_state_[id];
  if (die.in_flight == 0) return from_ps(die.busy_time_ps);
  return from_ps(die.busy_time_ps + (sim_now_ps() - die.busy_since_ps));
}

sc_core::sc_time FlashController::die_array_time(DieId id) const {
  const DieContext& die = *dies_state_[id];
  return from_ps(die.array_time_ps + relayed_time_ps(die, StepKind::Array, sim_now_ps()));
}

sc_core::sc_time FlashController::channel_busy_time(std::uint32_t channel) const {
  const std::uint64_t now_ps = sim_now_ps();
  // relay_tails_: die `channel` is the channel's only die (channel_of_die is die % channels).
  const std::uint64_t relayed_ps = relay_tails_ ? relayed_time_ps(*dies_state_[channel], StepKind::Bus, now_ps) : 0;
  return from_ps(buses_[channel].busy_time_ps(now_ps) + relayed_ps);
}

}  // namespace ssdtlm
