#include "models/controller/flash_controller.h"

#include <algorithm>
#include <sstream>

#include "models/controller/multi_plane_merge.h"
#include "models/kernel/command_link.h"
#include "models/nand/nand_array_time.h"

namespace ssdtlm {

namespace {

bool returns_data(FlashOpcode opcode) {
  return opcode == FlashOpcode::Read || opcode == FlashOpcode::CacheRead ||
         opcode == FlashOpcode::Copyback;
}

// Pages that cross the channel bus into the controller, and are decoded there (EccStage).
bool decodes_page(FlashOpcode opcode) {
  return opcode == FlashOpcode::Read || opcode == FlashOpcode::CacheRead;
}

}  // namespace

// The per-command path is a chain of small member functions (arrival: begin_request, accept,
// arrive, enqueue; dispatch: prepare_operation; completion: finish_command,
// release_operation, respond). Each is used only in this file; called out of line, each would
// cost a frame and register saves per flash command, so SSDTLM_HOT_INLINE folds them into
// their callers.
#define SSDTLM_HOT_INLINE [[gnu::always_inline]] inline

FlashController::FlashController(sc_core::sc_module_name name, const FlashGeometry& geometry,
                                 const NandTiming& nand_timing,
                                 const ChannelBusTiming& bus_timing,
                                 const FlashControllerConfig& config)
    : sc_core::sc_module(name),
      target_socket("target_socket"),
      die_sockets("die_socket", geometry.dies()),
      geometry_(geometry),
      nand_timing_(nand_timing),
      bus_timing_(bus_timing),
      config_(config),
      scheduler_(config.scheduling_policy),
      script_templates_(nand_timing, bus_timing,
                        std::max<std::uint32_t>(1, std::min<std::uint32_t>(geometry.planes_per_die, kMaxPlanes))),
      page_transfer_ps_(bus_timing.transfer_ps(geometry.page_size_bytes)),
      timers_("timers"),
      suspend_(*this, timers_, nand_timing, config.max_suspensions_per_operation),
      ecc_(config.ecc, geometry, config.data_mode) {
  if (geometry.planes_per_die > kMaxPlanes) {
    std::ostringstream message;
    message << "planes_per_die " << geometry.planes_per_die << " exceeds " << kMaxPlanes;
    report(message.str());
  }
  reliability_enabled_ = config.reliability.enabled();
  dies_state_.reserve(geometry.dies());
  for (DieId id = 0; id < geometry.dies(); ++id) {
    auto state = std::make_unique<DieContext>();
    state->id = id;
    state->channel = geometry.channel_of_die(id);
    // Partner counts serve the multi-plane merger only (start_operation skips it then).
    if (!config.multi_plane || geometry.planes_per_die < 2) state->queue.disable_partner_counts();
    dies_state_.push_back(std::move(state));
  }
  buses_.reserve(geometry.channels);
  for (std::uint32_t channel = 0; channel < geometry.channels; ++channel) {
    buses_.emplace_back(channel, std::size_t(geometry.dies_per_channel) * kOperationSlots);
  }
  dispatch_list_.reserve(geometry.dies());
  merges_planes_ = config.multi_plane && geometry.planes_per_die > 1;
  target_socket.register_nb_transport_fw(this, &FlashController::nb_transport_fw);
  timers_.loop().add_deferring_module();  // its dispatch entries (start_of_simulation)
}

FlashController::~FlashController() { timers_.loop().remove_deferring_module(); }

// ---------------------------------------------------------------------------- FTL side

tlm::tlm_sync_enum FlashController::nb_transport_fw(tlm::tlm_generic_payload& payload,
                                                    tlm::tlm_phase& phase,
                                                    sc_core::sc_time& delay) {
  if (phase == tlm::BEGIN_REQ) {
    if (!begin_request(payload, payload.get_extension<FlashCommand>(), delay.value())) return tlm::TLM_COMPLETED;
    phase = tlm::END_REQ;
    return tlm::TLM_UPDATED;
  }
  if (phase == tlm::END_RESP) {
    response_open_ = false;
    while (!response_open_ && !held_responses_.empty()) {
      tlm::tlm_generic_payload* next = held_responses_.front();
      held_responses_.pop_front();
      respond(*next);
    }
    return tlm::TLM_COMPLETED;
  }
  report("unexpected phase from the FTL (expected BEGIN_REQ or END_RESP)");
  return tlm::TLM_COMPLETED;
}

bool FlashController::begin_command(tlm::tlm_generic_payload& payload, FlashCommand& command) {
  return begin_request(payload, &command, 0);
}

SSDTLM_HOT_INLINE bool FlashController::begin_request(tlm::tlm_generic_payload& payload, FlashCommand* command,
                                    std::uint64_t delay_ps) {
  if (!accept(payload, command)) return false;
  const std::uint64_t arrival_delay_ps = delay_ps + config_.command_overhead_ns * 1000;
  if (arrival_delay_ps == 0) {
    arrive(payload, *command);
  } else {
    // Two pointers fit the loop callback's buffer (no allocation): the command is looked up again.
    tlm::tlm_generic_payload* arriving = &payload;
    timers_.schedule_in_ps(arrival_delay_ps,
                           [this, arriving] { arrive(*arriving, *arriving->get_extension<FlashCommand>()); });
  }
  return true;
}

SSDTLM_HOT_INLINE bool FlashController::accept(tlm::tlm_generic_payload& payload, const FlashCommand* command) {
  const bool valid = command != nullptr && command->die < geometry_.dies() && command->plane_count == 1 &&
                     command->targets[0].plane < geometry_.planes_per_die;
  if (__builtin_expect(!valid, 0)) {
    refuse(payload, command);
    return false;
  }
  if (command->opcode == FlashOpcode::CacheRead || command->opcode == FlashOpcode::CacheProgram) {
    cache_commands_seen_ = true;
  }
  return true;
}

void FlashController::refuse(tlm::tlm_generic_payload& payload, const FlashCommand* command) {
  std::ostringstream problem;
  if (command == nullptr) {
    problem << "transaction without a FlashCommand extension";
  } else if (command->die >= geometry_.dies()) {
    problem << to_string(command->opcode) << " for die " << command->die << ", there are "
            << geometry_.dies();
  } else if (command->plane_count != 1) {
    problem << to_string(command->opcode) << " for die " << command->die << " with "
            << int(command->plane_count)
            << " planes: the FTL issues single-plane commands, the controller merges them";
  } else {
    problem << to_string(command->opcode) << " for die " << command->die << " plane "
            << command->targets[0].plane << ", the die has " << geometry_.planes_per_die;
  }
  report(problem.str());
  payload.set_response_status(tlm::TLM_ADDRESS_ERROR_RESPONSE);
}

SSDTLM_HOT_INLINE void FlashController::arrive(tlm::tlm_generic_payload& payload, FlashCommand& command) {
  sc_core::sc_time ready;
  if (!ecc_.enabled() || !ecc_.hold_for_encode(command, ready)) {
    enqueue(payload, command);
    return;
  }
  tlm::tlm_generic_payload* waiting = &payload;
  timers_.schedule_at(ready, [this, waiting] {
    FlashCommand& encoded = *waiting->get_extension<FlashCommand>();
    ecc_.joined_queue(encoded.die);
    enqueue(*waiting, encoded);
  });
}

SSDTLM_HOT_INLINE void FlashController::enqueue(tlm::tlm_generic_payload& payload, FlashCommand& command) {
  DieContext& die = *dies_state_[command.die];
  die.queue.push_back({&payload, &command, next_sequence_++});
  // Dispatch later at this instant, so that commands the FTL issues together are all queued when
  // the policy picks and the merger looks for multi-plane partners.
  if (die.in_flight == 0 || die.pipeline_open ||
      (config_.suspend_enabled && die.suspend_phase == SuspendPhase::None)) {
    request_dispatch(die);
  }
  observe(die);
}

SSDTLM_HOT_INLINE void FlashController::respond(tlm::tlm_generic_payload& payload) {
  if (!response_open_ && linked_initiator_ != nullptr) {  // the FTL answers TLM_COMPLETED: over
    linked_initiator_->end_command(payload);
    return;
  }
  respond_otherwise(payload);
}

void FlashController::respond_otherwise(tlm::tlm_generic_payload& payload) {
  if (response_open_) {
    held_responses_.push_back(&payload);
    return;
  }
  tlm::tlm_phase phase = tlm::BEGIN_RESP;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  const tlm::tlm_sync_enum status = target_socket->nb_transport_bw(payload, phase, delay);
  if (status == tlm::TLM_ACCEPTED || (status == tlm::TLM_UPDATED && phase == tlm::BEGIN_RESP)) {
    response_open_ = true;
  }
}

// ---------------------------------------------------------------------------- processes

void FlashController::on_dispatch() {
  // Index loop: dispatching may complete zero-time operations whose responses queue more.
  for (std::size_t i = 0; i < dispatch_list_.size(); ++i) {
    DieContext& die = *dies_state_[dispatch_list_[i]];
    die.dispatch_pending = false;
    try_dispatch(die);
    observe(die);
  }
  dispatch_list_.clear();
}

void FlashController::start_of_simulation() {
  // request_dispatch() may leave a completing die's dispatch to complete() when the deferred
  // call provably does nothing and its absence reorders nothing:
  //  * complete() calls try_dispatch(die) on the idle die with the command queued, so it
  //    starts an operation (suspend off: no suspended operation, no suspend check);
  //  * that operation is a plain one (no cache command was ever accepted: plain operations
  //    never open a pipeline) whose first step takes time (every plain template starts with a
  //    Bus step > 0), so the die stays busy to the end of the instant and the deferred
  //    try_dispatch(die) would return at once;
  //  * the deferred entry only runs dispatches, after every plain callback of the instant, so
  //    creating it later (by another die's request) or not at all changes no other order, as
  //    long as no other module defers on this loop: this controller must be the only module
  //    registered as deferring on its loop (EventLoop::deferring_modules; RaidPlatform shares
  //    one loop between its members: there the deferred entries of two controllers are ordered
  //    by creation).
  bool timed_start = true;
  const std::uint32_t max_planes = std::max<std::uint32_t>(1, std::min<std::uint32_t>(geometry_.planes_per_die, kMaxPlanes));
  for (const FlashOpcode opcode : {FlashOpcode::Read, FlashOpcode::Program, FlashOpcode::Erase, FlashOpcode::Copyback,
                                   FlashOpcode::ReadStatus}) {
    for (std::uint32_t planes = 1; planes <= max_planes; ++planes) {
      const OperationScript& script = script_templates_.get(opcode, planes);
      timed_start &= script.size() > 0 && script[0].kind == StepKind::Bus && script[0].duration_ps > 0;
    }
  }
  // Relayed step tails: nothing but the operation itself may want its channel's bus while it
  // runs (one die per channel: plain operations own their die; with suspend a read would take
  // the bus in the middle of a program's tail).
  relay_tails_ = geometry_.dies_per_channel == 1 && !config_.suspend_enabled && activity_observer_ == nullptr;
  dispatch_by_completion_ = timed_start && !config_.suspend_enabled && timers_.loop().deferring_modules() == 1;
}

void FlashController::defer_dispatch(DieContext& die) {
  die.dispatch_pending = true;
  // One deferred loop entry per instant serves every die that asked (see enqueue).
  if (dispatch_list_.empty()) timers_.defer([this] { on_dispatch(); });
  dispatch_list_.push_back(die.id);
}

// ---------------------------------------------------------------------------- dispatch

// Inline (SSDTLM_HOT_INLINE): complete() calls it once per flash command, right before
// start_operation().
SSDTLM_HOT_INLINE void FlashController::try_dispatch(DieContext& die) {
  if (die.suspend_phase != SuspendPhase::None) {
    // Only the suspended operation left in flight: the next read, or the resume.
    if (die.suspend_phase == SuspendPhase::Suspended && die.in_flight == 1) suspend_.serve(die);
    return;
  }
  if (die.queue.empty()) return;
  if (die.in_flight == 0) {
    start_operation(die, scheduler_.pick(die.queue));
    return;
  }
  if (config_.suspend_enabled && suspend_.try_suspend(die)) return;
  // A busy die takes another command only into an open cache pipeline of the same kind.
  if (!die.pipeline_open || die.in_flight >= kOperationSlots) return;
  const std::size_t pick = scheduler_.pick(die.queue);
  if (die.queue[pick].command->opcode != die.pipeline_opcode) return;
  if (merges_planes_ && !joins_pipeline_planes(die, pick, geometry_.planes_per_die)) return;
  start_operation(die, pick);
}

void FlashController::start_operation(DieContext& die, std::size_t pick, bool allow_multi_plane) {
  int slot = 0;
  while (die.operations[slot].active) ++slot;  // try_dispatch guarantees a free slot
  DieOperation& operation = die.operations[slot];
  operation.active = true;
  if (merges_planes_ && allow_multi_plane) {  // the pick and the partners the merger joins to it
    operation.command_count = take_multi_plane(die.queue, pick, geometry_.planes_per_die, operation.commands);
    if (operation.command_count > 1) {
      ++multi_plane_operations_;
      multi_plane_merged_commands_ += operation.command_count;
    }
  } else {  // no merger, no selection to build: the pick alone
    operation.command_count = 1;
    operation.commands[0] = die.queue[pick];
    die.queue.erase(die.queue.begin() + static_cast<std::ptrdiff_t>(pick));
  }
  prepare_operation(die, operation);
  if (die.in_flight++ == 0) die.busy_since_ps = sim_now_ps();
  die.pipeline_open = false;
  die.pipeline_opcode = operation.command->opcode;
  // Every plain template starts with a timed Bus step: begun here, advance()'s loop and frame
  // are left for the step's end (the same request and timer advance() would make).
  const Step& first_step = operation.step_at(0);
  const std::uint64_t first_duration_ps = operation.duration_ps(first_step);
  if (first_step.kind == StepKind::Bus && first_duration_ps != 0) {
    start_bus_step(die, slot, first_duration_ps);
    observe(die);
    return;
  }
  if (activity_observer_ == nullptr) {
    advance(die, slot);  // a tail call: without an observer this path keeps no frame for it
    return;
  }
  advance(die, slot);
  observe(die);
}

SSDTLM_HOT_INLINE std::uint64_t FlashController::transfer_ps_of(const FlashCommand& command) const {
  return command.transfer_bytes != 0 ? bus_timing_.transfer_ps(command.transfer_bytes) : page_transfer_ps_;
}

SSDTLM_HOT_INLINE void FlashController::start_bus_step(DieContext& die, int slot, std::uint64_t duration_ps) {
  // Granted now: the tenure ends on a timer. Otherwise release() grants it later.
  const std::uint64_t now_ps = sim_now_ps();
  if (bus_of(die).request(requester(die, slot), now_ps)) schedule_step_end(die, slot, now_ps, duration_ps);
}

SSDTLM_HOT_INLINE void FlashController::prepare_operation(DieContext& die, DieOperation& operation) {
  FlashCommand& first = *operation.commands[0].command;
  // The kind's script (operation_script.h), shared: ΣX kept here, the array times from the die.
  operation.script = &script_templates_.get(first.opcode, static_cast<std::uint32_t>(operation.command_count));
  operation.step = 0;
  operation.die_invoked = false;
  if (operation.command_count == 1 && !reliability_enabled_) {
    // The die executes the FTL's own command instead of a copy: accept() made it single-plane
    // on a valid plane, it is for this die (its queue), and the die reads nothing a copy would
    // set otherwise (the copy's status is reset, its issuer tag cleared: the die writes the
    // one and ignores the other). What the die writes into it is what complete() copies back
    // from a copy (a read's data, the status), plus its target's `failed` flag, which only
    // a fault model ever sets (none here).
    operation.command = &first;
    operation.variable_ps[kTransferVariable] = transfer_ps_of(first);
    return;
  }
  FlashCommand& merged = *operation.merged;
  operation.command = &merged;
  merged.opcode = first.opcode;
  merged.origin = first.origin;
  merged.die = die.id;
  merged.plane_count = static_cast<std::uint8_t>(operation.command_count);
  merged.transfer_bytes = first.transfer_bytes;
  merged.status = FlashStatus::Ok;
  merged.issuer_tag = 0;
  std::uint64_t transfer_ps_total = 0;  // Σ X_i
  for (std::size_t i = 0; i < operation.command_count; ++i) {
    const FlashCommand& command = *operation.commands[i].command;
    merged.targets[i] = command.targets[0];
    transfer_ps_total += transfer_ps_of(command);
  }
  operation.variable_ps[kTransferVariable] = transfer_ps_total;
}


// ---------------------------------------------------------------------------- execution

void FlashController::advance(DieContext& die, int slot) {
  DieOperation& operation = die.operations[slot];
  const std::size_t steps = operation.steps();
  while (operation.step < steps) {
    const Step& step = operation.step_at(operation.step);
    // Bus and Array steps inline (every command has them); the die-internal ones in run_step.
    if (step.kind == StepKind::Bus) {
      const std::uint64_t duration_ps = operation.duration_ps(step);
      if (duration_ps != 0) {
        start_bus_step(die, slot, duration_ps);
        return;
      }
    } else if (step.kind == StepKind::Array) {
      if (!operation.die_invoked) invoke_die(die, operation);  // sets this step's duration
      const std::uint64_t duration_ps = operation.duration_ps(step);
      if (duration_ps != 0) {
        if (relay_tails_ && operation.script->relayable_tail() && relay_tail(die, slot)) return;
        schedule_step_end(die, slot, duration_ps);
        // A read queued during the command phase may suspend the array operation at once.
        if (config_.suspend_enabled && !die.queue.empty()) suspend_.try_suspend(die);
        return;
      }
    } else if (!run_step(die, slot, step)) {
      return;
    }
    ++operation.step;
  }
  complete(die, slot);
}

bool FlashController::run_step(DieContext& die, int slot, const Step& step) {
  switch (step.kind) {
    case StepKind::Bus:
    case StepKind::Array:
      break;  // advance() runs these
    case StepKind::RegisterMove:
      if (step.duration_ps == 0) return true;
      schedule_step_end(die, slot, step.duration_ps);
      return false;
    case StepKind::AcquirePageRegister:
      return acquire_register(die.page_register_owner, die.page_register_waiter, slot);
    case StepKind::AcquireCacheRegister:
      return acquire_register(die.cache_register_owner, die.cache_register_waiter, slot);
    case StepKind::ReleasePageRegister:
    case StepKind::ReleaseCacheRegister: {
      const bool page = step.kind == StepKind::ReleasePageRegister;
      int& owner = page ? die.page_register_owner : die.cache_register_owner;
      int& waiter = page ? die.page_register_waiter : die.cache_register_waiter;
      owner = kNoSlot;
      if (waiter != kNoSlot) {
        const int next = waiter;
        waiter = kNoSlot;
        owner = next;
        ++die.operations[next].step;  // its Acquire step is done
        advance(die, next);
      }
      return true;
    }
    case StepKind::OpenPipeline:
      die.pipeline_open = true;
      // At once, so that the next page's command phase queues for the bus before this
      // operation's data-out (the ONFI order of 31h before the previous page's data).
      try_dispatch(die);
      return true;
  }
  return true;
}

bool FlashController::acquire_register(int& owner, int& waiter, int slot) {
  if (owner == kNoSlot) {
    owner = slot;
    return true;
  }
  // At most one waiter: the pipeline admits the next operation only after the newest one
  // holds the page register, so registers are handed over one at a time.
  sc_assert(waiter == kNoSlot);
  waiter = slot;
  return false;
}

void FlashController::end_step(ChannelBus::RequesterId id, std::uint32_t generation) {
  DieContext& die = die_of(id);
  const int slot = slot_of(id);
  DieOperation& operation = die.operations[slot];
  if (generation != operation.generation) return;  // the step was suspended
  const Step& step = operation.step_at(operation.step);
  if (step.kind == StepKind::Array) die.array_time_ps += operation.duration_ps(step);
  if (step.kind == StepKind::Bus) {
    const ChannelBus::RequesterId next = bus_of(die).release(sim_now_ps());
    if (next != ChannelBus::kNobody) {
      DieContext& next_die = die_of(next);
      const int next_slot = slot_of(next);
      const DieOperation& waiting = next_die.operations[next_slot];
      schedule_step_end(next_die, next_slot, waiting.duration_ps(waiting.step));
      observe(next_die);
    }
  }
  ++operation.step;
  if (activity_observer_ == nullptr) {
    advance(die, slot);  // a tail call: without an observer this path keeps no frame for it
    return;
  }
  advance(die, slot);
  observe(die);
}

// Out of line: advance() runs ~2.5 times per command and calls the die once; inlined, the die
// call's frame made every advance() pay for it.
[[gnu::noinline]] void FlashController::invoke_die(DieContext& die, DieOperation& operation) {
  // The built-in die is called directly with the operation's command (no payload, no extension
  // look-up), answering in ps; any other target through the socket.
  NandDie* const direct = direct_dies_[die.id];
  const NandDieAnswer answer = __builtin_expect(direct != nullptr, 1) ? direct->execute(*operation.command)
                                                                      : call_die_socket(die.id, *operation.command);
  operation.accepted = answer.accepted;
  operation.die_invoked = true;
  // The script's first Array step (advance() calls here from it) takes the array time, a
  // copyback's second its tPROG (Step::variable). All zero if the die rejected the command.
  operation.variable_ps[kFirstArrayVariable] = answer.array.first_ps;
  operation.variable_ps[kSecondArrayVariable] = answer.array.second_ps;
}

SSDTLM_HOT_INLINE tlm::tlm_generic_payload& FlashController::finish_command(DieOperation& operation, std::size_t index, bool ok) {
  const FlashCommand& merged = *operation.command;
  FlashCommand& command = *operation.commands[index].command;
  if (&command != &merged) {  // else the die answered in the FTL's command itself
    if (returns_data(command.opcode)) command.targets[0].data_tag = merged.targets[index].data_tag;
    command.status = merged.status;
  }
  tlm::tlm_generic_payload& response = *operation.commands[index].payload;
  response.set_response_status(ok ? tlm::TLM_OK_RESPONSE : tlm::TLM_GENERIC_ERROR_RESPONSE);
  op_counts_.count(command.opcode, command.origin);
  return response;
}

SSDTLM_HOT_INLINE void FlashController::release_operation(DieContext& die, DieOperation& operation) {
  completed_commands_ += operation.command_count;
  operation.active = false;
  if (--die.in_flight == 0) {
    die.busy_time_ps += sim_now_ps() - die.busy_since_ps;
    die.pipeline_open = false;
  }
}

void FlashController::complete(DieContext& die, int slot) {
  DieOperation& operation = die.operations[slot];
  const bool ok = operation.accepted;
  const std::size_t count = operation.command_count;
  if (count == 1 && !reliability_enabled_ && !ecc_.enabled()) {
    // The common case (no merge, no fault model, no decode): the general path below with one
    // command and no retry, in the same order.
    tlm::tlm_generic_payload& response = finish_command(operation, 0, ok);
    release_operation(die, operation);
    const DieContext* outer = completing_die_;
    completing_die_ = &die;
    respond(response);
    completing_die_ = outer;
    try_dispatch(die);
    return;
  }
  const FlashCommand& merged = *operation.command;
  std::array<tlm::tlm_generic_payload*, kMaxPlanes> responses;  // [0, count) set below
  std::array<bool, kMaxPlanes> retry;
  for (std::size_t i = 0; i < count; ++i) {
    responses[i] = &finish_command(operation, i, ok);
    retry[i] = reliability_enabled_ && ok &&
               apply_fault_outcome(*operation.commands[i].command, merged.targets[i], *responses[i]);
  }
  release_operation(die, operation);
  if (ecc_.enabled() && ok && decodes_page(merged.opcode)) {
    // The data is in the controller: the die is free, the reads complete after their decode.
    for (std::size_t i = 0; i < count; ++i) {
      const EccStage::Decoded decoded = ecc_.decode(die.channel, *operation.commands[i].command);
      if (decoded.uncorrectable) {
        operation.commands[i].command->status = FlashStatus::UncorrectableRead;
        responses[i]->set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
      }
      tlm::tlm_generic_payload* response = responses[i];
      if (retry[i]) {
        timers_.schedule_at(decoded.end, [this, response] { retry_read(*response); });
      } else {
        timers_.schedule_at(decoded.end, [this, response] { respond(*response); });
      }
    }
    try_dispatch(die);
    return;
  }
  // Respond before dispatching: a command the FTL issues from inside its response is then
  // already queued when the policy picks.
  const DieContext* outer = completing_die_;
  completing_die_ = &die;
  for (std::size_t i = 0; i < count; ++i) {
    if (retry[i]) {
      retry_read(*responses[i]);
    } else {
      respond(*responses[i]);
    }
  }
  completing_die_ = outer;
  try_dispatch(die);
}

SSDTLM_HOT_INLINE void FlashController::schedule_step_end(DieContext& die, int slot, std::uint64_t duration_ps) {
  schedule_step_end(die, slot, sim_now_ps(), duration_ps);
}

SSDTLM_HOT_INLINE void FlashController::schedule_step_end(DieContext& die, int slot, std::uint64_t now_ps,
                                                          std::uint64_t duration_ps) {
  const ChannelBus::RequesterId id = requester(die, slot);
  DieOperation& operation = die.operations[slot];
  operation.step_started_ps = now_ps;
  const std::uint32_t generation = operation.generation;
  timers_.loop().schedule_at_ps(now_ps + duration_ps, [this, id, generation] { end_step(id, generation); });
}

// ---------------------------------------------------------------------------- suspend / resume

void FlashController::start_read_while_suspended(DieContext& die, std::size_t pick) {
  start_operation(die, pick, /*allow_multi_plane=*/false);
}

void FlashController::resume_operation(DieContext& die, int slot) {
  DieOperation& operation = die.operations[slot];
  schedule_step_end(die, slot, operation.duration_ps(operation.step));
  try_dispatch(die);  // a read that arrived meanwhile may suspend it again
  observe(die);
}

void FlashController::report(const std::string& message) const {
  SC_REPORT_ERROR(kControllerReportType, message.c_str());
}

#undef SSDTLM_HOT_INLINE

}  // namespace ssdtlm
