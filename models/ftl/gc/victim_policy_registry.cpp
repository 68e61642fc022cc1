// The table of victim policies by name. The built-in ones are listed explicitly rather than
// self-registering: static registrars in a static library are dropped by the linker when nothing
// references them. Policies from plugins and Python are added at run time (victim_policy_registry.h).
#include "models/ftl/gc/victim_policy_registry.h"

#include <mutex>

#include "models/common/config/config_error.h"
#include "models/common/config/did_you_mean.h"

namespace ssdtlm {

const std::vector<VictimPolicyInfo>& victim_policies() {
  static const std::vector<VictimPolicyInfo> table = {
      {"fifo", "oldest sealed block first (age, round robin)", "", make_fifo_policy},
      {"greedy", "fewest valid pages, O(1) amortized", "", make_greedy_policy},
      {"random", "uniformly random sealed block", "", make_random_policy},
      {"windowed", "fewest valid pages among the w oldest sealed blocks",
       "window=64: w, number of oldest blocks considered", make_windowed_policy},
      {"d-choices", "fewest valid pages among d random blocks and c remembered ones ([Van Houdt 2013])",
       "d=10: blocks sampled per selection (>= 1); memory=0: c, runner-up ids remembered (>= 0)",
       make_d_choices_policy},
      {"cost-benefit", "largest (1-u)*age/(1+u) (LFS)", "", make_cost_benefit_policy},
      {"mdc", "minimum declining cost with u_p2 estimates and u_p2-sorted writes ([Lomet & Luo 2021])",
       "sort_buffer_segments=16: host writes sorted by u_p2 in a buffer of this many blocks (0: "
       "unsorted); oracle=false: exact page update frequencies from the workload instead of u_p2 "
       "([Lomet & Luo 2021]'s MDC-opt; `ssdtlm wa` with a synthetic workload only); segment_updates=false: "
       "priority from the times of each block's last two page overwrites (sec 4.3's reading) "
       "instead of its u_p2 (sec 5)",
       make_mdc_policy},
      {"mdc-oracle",
       "mdc with every page's exact update frequency in place of u_p2 ([Lomet & Luo 2021]'s MDC-opt; `ssdtlm wa` with a "
       "synthetic workload only)",
       "sort_buffer_segments=16: host writes sorted by exact frequency in a buffer of this many blocks (0: unsorted)",
       make_mdc_oracle_policy},
  };
  return table;
}

namespace {

struct AddedPolicy {
  std::string name;
  VictimPolicyMaker make;
};

// Policies can be added while simulations on other threads look them up (Python releases the
// GIL during a run): every access to the added policies and the registration errors holds this.
std::mutex& registry_mutex() {
  static std::mutex mutex;
  return mutex;
}

std::vector<AddedPolicy>& added_policies() {
  static std::vector<AddedPolicy> policies;
  return policies;
}

std::vector<std::string>& registration_errors() {
  static std::vector<std::string> errors;
  return errors;
}

std::vector<std::string> all_policy_names() {
  std::vector<std::string> names;
  for (const auto& info : victim_policies()) names.emplace_back(info.name);
  const std::lock_guard<std::mutex> lock(registry_mutex());
  for (const auto& policy : added_policies()) names.push_back(policy.name);
  return names;
}

// The maker of the added policy `name`, copied out so that it runs without the lock.
VictimPolicyMaker added_policy_maker(const std::string& name) {
  const std::lock_guard<std::mutex> lock(registry_mutex());
  for (const auto& added : added_policies()) {
    if (name == added.name) return added.make;
  }
  return nullptr;
}

}  // namespace

void register_victim_policy(const std::string& name, VictimPolicyMaker make) {
  if (name.empty()) throw config_error("victim policy", "a policy needs a name");
  const auto taken = [&name] { return config_error("victim policy '" + name + "'", "a policy of that name exists already"); };
  for (const auto& info : victim_policies()) {
    if (name == info.name) throw taken();
  }
  const std::lock_guard<std::mutex> lock(registry_mutex());
  for (const auto& added : added_policies()) {
    if (name == added.name) throw taken();
  }
  if (!make) throw config_error("victim policy '" + name + "'", "no factory given");
  added_policies().push_back({name, std::move(make)});
}

std::vector<std::string> registered_victim_policy_names() {
  std::vector<std::string> names;
  const std::lock_guard<std::mutex> lock(registry_mutex());
  for (const auto& policy : added_policies()) names.push_back(policy.name);
  return names;
}

std::vector<std::string> take_victim_policy_registration_errors() {
  std::vector<std::string> errors;
  const std::lock_guard<std::mutex> lock(registry_mutex());
  errors.swap(registration_errors());
  return errors;
}

namespace registration_detail {

bool register_at_load(const char* name, VictimPolicyMaker make) {
  try {
    register_victim_policy(name, std::move(make));
    return true;
  } catch (const ConfigError& error) {
    const std::lock_guard<std::mutex> lock(registry_mutex());
    registration_errors().push_back(error.what());
    return false;
  }
}

}  // namespace registration_detail

std::string victim_policy_names() {
  std::string names;
  for (const std::string& name : all_policy_names()) names += (names.empty() ? "" : ", ") + name;
  return names;
}

std::unique_ptr<VictimPolicy> make_victim_policy(const std::string& name, PolicyParams& params,
                                                 std::uint32_t pages_per_block,
                                                 const std::string& where_policy) {
  for (const auto& info : victim_policies()) {
    if (name != info.name) continue;
    auto policy = info.make(params, pages_per_block);
    params.finish(std::string("policy ") + info.name);
    return policy;
  }
  if (const VictimPolicyMaker make = added_policy_maker(name)) {
    auto policy = make(params, pages_per_block);
    params.finish("policy " + name);
    return policy;
  }
  const std::vector<std::string> names = all_policy_names();
  throw config_error(where_policy, "unknown victim policy '" + name + "'" + did_you_mean(name, names) +
                                       " (available: " + victim_policy_names() + ")");
}

}  // namespace ssdtlm
