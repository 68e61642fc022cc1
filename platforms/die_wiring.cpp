#include "platforms/die_wiring.h"

#include <string>

#include <tlm_utils/simple_initiator_socket.h>

#if SSDTLM_HAVE_RTL
#include "models/rtl/onfi/onfi_rtl_die.h"
#endif
#include "models/common/config/config_error.h"

namespace ssdtlm {

namespace {

// The initiator end of a built-in die's socket that no target uses (a die model of its own in
// its place, or a pin-level die that calls it from its own kernel context).
struct UnusedDieLink : sc_core::sc_module {
  tlm_utils::simple_initiator_socket<UnusedDieLink> socket;
  explicit UnusedDieLink(sc_core::sc_module_name name) : sc_core::sc_module(name), socket("socket") {}
};

}  // namespace

void bind_dies(FlashController& controller, NandDies& dies, const DieTargetFactory& make_target,
               std::vector<std::unique_ptr<sc_core::sc_module>>& owned) {
  for (DieId id = 0; id < dies.size(); ++id) {
    if (!make_target) {
      controller.die_sockets[id].bind(dies[id].socket);
      continue;
    }
    controller.die_sockets[id].bind(make_target(id, dies[id]));
    if (dies[id].socket.get_base_port().bind_count() == 0) {
      auto unused = std::make_unique<UnusedDieLink>(("unused_die_link_" + std::to_string(id)).c_str());
      unused->socket.bind(dies[id].socket);
      owned.push_back(std::move(unused));
    }
  }
}

DieTargetFactory die_model_factory(const SsdConfig& config, std::vector<std::unique_ptr<sc_core::sc_module>>& owned) {
  if (config.nand_model == SsdConfig::NandModel::Tlm) return {};
#if SSDTLM_HAVE_RTL
  return [&owned](DieId id, NandDie& die) -> tlm::tlm_target_socket<>& {
    auto pin_level = std::make_unique<OnfiRtlDie>(("onfi_die_" + std::to_string(id)).c_str(), die);
    tlm::tlm_target_socket<>& socket = pin_level->socket;
    owned.push_back(std::move(pin_level));
    return socket;
  };
#else
  throw config_error("nand.model", "onfi-rtl needs the Verilator blocks, and this build has none (configure with -DSSDTLM_RTL=ON)");
#endif
}

}  // namespace ssdtlm
