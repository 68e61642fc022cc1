#pragma once
// FlashController: per-die command queues, a scheduling policy, multi-plane merging and the
// channel buses, driving one die per die socket.
//
// Die protocol (loosely timed): die_sockets[id] is bound by the platform to die id's target, the
// built-in NandDie (models/nand/nand_dies.h) or a user's TLM-2.0 target (a model of their own,
// or a monitor wrapping the built-in die). When an operation reaches its first Array step the
// controller sends the die-level FlashCommand (extension of a payload; a multi-plane command
// once merged) with b_transport; the die performs it, sets the command's status and targets,
// and adds its array time to the delay (split in phases by ArrayPhasesExtension, if the target
// fills it). When the target bound to a socket is the built-in NandDie itself (found once, at
// the end of elaboration), the controller calls NandDie::execute directly instead: the same
// answer without payload, extension look-up or time conversion.
//
// FTL protocol (approximately timed, base-protocol phases): the FTL sends a single-plane
// FlashCommand with nb_transport_fw(BEGIN_REQ, t); the controller queues it and answers
// TLM_UPDATED / END_REQ (queues are unbounded, so a request is never held back). At the exact
// completion time it calls nb_transport_bw(BEGIN_RESP, 0); the FTL answers TLM_COMPLETED (or
// TLM_ACCEPTED followed by END_RESP, in which case later responses wait for it, as the base
// protocol requires). Completion: a read when its data is over the bus, a program/erase/
// copyback when the array operation (and the status read, if configured) has finished.
//
// Timing of each operation: operation_script.h. Event cost: the whole controller runs on the
// platform's shared event loop (models/kernel/event_loop.h): its timers and its deferred
// dispatch are loop entries, no SystemC process of its own; no thread per command and no
// allocation per command once queues have reached their size.
// Its parts: DieScheduler (the pick of a die's next command), ProgramEraseSuspend (program/
// erase suspend and resume), EccStage (the ECC engines: encode before the die queue, decode
// after the data-out), the multi-plane merger (multi_plane_merge.h) and the operation scripts.
// Operations are identified by a requester id (the die's id and the slot, packed:
// requester()) on the buses and in timers.
#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "models/common/flash_command.h"
#include "models/common/flash_command_link.h"
#include "models/common/flash_geometry.h"
#include "models/kernel/timed_callback_queue.h"
#include "models/controller/channel_bus.h"
#include "models/controller/die_context.h"
#include "models/controller/die_scheduler.h"
#include "models/controller/ecc_stage.h"
#include "models/controller/flash_activity_observer.h"
#include "models/controller/flash_controller_config.h"
#include "models/controller/flash_op_counts.h"
#include "models/controller/program_erase_suspend.h"
#include "models/controller/read_retry.h"
#include "models/nand/nand_die.h"
#include "models/nand/nand_timing.h"

