#pragma once
// Loads a plugin: a shared library whose static initializers register parts with the model's
// registries (a victim policy: SSDTLM_REGISTER_VICTIM_POLICY, models/ftl/gc/victim_policy_registry.h).
// `ssdtlm run|wa --plugin PATH.so` and ssdtlm.load_plugin(path) call it before the configuration
// is read, so the configuration can name what the plugin adds. docs/extending.md.
#include <string>

namespace ssdtlm {

// dlopens `path` (RTLD_NOW: an unresolved symbol fails here, not mid-run). ConfigError naming
// the path and dlerror()'s message when it does not load, or naming what a registration of the
// plugin refused (a policy name taken already). Loading the same path twice loads it once.
void load_plugin(const std::string& path);

}  // namespace ssdtlm
