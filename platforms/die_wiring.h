#pragma once
// How a platform wires its dies: the built-in NandDies (models/nand/nand_dies.h) are always
// created (preconditioning, the die state materializer and the statistics read them), and each
// controller die socket is bound to the target a DieTargetFactory names for that die, or, without
// a factory, to the built-in die itself (the controller then calls it directly).
//
// A factory is how a user puts a TLM-2.0 die model of their own, or a monitor wrapping the
// built-in die, between the controller and the array (docs/extending.md, "A die model of your
// own"; examples/user_die/). It is called once per die while the platform is constructed; the
// modules it creates are the factory owner's, and must outlive the simulation.
#include <functional>
#include <memory>
#include <vector>

#include <systemc>
#include <tlm>

#include "models/controller/flash_controller.h"
#include "models/nand/nand_dies.h"
#include "platforms/ssd_config.h"

namespace ssdtlm {

// The target socket to bind to the controller's die socket `id`; `builtin` is the platform's
// NandDie for that id, which the target may call through its socket (a monitor) or ignore (a
// model of its own).
using DieTargetFactory = std::function<tlm::tlm_target_socket<>&(DieId id, NandDie& builtin)>;

// Binds each of `controller`'s die sockets to `make_target(id, dies[id])`, or to dies[id]'s
// socket when `make_target` is empty. A built-in die the factory left unbound gets a socket
// that never calls it (SystemC requires every target socket bound), added to `owned`.
void bind_dies(FlashController& controller, NandDies& dies, const DieTargetFactory& make_target,
               std::vector<std::unique_ptr<sc_core::sc_module>>& owned);

// The die targets config.nand_model names: none (empty) for tlm, whose built-in dies the
// controller calls directly; for onfi-rtl, a factory of OnfiRtlDies (models/rtl/onfi/
// onfi_rtl_die.h) in front of the built-in dies, which it adds to `owned`.
DieTargetFactory die_model_factory(const SsdConfig& config, std::vector<std::unique_ptr<sc_core::sc_module>>& owned);

}  // namespace ssdtlm
