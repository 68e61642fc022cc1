#include "models/kernel/command_link.h"

namespace ssdtlm {

namespace {

sc_core::sc_object* find_below(const std::vector<sc_core::sc_object*>& objects,
                               const std::function<bool(sc_core::sc_object*)>& match) {
  for (sc_core::sc_object* object : objects) {
    if (match(object)) return object;
    if (sc_core::sc_object* found = find_below(object->get_child_objects(), match)) return found;
  }
  return nullptr;
}

}  // namespace

sc_core::sc_object* find_simulation_object(const std::function<bool(sc_core::sc_object*)>& match) {
  return find_below(sc_core::sc_get_top_level_objects(), match);
}

}  // namespace ssdtlm
