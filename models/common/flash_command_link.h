#pragma once
// Direct calls between an FTL and the FlashController its flash socket is bound to, standing in
// for the two nb_transport calls every flash command makes: a socket call goes through the
// initiator's port, the target socket's process object and a member-function pointer (and, on
// the way back, a lookup in the target socket's map of blocking-to-non-blocking conversions),
// ~60 instructions per command that carry nothing in this protocol. The sockets stay bound
// (structure, tests, other initiators); the link is only made when both ends are these two
// classes, at the end of elaboration, and then replaces exactly these calls:
//
//   nb_transport_fw(payload, BEGIN_REQ, delay 0)  ->  FlashCommandTarget::begin_flash_command
//       (the controller's answer is TLM_UPDATED / END_REQ for an accepted command, TLM_COMPLETED
//       for a refused one: returned as true / false);
//   nb_transport_bw(payload, BEGIN_RESP, delay 0) ->  FlashCommandInitiator::end_flash_command
//       (the FTL's answer is TLM_COMPLETED: the response is over when the call returns).
//
// Same calls at the same moments in the same order, so the simulated outputs are unchanged.
#include <systemc>
#include <tlm>

#include "models/common/flash_command.h"

namespace ssdtlm {

class FlashCommandInitiator {
 public:
  // A command's response (BEGIN_RESP, zero delay), answered as TLM_COMPLETED.
  virtual void end_flash_command(tlm::tlm_generic_payload& payload) = 0;

 protected:
  ~FlashCommandInitiator() = default;
};

class FlashCommandTarget {
 public:
  // BEGIN_REQ with zero delay; `command` is the payload's FlashCommand. False: refused (reported).
  virtual bool begin_flash_command(tlm::tlm_generic_payload& payload, FlashCommand& command) = 0;
  // The forward interface the target's socket exports: how an initiator recognises its peer.
  virtual const sc_core::sc_interface* flash_forward_interface() = 0;
  // Responses go to `initiator` from now on, if `backward_interface` is the interface the
  // target's socket is bound to (the initiator's socket); false (nothing changed) otherwise.
  virtual bool link_flash_initiator(FlashCommandInitiator& initiator,
                                    const sc_core::sc_interface* backward_interface) = 0;

 protected:
  ~FlashCommandTarget() = default;
};

// The FlashCommandTarget behind `forward` (an initiator socket's bound interface) among the
// simulation's objects, or nullptr. Walks the object hierarchy once (end of elaboration).
FlashCommandTarget* find_flash_command_target(const sc_core::sc_interface* forward);

}  // namespace ssdtlm
