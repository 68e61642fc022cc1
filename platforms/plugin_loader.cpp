#include "platforms/plugin_loader.h"

#include <dlfcn.h>

#include <set>
#include <vector>

#include "models/common/config/config_error.h"
#include "models/ftl/gc/victim_policy_registry.h"

namespace ssdtlm {
namespace {

// A plugin resolves the registries' symbols against the program that loads it. The ssdtlm
// executable exports them (ENABLE_EXPORTS); the Python module ssdtlm._core exports them too,
// but Python loads extension modules RTLD_LOCAL, out of reach of libraries loaded later. Its
// symbols are made global once, before the first plugin, by reopening it RTLD_GLOBAL.
void make_own_symbols_global() {
  static const bool done = [] {
    Dl_info info{};
    if (dladdr(reinterpret_cast<void*>(&make_own_symbols_global), &info) != 0 && info.dli_fname != nullptr) {
      // The executable itself is not a library dlopen can find by name; then nothing is needed.
      dlopen(info.dli_fname, RTLD_NOW | RTLD_NOLOAD | RTLD_GLOBAL);
      dlerror();  // a failure here (the executable) is not the plugin's
    }
    return true;
  }();
  (void)done;
}

}  // namespace

void load_plugin(const std::string& path) {
  static std::set<std::string> loaded;
  if (loaded.count(path) != 0) return;
  make_own_symbols_global();
  if (dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL) == nullptr) {
    const char* why = dlerror();
    throw config_error("--plugin " + path, std::string("cannot load: ") + (why != nullptr ? why : "unknown error"));
  }
  loaded.insert(path);
  const std::vector<std::string> refused = take_victim_policy_registration_errors();
  if (!refused.empty()) throw config_error("--plugin " + path, refused.front());
}

}  // namespace ssdtlm
