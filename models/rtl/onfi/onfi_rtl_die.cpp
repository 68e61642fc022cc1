#include "models/rtl/onfi/onfi_rtl_die.h"

#include <algorithm>
#include <string>
#include <utility>

#include "models/kernel/kernel_context_guard.h"
#include "models/nand/nand_array_time.h"
#include "models/rtl/onfi/onfi_pins.h"

namespace ssdtlm {

namespace {

// The OnfiTarget's die socket inside the pin bench's kernel, handing each command to the
// platform's NandDie (a module of the main kernel).
struct DieForwarder : sc_core::sc_module {
  tlm_utils::simple_target_socket<DieForwarder> socket;
  NandDie& die;

  DieForwarder(sc_core::sc_module_name name, NandDie& target) : sc_core::sc_module(name), socket("socket"), die(target) {
    socket.register_b_transport(this, &DieForwarder::b_transport);
  }
  void b_transport(tlm::tlm_generic_payload& payload, sc_core::sc_time& delay) { die.b_transport(payload, delay); }
};

constexpr std::uint32_t kTagBytes = 8;

}  // namespace

struct OnfiRtlDie::PinBench {
  PinBench(NandDie& die, const OnfiRtlDieTiming& timing)
      : forwarder("die", die),
        target("onfi_target", die.id(), die.geometry()),
        sequencer("onfi_sequencer", timing.clock_period_ps) {
    target.die_socket.bind(forwarder.socket);
    pins.bind_controller(sequencer);
    pins.bind_target(target);
  }
  DieForwarder forwarder;
  OnfiTarget target;
  OnfiSequencerRtl sequencer;
  OnfiPins pins;
};

OnfiRtlDie::OnfiRtlDie(sc_core::sc_module_name name, NandDie& die, const OnfiRtlDieTiming& timing)
    : sc_core::sc_module(name), socket("socket"), die_(die), context_(new sc_core::sc_simcontext()) {
  socket.register_b_transport(this, &OnfiRtlDie::b_transport);
  const KernelContextGuard guard(context_);
  bench_ = std::make_unique<PinBench>(die, timing);
}

OnfiRtlDie::~OnfiRtlDie() {
  {
    const KernelContextGuard guard(context_);
    bench_.reset();
  }
  KernelContextGuard::destroy(context_);
}

const OnfiTargetCounters& OnfiRtlDie::pin_counters() const { return bench_->target.counters(); }

std::uint64_t OnfiRtlDie::run_on_pins(OnfiOperation operation, OnfiOperationResult& result) {
  const KernelContextGuard guard(context_);
  operation.start_at = sc_core::sc_time_stamp();
  const std::size_t index = bench_->sequencer.issue(std::move(operation));
  sc_core::sc_start();  // until the sequencer is idle again (its clock stops)
  result = bench_->sequencer.result(index);
  if (!result.done) report("the ONFI sequencer did not finish its operation");
  return (bench_->target.last_busy_end() - bench_->target.last_busy_start()).value();
}

std::uint64_t OnfiRtlDie::read_page(const PlaneTarget& target, std::uint32_t page, std::uint64_t& tag, bool& ok) {
  OnfiOperation read;
  read.kind = OnfiOperationKind::Read;
  read.row = bench_->target.row_address(target.plane, target.block_in_plane, page);
  read.bytes = kTagBytes;
  OnfiOperationResult result;
  const std::uint64_t busy_ps = run_on_pins(std::move(read), result);
  tag = 0;
  for (std::uint32_t i = 0; i < kTagBytes && i < result.data.size(); ++i) tag |= std::uint64_t(result.data[i]) << (8 * i);
  ok = ok && result.data.size() == kTagBytes;
  return busy_ps;
}

std::uint64_t OnfiRtlDie::program_page(std::uint32_t plane, std::uint32_t block, std::uint32_t page, std::uint64_t tag,
                                       bool& ok) {
  OnfiOperation program;
  program.kind = OnfiOperationKind::Program;
  program.row = bench_->target.row_address(plane, block, page);
  program.data.resize(kTagBytes);
  for (std::uint32_t i = 0; i < kTagBytes; ++i) program.data[i] = static_cast<std::uint8_t>(tag >> (8 * i));
  program.status_check = true;
  OnfiOperationResult result;
  const std::uint64_t busy_ps = run_on_pins(std::move(program), result);
  ok = ok && !result.fail;
  return busy_ps;
}

std::uint64_t OnfiRtlDie::erase_block(std::uint32_t plane, std::uint32_t block, bool& ok) {
  OnfiOperation erase;
  erase.kind = OnfiOperationKind::Erase;
  erase.row = bench_->target.row_address(plane, block, 0);
  erase.status_check = true;
  OnfiOperationResult result;
  const std::uint64_t busy_ps = run_on_pins(std::move(erase), result);
  ok = ok && !result.fail;
  return busy_ps;
}

void OnfiRtlDie::b_transport(tlm::tlm_generic_payload& payload, sc_core::sc_time& delay) {
  FlashCommand* command = payload.get_extension<FlashCommand>();
  if (command == nullptr) {
    report("transaction without a FlashCommand extension");
    payload.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }
  ArrayPhases phases;
  bool ok = true;
  for (int i = 0; i < command->plane_count; ++i) {
    PlaneTarget& target = command->targets[i];
    switch (command->opcode) {
      case FlashOpcode::Read:
      case FlashOpcode::CacheRead:
        phases.first_ps = std::max(phases.first_ps, read_page(target, target.page, target.data_tag, ok));
        break;
      case FlashOpcode::Program:
      case FlashOpcode::CacheProgram:
        phases.first_ps = std::max(
            phases.first_ps, program_page(target.plane, target.block_in_plane, target.page, target.data_tag, ok));
        break;
      case FlashOpcode::Erase:
        phases.first_ps = std::max(phases.first_ps, erase_block(target.plane, target.block_in_plane, ok));
        break;
      case FlashOpcode::Copyback:
        phases.first_ps = std::max(phases.first_ps, read_page(target, target.page, target.data_tag, ok));
        phases.second_ps = std::max(phases.second_ps, program_page(target.plane, target.dest_block_in_plane,
                                                                   target.dest_page, target.data_tag, ok));
        break;
      case FlashOpcode::ReadStatus: break;
    }
    target.failed = false;
  }
  if (!ok) {
    command->status = command->opcode == FlashOpcode::Erase                                     ? FlashStatus::EraseFailed
                      : command->opcode == FlashOpcode::Read || command->opcode == FlashOpcode::CacheRead
                          ? FlashStatus::UncorrectableRead
                          : FlashStatus::ProgramFailed;
    payload.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }
  command->status = FlashStatus::Ok;
  answer_array_time(payload, delay, phases);
}

void OnfiRtlDie::report(const std::string& message) const {
  SC_REPORT_ERROR(kOnfiReportType, (std::string(name()) + ": " + message).c_str());
}

}  // namespace ssdtlm