namespace ssdtlm {

inline constexpr const char* kControllerReportType = "ssdtlm/controller";

class FlashController : public sc_core::sc_module,
                        public FlashCommandTarget,
                        private ProgramEraseSuspend::Controller {
 public:
  tlm_utils::simple_target_socket<FlashController> target_socket;
  // One per die (index: DieId), bound by the platform to the die's target (see above).
  sc_core::sc_vector<tlm_utils::simple_initiator_socket<FlashController>> die_sockets;

  SC_HAS_PROCESS(FlashController);
  FlashController(sc_core::sc_module_name name, const FlashGeometry& geometry,
                  const NandTiming& nand_timing, const ChannelBusTiming& bus_timing,
                  const FlashControllerConfig& config);
  ~FlashController() override;

  // The built-in die bound directly to die_sockets[id], called without the socket; nullptr when
  // another target is bound there (known from the end of elaboration on).
  const NandDie* directly_called_die(DieId id) const { return direct_dies_.empty() ? nullptr : direct_dies_[id]; }
  const FlashGeometry& geometry() const { return geometry_; }
  const FlashControllerConfig& config() const { return config_; }

  // The FTL's direct calls in place of the socket's (models/common/flash_command_link.h).
  bool begin_command(tlm::tlm_generic_payload& payload, FlashCommand& command) override;
  const sc_core::sc_interface* command_forward_interface() const override;
  bool link_command_initiator(FlashCommandInitiator& initiator, const sc_core::sc_interface* backward_interface) override;
  const SchedulingPolicy& scheduling_policy() const { return scheduler_.policy(); }

  // ---- statistics (times include any period still running at sim_now())
  // Time the die was reserved by commands: from dispatch to completion, including waits for
  // the bus. busy / sim time is the die utilization.
  sc_core::sc_time die_busy_time(DieId id) const;
  // Time the die's array was operating (tR, tPROG, tBERS), a subset of die_busy_time.
  sc_core::sc_time die_array_time(DieId id) const;
  sc_core::sc_time channel_busy_time(std::uint32_t channel) const;
  const FlashOpCounts& op_counts() const { return op_counts_; }
  std::uint64_t multi_plane_operations() const { return multi_plane_operations_; }
  std::uint64_t multi_plane_merged_commands() const { return multi_plane_merged_commands_; }
  std::uint64_t completed_commands() const { return completed_commands_; }
  // ECC: whether the engines take time at all, their work so far, and busy time per channel.
  bool ecc_enabled() const { return ecc_.enabled(); }
  const EccStage::Counters& ecc_counters() const { return ecc_.counters(); }
  sc_core::sc_time ecc_busy_time(std::uint32_t channel) const { return ecc_.busy_time(channel); }
  EccEngine& ecc_engine(std::uint32_t channel) { return ecc_.engine(channel); }
  std::size_t queued_commands(DieId id) const { return dies_state_[id]->queue.size(); }
  std::size_t in_flight_operations(DieId id) const { return dies_state_[id]->in_flight; }
  // Program/erase suspend (config().suspend_enabled): suspensions begun, and reads served
  // while an operation was suspended.
  std::uint64_t program_suspensions() const { return suspend_.program_suspensions(); }
  std::uint64_t erase_suspensions() const { return suspend_.erase_suspensions(); }
  std::uint64_t reads_during_suspension() const { return suspend_.reads_during_suspension(); }
  // Activity (flash_controller_activity.cpp): what a die is doing now, and which die holds a
  // channel's bus (kNoDie when it is free). An observer (the VCD writer), set before the
  // simulation starts, is told of every change; relayed step tails are then off, so that
  // every step end is an event (the results are the same either way).
  static constexpr DieId kNoDie = ~DieId(0);
  DieActivity die_activity(DieId id) const;
  DieId channel_holder(std::uint32_t channel) const;
  void set_activity_observer(FlashActivityObserver* observer) { activity_observer_ = observer; }
  // NAND fault model (config().reliability): read retries, corrected and uncorrectable reads,
  // failed programs and erases (flash_controller_faults.cpp).
  bool reliability_enabled() const { return reliability_enabled_; }
  const ReliabilityCounters& reliability_counters() const { return reliability_counters_; }

 private:
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& payload, tlm::tlm_phase& phase,
                                     sc_core::sc_time& delay);
  // BEGIN_REQ, after `delay_ps`: false when the command is refused (reported).
  bool begin_request(tlm::tlm_generic_payload& payload, FlashCommand* command, std::uint64_t delay_ps);
  // True if `command` (the payload's FlashCommand, may be null) is valid, else reported.
  bool accept(tlm::tlm_generic_payload& payload, const FlashCommand* command);
  // accept()'s answer to an invalid command: the report and the error status. Out of line (and
  // cold) so that accept() keeps no message-building frame.
  [[gnu::cold, gnu::noinline]] void refuse(tlm::tlm_generic_payload& payload, const FlashCommand* command);
  // The command reaches the controller, then its die queue (`command` is the payload's
  // extension, looked up once).
  void arrive(tlm::tlm_generic_payload& payload, FlashCommand& command);
  void enqueue(tlm::tlm_generic_payload& payload, FlashCommand& command);

