#pragma once
// Victim policies added at run time, beside the built-in table of victim_policy_registry.cpp:
// from a plugin, a shared library that `ssdtlm --plugin PATH.so` (or ssdtlm.load_plugin in
// Python) loads and that registers its policies with SSDTLM_REGISTER_VICTIM_POLICY, or from
// Python (ssdtlm.register_gc_policy). make_victim_policy finds them by name like the built-in
// ones, so ftl.gc.policy and `ssdtlm wa --policy` pick them in the timed and the functional
// engine alike. docs/extending.md shows both.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "models/ftl/gc/victim_policy.h"

namespace ssdtlm {

using VictimPolicyMaker = std::function<std::unique_ptr<VictimPolicy>(PolicyParams& params, std::uint32_t pages_per_block)>;

// Adds a policy under `name`. ConfigError when a built-in or an added policy has the name already.
void register_victim_policy(const std::string& name, VictimPolicyMaker make);

// The names of the policies added so far, in the order they were added.
std::vector<std::string> registered_victim_policy_names();

// What SSDTLM_REGISTER_VICTIM_POLICY registered while a plugin was being loaded and failed
// (a taken name): the loader reports them, since a static initializer cannot throw.
std::vector<std::string> take_victim_policy_registration_errors();

namespace registration_detail {

// A Policy constructible from (PolicyParams&, pages per block) reads its parameters there; any
// other is default-constructed (and takes no parameters).
template <class Policy>
std::unique_ptr<VictimPolicy> make_policy(PolicyParams& params, std::uint32_t pages_per_block) {
  if constexpr (std::is_constructible_v<Policy, PolicyParams&, std::uint32_t>) {
    return std::make_unique<Policy>(params, pages_per_block);
  } else {
    return std::make_unique<Policy>();
  }
}

// register_victim_policy for a static initializer: records a failure instead of throwing.
bool register_at_load(const char* name, VictimPolicyMaker make);

}  // namespace registration_detail
}  // namespace ssdtlm

#define SSDTLM_REGISTRATION_CONCAT_(a, b) a##b
#define SSDTLM_REGISTRATION_NAME_(line) SSDTLM_REGISTRATION_CONCAT_(ssdtlm_victim_policy_registered_, line)

// Registers the VictimPolicy subclass Class under the name `name` (a string) when the file's
// library is loaded. Use it at namespace scope of a plugin's .cpp file.
#define SSDTLM_REGISTER_VICTIM_POLICY(name, Class)                                        \
  static const bool SSDTLM_REGISTRATION_NAME_(__LINE__) =                                 \
      ::ssdtlm::registration_detail::register_at_load(name,                              \
                                                      &::ssdtlm::registration_detail::make_policy<Class>)
