#pragma once
// Direct calls between two modules whose TLM sockets are bound to each other, standing in for
// the two nb_transport calls of every command. One template for every protocol that uses them:
//   HostDriver -> HostInterface   CommandTarget<HostCommand>
//   HostInterface -> FtlCpu       CommandTarget<FtlCommand>
//   FtlCpu -> FlashController     CommandTarget<FlashCommand, bool> (models/common/flash_command_link.h)
// A socket call goes through the initiator's port, the target socket's process object and a
// member-function pointer (on the way back also a lookup in the target socket's map of blocking
// conversions), and the receiver then looks its extension up. The sockets stay bound; the link
// is made at the end of elaboration only when the initiator socket is bound to a
// CommandTarget's socket and that target's socket to the initiator's, and then replaces exactly
// these calls:
//
//   nb_transport_fw(payload, BEGIN_REQ, delay 0)  ->  CommandTarget<C, Answer>::begin_command
//       (Answer void: the target's answer, TLM_UPDATED / END_REQ, is not read by the initiator;
//       Answer bool: true for TLM_UPDATED / END_REQ, false for TLM_COMPLETED, a refusal);
//   nb_transport_bw(payload, BEGIN_RESP, delay 0) ->  CommandInitiator<C>::end_command
//       (the initiator's answer is TLM_COMPLETED: the response is over when the call returns).
//
// Same calls at the same moments in the same order, so the simulated outputs are unchanged.
// Anything else bound in between (the Python host multiplexer, a RAID controller, test stubs)
// keeps the socket path. find_bound_target() is how each link (and the controller's direct
// die call) finds its peer.
#include <functional>

#include <systemc>
#include <tlm>

namespace ssdtlm {

template <class Command>
class CommandInitiator {
 public:
  // A command's response (BEGIN_RESP, zero delay), answered as TLM_COMPLETED.
  virtual void end_command(tlm::tlm_generic_payload& payload) = 0;

 protected:
  ~CommandInitiator() = default;
};

template <class Command, class Answer = void>
class CommandTarget {
 public:
  // BEGIN_REQ with zero delay; `command` is the payload's extension.
  virtual Answer begin_command(tlm::tlm_generic_payload& payload, Command& command) = 0;
  // The forward interface the target's socket exports: how an initiator recognises its peer.
  virtual const sc_core::sc_interface* command_forward_interface() const = 0;
  // Responses go to `initiator` from now on, if `backward_interface` is the interface the
  // target's socket is bound to (the initiator's socket); false (nothing changed) otherwise.
  virtual bool link_command_initiator(CommandInitiator<Command>& initiator,
                                      const sc_core::sc_interface* backward_interface) = 0;

 protected:
  ~CommandTarget() = default;
};

// The two calls a linked pair replaces, made through the link when there is one and through the
// socket otherwise (zero delay; the answers are not read, as the header comment says).
template <class Command, class InitiatorSocket>
void send_begin_request(CommandTarget<Command>* linked, InitiatorSocket& socket, tlm::tlm_generic_payload& payload,
                        Command& command) {
  if (linked != nullptr) {
    linked->begin_command(payload, command);
    return;
  }
  tlm::tlm_phase phase = tlm::BEGIN_REQ;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  socket->nb_transport_fw(payload, phase, delay);
}
template <class Command, class TargetSocket>
void send_begin_response(CommandInitiator<Command>* linked, TargetSocket& socket, tlm::tlm_generic_payload& payload) {
  if (linked != nullptr) {
    linked->end_command(payload);
    return;
  }
  tlm::tlm_phase phase = tlm::BEGIN_RESP;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  socket->nb_transport_bw(payload, phase, delay);
}

// The first object of the simulation's hierarchy (depth first) for which `match` is true, or
// nullptr. Walks the object hierarchy once (end of elaboration).
sc_core::sc_object* find_simulation_object(const std::function<bool(sc_core::sc_object*)>& match);

// The object of type Target whose target socket exports `forward` (an initiator socket's bound
// interface: get_base_port().get_interface()), or nullptr. `forward_of(target)` names the
// interface a Target's socket exports. How every direct-call link finds its peer, once, at the
// end of elaboration: the host path's CommandTarget, the FTL's FlashCommandTarget, and the
// controller's built-in dies.
template <class Target, class ForwardOf>
Target* find_bound_target(const sc_core::sc_interface* forward, ForwardOf forward_of) {
  if (forward == nullptr) return nullptr;
  Target* found = nullptr;
  find_simulation_object([&](sc_core::sc_object* object) {
    auto* target = dynamic_cast<Target*>(object);
    if (target == nullptr || forward_of(*target) != forward) return false;
    found = target;
    return true;
  });
  return found;
}

// The CommandTarget<Command, Answer> behind `forward` (an initiator socket's bound interface), or
// nullptr.
template <class Command, class Answer = void>
CommandTarget<Command, Answer>* find_command_target(const sc_core::sc_interface* forward) {
  return find_bound_target<CommandTarget<Command, Answer>>(
      forward, [](CommandTarget<Command, Answer>& target) { return target.command_forward_interface(); });
}

}  // namespace ssdtlm
