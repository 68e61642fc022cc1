// FlashController and the NAND fault model (docs/reliability.md): what a die's failed program
// or erase and a read's bit errors mean for the FTL's command, and the read-retry loop.
#include "models/controller/flash_controller.h"

namespace ssdtlm {

bool FlashController::apply_fault_outcome(FlashCommand& command, const PlaneTarget& die_target,
                                          tlm::tlm_generic_payload& response) {
  PlaneTarget& target = command.targets[0];
  target.failed = die_target.failed;
  target.bit_errors_worst = die_target.bit_errors_worst;
  target.bit_errors_total = die_target.bit_errors_total;
  // A multi-plane command carries one status; each FTL command gets its own plane's.
  if (command.opcode != FlashOpcode::Read && command.opcode != FlashOpcode::CacheRead) {
    if (die_target.failed) {
      const bool erase = command.opcode == FlashOpcode::Erase;
      command.status = erase ? FlashStatus::EraseFailed : FlashStatus::ProgramFailed;
      ++(erase ? reliability_counters_.erase_failures : reliability_counters_.program_failures);
    } else {
      command.status = FlashStatus::Ok;
    }
    return false;
  }
  switch (classify_read(config_.reliability, die_target.bit_errors_worst, target.read_retry_step)) {
    case ReadOutcome::Clean: break;
    case ReadOutcome::Corrected:
      ++reliability_counters_.corrected_reads;
      reliability_counters_.corrected_bits += die_target.bit_errors_total;
      break;
    case ReadOutcome::Retry:
      if (target.read_retry_step == 0) ++reliability_counters_.reads_retried;
      ++reliability_counters_.read_retry_steps;
      return true;
    case ReadOutcome::Uncorrectable:
      ++reliability_counters_.uncorrectable_reads;
      command.status = FlashStatus::UncorrectableRead;
      response.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
      break;
  }
  return false;
}

void FlashController::retry_read(tlm::tlm_generic_payload& payload) {
  FlashCommand* command = payload.get_extension<FlashCommand>();
  ++command->targets[0].read_retry_step;
  command->status = FlashStatus::Ok;
  payload.set_response_status(tlm::TLM_OK_RESPONSE);
  DieContext& die = *dies_state_[command->die];
  // Firmware retries at once: the re-read goes ahead of everything queued for the die.
  die.queue.push_front(QueuedCommand{&payload, command, next_sequence_++});
  if (die.in_flight == 0 || die.pipeline_open) request_dispatch(die);
  observe(die);
}

}  // namespace ssdtlm