  void on_dispatch();  // deferred (EventLoop::defer): dispatch of dies that received commands
  // Decides whether a die's dispatch may be left to complete() (see request_dispatch).
  void start_of_simulation() override;
  // Finds, per die socket, whether the bound target is the built-in NandDie (direct_dies_).
  void end_of_elaboration() override;

  void request_dispatch(DieContext& die) {
    if (die.dispatch_pending) return;
    // A command for the die whose completion is answering the FTL (it became idle there):
    // complete() dispatches the die right after answering, so the deferred call would find it
    // busy and do nothing; leaving it out saves a loop entry and changes no order (why:
    // start_of_simulation()). Inline: most requests end here or above.
    if (&die == completing_die_ && dispatch_by_completion_ && !cache_commands_seen_) return;
    defer_dispatch(die);
  }
  void defer_dispatch(DieContext& die);  // the deferred entry of request_dispatch
  void try_dispatch(DieContext& die);
  void start_operation(DieContext& die, std::size_t pick, bool allow_multi_plane = true);
  // ProgramEraseSuspend::Controller: the suspend unit's calls.
  void start_read_while_suspended(DieContext& die, std::size_t pick) override;
  void resume_operation(DieContext& die, int slot) override;
  void suspend_phase_changed(const DieContext& die) override { observe(die); }
  void prepare_operation(DieContext& die, DieOperation& operation);
  void advance(DieContext& die, int slot);
  // A timed Bus step: asks for the channel's bus and, granted, schedules the step's end.
  void start_bus_step(DieContext& die, int slot, std::uint64_t duration_ps);
  // One die-internal step of an operation (register, register move, pipeline; advance() runs
  // Bus and Array steps); false when the operation must wait (timer or register).
  bool run_step(DieContext& die, int slot, const Step& step);
  // Takes a die register for `slot`, or queues the slot as its (only) waiter.
  static bool acquire_register(int& owner, int& waiter, int slot);
  void end_step(ChannelBus::RequesterId operation, std::uint32_t generation);
  // Relayed step tails (flash_controller_relay.cpp): after the die call, one relay entry through
  // the ends of the remaining Array and Bus steps instead of one callback each (false when the
  // tail does not qualify); end_tail() books them all at the last and completes.
  bool relay_tail(DieContext& die, int slot);
  void end_tail(ChannelBus::RequesterId operation, std::uint32_t generation);
  // The part of the die's relayed tail (if any) that the statistics see at now_ps: Bus (the
  // channel's tenures, as they run) or Array (each step once ended).
  std::uint64_t relayed_time_ps(const DieContext& die, StepKind kind, std::uint64_t now_ps) const;
  void invoke_die(DieContext& die, DieOperation& operation);
  // The die call through die_sockets[id] (b_transport), for a target other than the built-in die.
  NandDieAnswer call_die_socket(DieId id, FlashCommand& command);
  void complete(DieContext& die, int slot);
  // complete()'s parts: one FTL command's answer (data tag, status, counts; its payload
  // returned), and the operation's slot and the die's busy period freed.
  tlm::tlm_generic_payload& finish_command(DieOperation& operation, std::size_t index, bool ok);
  void release_operation(DieContext& die, DieOperation& operation);
  void respond(tlm::tlm_generic_payload& payload);
  // respond() held back (the FTL has not ended the last response) or through the socket:
  // out of line, so the linked FTL's path keeps no TLM phase or sc_time in its frame.
  [[gnu::noinline]] void respond_otherwise(tlm::tlm_generic_payload& payload);
  // Fault model: copies a die target's outcome into the FTL's command and, for a page read,
  // classifies its bit errors; true when the read must be retried instead of answered.
  bool apply_fault_outcome(FlashCommand& command, const PlaneTarget& die_target, tlm::tlm_generic_payload& response);
  // Queues the read again at the head of its die queue as the next retry step.
  void retry_read(tlm::tlm_generic_payload& payload);
  void schedule_step_end(DieContext& die, int slot, std::uint64_t duration_ps);
  // The same with the time already read (`now_ps` is sim_now_ps()).
  void schedule_step_end(DieContext& die, int slot, std::uint64_t now_ps, std::uint64_t duration_ps);

