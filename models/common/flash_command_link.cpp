#include "models/common/flash_command_link.h"

#include <systemc>

namespace ssdtlm {

namespace {

FlashCommandTarget* find_below(const std::vector<sc_core::sc_object*>& objects,
                               const sc_core::sc_interface* forward) {
  for (sc_core::sc_object* object : objects) {
    if (auto* target = dynamic_cast<FlashCommandTarget*>(object)) {
      if (target->flash_forward_interface() == forward) return target;
    }
    if (FlashCommandTarget* found = find_below(object->get_child_objects(), forward)) return found;
  }
  return nullptr;
}

}  // namespace

FlashCommandTarget* find_flash_command_target(const sc_core::sc_interface* forward) {
  if (forward == nullptr) return nullptr;
  return find_below(sc_core::sc_get_top_level_objects(), forward);
}

}  // namespace ssdtlm
