// FlashController's links to the modules bound to its sockets: the FTL that calls it directly
// (models/common/flash_command_link.h) and the die targets the platform bound to its die
// sockets (the built-in die is called directly; any other target through b_transport).
#include "models/controller/flash_controller.h"

#include "models/kernel/command_link.h"

namespace ssdtlm {

const sc_core::sc_interface* FlashController::command_forward_interface() const {
  return &target_socket.get_base_interface();
}

bool FlashController::link_command_initiator(FlashCommandInitiator& initiator,
                                           const sc_core::sc_interface* backward_interface) {
  if (backward_interface == nullptr || target_socket.get_base_port().get_interface() != backward_interface) return false;
  linked_initiator_ = &initiator;
  return true;
}

void FlashController::end_of_elaboration() {
  direct_dies_.assign(geometry_.dies(), nullptr);
  for (DieId id = 0; id < geometry_.dies(); ++id) {
    direct_dies_[id] = find_bound_target<NandDie>(die_sockets[id].get_base_port().get_interface(),
                                                   [](NandDie& die) { return &die.socket.get_base_interface(); });
  }
}

NandDieAnswer FlashController::call_die_socket(DieId id, FlashCommand& command) {
  die_payload_.set_command(command.opcode == FlashOpcode::Program || command.opcode == FlashOpcode::CacheProgram
                               ? tlm::TLM_WRITE_COMMAND
                               : tlm::TLM_READ_COMMAND);
  die_payload_.set_address(0);
  die_payload_.set_data_ptr(nullptr);
  die_payload_.set_data_length(0);
  die_payload_.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  die_payload_.set_extension(&command);
  die_phases_ = ArrayPhasesExtension();
  die_payload_.set_extension(&die_phases_);
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  die_sockets[id]->b_transport(die_payload_, delay);
  // The extensions are the controller's and the command's, not the payload's to delete.
  die_payload_.clear_extension(&command);
  die_payload_.clear_extension(&die_phases_);
  NandDieAnswer answer;
  answer.accepted = die_payload_.is_response_ok();
  if (!answer.accepted) return answer;
  if (die_phases_.answered) {
    answer.array = die_phases_.phases;
  } else {
    answer.array.first_ps = delay.value();  // the target's whole array time, in one phase
  }
  return answer;
}

}  // namespace ssdtlm
