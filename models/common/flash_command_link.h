#pragma once
// The direct-call link between an FTL and the FlashController its flash socket is bound to
// (models/kernel/command_link.h): the two nb_transport calls of every flash command, replaced
// when both ends take direct calls, at the end of elaboration:
//
//   nb_transport_fw(payload, BEGIN_REQ, delay 0)  ->  FlashCommandTarget::begin_command
//       (the controller's answer is TLM_UPDATED / END_REQ for an accepted command, TLM_COMPLETED
//       for a refused one: returned as true / false);
//   nb_transport_bw(payload, BEGIN_RESP, delay 0) ->  FlashCommandInitiator::end_command
//       (the FTL's answer is TLM_COMPLETED: the response is over when the call returns).
//
// Same calls at the same moments in the same order, so the simulated outputs are unchanged.
#include "models/common/flash_command.h"
#include "models/kernel/command_link.h"

namespace ssdtlm {

using FlashCommandInitiator = CommandInitiator<FlashCommand>;
using FlashCommandTarget = CommandTarget<FlashCommand, bool>;

// The FlashCommandTarget behind `forward` (an initiator socket's bound interface), or nullptr.
inline FlashCommandTarget* find_flash_command_target(const sc_core::sc_interface* forward) {
  return find_command_target<FlashCommand, bool>(forward);
}

}  // namespace ssdtlm
