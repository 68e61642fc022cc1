// FlashController's activity queries (what the stats.vcd writer records).
#include "models/controller/flash_controller.h"

namespace ssdtlm {
namespace {

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

}  // namespace ssdtlm
