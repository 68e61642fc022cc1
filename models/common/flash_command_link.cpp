#include "models/common/flash_command_link.h"

#include "models/kernel/command_link.h"

namespace ssdtlm {

FlashCommandTarget* find_flash_command_target(const sc_core::sc_interface* forward) {
  if (forward == nullptr) return nullptr;
  FlashCommandTarget* found = nullptr;
  find_simulation_object([&](sc_core::sc_object* object) {
    auto* target = dynamic_cast<FlashCommandTarget*>(object);
    if (target == nullptr || target->flash_forward_interface() != forward) return false;
    found = target;
    return true;
  });
  return found;
}

}  // namespace ssdtlm
