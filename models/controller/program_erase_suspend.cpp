#include "models/controller/program_erase_suspend.h"

#include "models/controller/command_hazard.h"

namespace ssdtlm {

namespace {

bool touches_block_of(const FlashCommand& read, const FlashCommand& operation) {
  const PlaneTarget& target = read.targets[0];
  for (int i = 0; i < operation.plane_count; ++i) {
    if (operation.targets[i].plane == target.plane &&
        operation.targets[i].block_in_plane == target.block_in_plane) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::size_t ProgramEraseSuspend::find_read(const DieContext& die) const {
  int slot = die.suspended_slot;
  if (slot == kNoSlot) {
    for (slot = 0; slot < static_cast<int>(kOperationSlots) && !die.operations[slot].active; ++slot) {
    }
  }
  const FlashCommand& running = *die.operations[slot].command;
  for (std::size_t candidate = 0; candidate < die.queue.size(); ++candidate) {
    const FlashCommand& read = *die.queue[candidate].command;
    if (read.opcode != FlashOpcode::Read || read.origin != OpOrigin::Host) continue;
    if (touches_block_of(read, running)) continue;
    bool hazard_free = true;
    for (std::size_t older = 0; older < candidate && hazard_free; ++older) {
      hazard_free = may_overtake(read, *die.queue[older].command);
    }
    if (hazard_free) return candidate;
  }
  return die.queue.size();
}

bool ProgramEraseSuspend::try_suspend(DieContext& die) {
  if (die.in_flight != 1 || die.pipeline_open) return false;
  int slot = 0;
  while (slot < static_cast<int>(kOperationSlots) && !die.operations[slot].active) ++slot;
  DieOperation& operation = die.operations[slot];
  const FlashOpcode opcode = operation.command->opcode;
  if (opcode != FlashOpcode::Program && opcode != FlashOpcode::Erase) return false;
  if (!operation.die_invoked || operation.step >= operation.steps()) return false;
  const Step& step = operation.step_at(operation.step);
  if (step.kind != StepKind::Array) return false;
  const std::uint64_t operation_sequence = operation.commands[0].sequence;
  if (operation.suspensions_of != operation_sequence) {  // the slot's new operation: none yet
    operation.suspensions_of = operation_sequence;
    operation.suspensions = 0;
  }
  if (operation.suspensions >= max_per_operation_) return false;
  const std::uint64_t elapsed_ps = sim_now_ps() - operation.step_started_ps;
  const std::uint64_t duration_ps = operation.duration_ps(step);
  if (elapsed_ps >= duration_ps) return false;
  const std::uint64_t remaining_ps = duration_ps - elapsed_ps;
  const std::uint64_t latency_ns =
      opcode == FlashOpcode::Program ? timing_.program_suspend_ns : timing_.erase_suspend_ns;
  const std::uint64_t latency_ps = latency_ns * 1000;
  if (remaining_ps <= latency_ps) return false;  // finishing is no slower than suspending
  if (find_read(die) == die.queue.size()) return false;

  die.array_time_ps += elapsed_ps;
  // What the resume runs (an Array step's template part is 0: its time is all variable).
  operation.variable_ps[step.variable] = remaining_ps;
  ++operation.generation;           // drops the pending end of this step
  ++operation.suspensions;
  ++(opcode == FlashOpcode::Program ? program_suspensions_ : erase_suspensions_);
  die.suspend_phase = SuspendPhase::Suspending;
  die.suspended_slot = slot;
  DieContext* suspending = &die;
  timers_.schedule_in_ps(latency_ps, [this, suspending] { suspension_ready(*suspending); });
  return true;
}

void ProgramEraseSuspend::suspension_ready(DieContext& die) {
  die.suspend_phase = SuspendPhase::Suspended;
  // This suspension serves the host reads queued now (those arriving meanwhile wait for the
  // resume, and may suspend the operation again within the limit).
  std::uint32_t reads = 0;
  for (const QueuedCommand& queued : die.queue) {
    if (queued.command->opcode == FlashOpcode::Read && queued.command->origin == OpOrigin::Host) ++reads;
  }
  die.suspension_reads_left = reads;
  serve(die);
  controller_.suspend_phase_changed(die);
}

void ProgramEraseSuspend::serve(DieContext& die) {
  if (die.suspension_reads_left > 0) {
    const std::size_t pick = find_read(die);
    if (pick != die.queue.size()) {
      --die.suspension_reads_left;
      ++reads_during_suspension_;
      controller_.start_read_while_suspended(die, pick);
      return;
    }
  }
  die.suspend_phase = SuspendPhase::Resuming;
  DieContext* resuming = &die;
  timers_.schedule_in_ps(timing_.resume_ns * 1000, [this, resuming] { resumed(*resuming); });
}

void ProgramEraseSuspend::resumed(DieContext& die) {
  const int slot = die.suspended_slot;
  die.suspend_phase = SuspendPhase::None;
  die.suspended_slot = kNoSlot;
  controller_.resume_operation(die, slot);  // a read that arrived meanwhile may suspend it again
}

}  // namespace ssdtlm
