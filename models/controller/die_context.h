#pragma once
// FlashController's bookkeeping for one die: its command queue, the operations in flight and
// the die-internal registers they share. Internal to the controller.
//
// Operation slots: a plain command owns the whole die, so one slot suffices; cache pipelining
// keeps at most three cache reads in flight (one transferring out, one waiting for the cache
// register, one in its command phase), so three slots bound every case. Each slot carries a
// preallocated die-level command, so dispatching a command allocates nothing.
#include <array>
#include <cstdint>
#include <memory>

#include <systemc>
#include <tlm>

#include "models/common/flash_command.h"
#include "models/controller/operation_script.h"
#include "models/controller/die_queue.h"
#include "models/controller/queued_command.h"

namespace ssdtlm {

inline constexpr std::size_t kOperationSlots = 3;
inline constexpr int kNoSlot = -1;

// 512-byte aligned: the slot's address (die.operations[slot], computed at every step of every
// command) is then a shift instead of a multiplication by an odd size.
struct alignas(512) DieOperation {
  DieOperation() : merged(std::make_unique<FlashCommand>()) {}
  DieOperation(const DieOperation&) = delete;
  DieOperation& operator=(const DieOperation&) = delete;

  bool active = false;
  std::array<QueuedCommand, kMaxPlanes> commands{};  // the FTL commands merged into it
  std::size_t command_count = 0;
  // The command the die executes: `merged` built from the FTL commands, or, for an operation of
  // one command without a fault model, that FTL command itself (FlashController::
  // prepare_operation says why that is the same).
  FlashCommand* command = nullptr;
  std::unique_ptr<FlashCommand> merged;
  bool accepted = false;  // the die's answer (invoke_die)
  const OperationScript* script = nullptr;  // its kind's template, shared, never copied
  // The operation's own parts of its step times, indexed by Step::variable: [kNoVariable]
  // stays 0; ΣX; the die's array phases (a suspension leaves the remaining time there).
  std::array<std::uint64_t, kStepVariables> variable_ps{};
  std::size_t step = 0;
  bool die_invoked = false;
  // Suspend/resume: a step-end timer carries the generation it was scheduled in, and a
  // suspension bumps it, so the timer of the interrupted Array step is ignored.
  std::uint32_t generation = 0;
  std::uint64_t step_started_ps = 0;  // when the running timed step began
  // Suspensions of the operation whose first command has queue sequence `suspensions_of`
  // (ProgramEraseSuspend::try_suspend): controller.suspend.max_per_operation limits each operation,
  // not the slot's whole life. Keyed by the operation instead of reset when the slot starts one,
  // so that runs without suspend pay nothing per command.
  std::uint32_t suspensions = 0;
  std::uint64_t suspensions_of = ~std::uint64_t{0};

  std::size_t steps() const { return script->size(); }
  const Step& step_at(std::size_t index) const { return (*script)[index]; }
  std::uint64_t duration_ps(const Step& step) const { return step.duration_ps + variable_ps[step.variable]; }
  std::uint64_t duration_ps(std::size_t index) const { return duration_ps(step_at(index)); }
};

enum class SuspendPhase : std::uint8_t {
  None,        // no operation suspended
  Suspending,  // suspend latency running (tPSPD / tESPD)
  Suspended,   // the array is free: reads run
  Resuming,    // resume latency running
};

struct DieContext {
  DieId id = 0;
  std::uint32_t channel = 0;
  DieQueue queue;
  std::array<DieOperation, kOperationSlots> operations;
  std::size_t in_flight = 0;

  // Registers shared by pipelined cache operations (plain commands own the idle die).
  int page_register_owner = kNoSlot;
  int page_register_waiter = kNoSlot;
  int cache_register_owner = kNoSlot;
  int cache_register_waiter = kNoSlot;
  bool pipeline_open = false;
  FlashOpcode pipeline_opcode = FlashOpcode::Read;  // opcode of the newest operation
  bool dispatch_pending = false;
  int relayed_slot = kNoSlot;  // the operation whose step tail is relayed (FlashController::relay_tail)

  SuspendPhase suspend_phase = SuspendPhase::None;
  int suspended_slot = kNoSlot;
  std::uint32_t suspension_reads_left = 0;  // reads this suspension may still serve

  // Times in ps: the hot path builds no sc_time (sc_time::from_value is out of line).
  std::uint64_t busy_since_ps = 0;  // start of the current reserved period
  std::uint64_t busy_time_ps = 0;   // finished reserved periods
  std::uint64_t array_time_ps = 0;  // Array steps only
};

}  // namespace ssdtlm