  // The slot in the low bits: unpacking (at every step end) is a shift and a mask, not a
  // division by kOperationSlots.
  static constexpr std::uint32_t kRequesterSlotBits = 2;
  static_assert(kOperationSlots <= (std::size_t{1} << kRequesterSlotBits), "slots fit the requester id");
  static ChannelBus::RequesterId requester(const DieContext& die, int slot) {
    return (die.id << kRequesterSlotBits) | static_cast<std::uint32_t>(slot);
  }
  DieContext& die_of(ChannelBus::RequesterId id) { return *dies_state_[id >> kRequesterSlotBits]; }
  static int slot_of(ChannelBus::RequesterId id) {
    return static_cast<int>(id & ((1u << kRequesterSlotBits) - 1));
  }
  ChannelBus& bus_of(const DieContext& die) { return buses_[die.channel]; }
  std::uint64_t transfer_ps_of(const FlashCommand& command) const;
  void report(const std::string& message) const;
  // Tells the activity observer, if any, that `die` (its state, queue or bus) may have changed.
  void observe(const DieContext& die) {
    if (__builtin_expect(activity_observer_ != nullptr, 0)) activity_observer_->die_changed(die.id);
  }

  FlashGeometry geometry_;
  NandTiming nand_timing_;
  ChannelBusTiming bus_timing_;
  FlashControllerConfig config_;
  DieScheduler scheduler_;
  bool merges_planes_ = false;  // multi-plane merging on and more than one plane per die
  OperationScriptTemplates script_templates_;
  std::uint64_t page_transfer_ps_;  // X of a whole page

  // Per die: the built-in NandDie bound to its socket, or nullptr (end_of_elaboration).
  std::vector<NandDie*> direct_dies_;
  // The payload and phase answer of call_die_socket (one die call at a time: b_transport returns
  // before the next).
  tlm::tlm_generic_payload die_payload_;
  ArrayPhasesExtension die_phases_;
  std::vector<std::unique_ptr<DieContext>> dies_state_;
  std::vector<ChannelBus> buses_;

  TimedCallbackQueue timers_;  // arrivals and step ends (captures fit std::function's buffer)
  std::vector<DieId> dispatch_list_;
  // complete() of this die is answering the FTL and dispatches the die right after; a dispatch
  // it asks for meanwhile may be left to complete() when dispatch_by_completion_ holds
  // (request_dispatch). nullptr outside.
  const DieContext* completing_die_ = nullptr;
  bool dispatch_by_completion_ = false;
  // One die per channel and no suspend: nothing else ever asks for a die's bus while it runs a
  // plain operation, so its step tails may be relayed (start_of_simulation, relay_tail).
  bool relay_tails_ = false;
  bool cache_commands_seen_ = false;
  std::uint64_t next_sequence_ = 0;

  // Base-protocol response exclusion: set while the FTL has not ended a response.
  bool response_open_ = false;
  // The FTL behind target_socket when it takes direct calls (link_command_initiator), else null.
  FlashCommandInitiator* linked_initiator_ = nullptr;
  std::deque<tlm::tlm_generic_payload*> held_responses_;

  FlashOpCounts op_counts_;
  std::uint64_t multi_plane_operations_ = 0;
  std::uint64_t multi_plane_merged_commands_ = 0;
  std::uint64_t completed_commands_ = 0;

  ProgramEraseSuspend suspend_;  // used only when config_.suspend_enabled
  EccStage ecc_;                 // its engines, sockets and counters; disabled unless ECC takes time
  bool reliability_enabled_ = false;
  ReliabilityCounters reliability_counters_;
  FlashActivityObserver* activity_observer_ = nullptr;
};

}  // namespace ssdtlm
