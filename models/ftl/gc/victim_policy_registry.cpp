// The table of victim policies by name. Explicit rather than self-registering: static
// registrars in a static library are dropped by the linker when nothing references them.
#include "models/common/config/config_error.h"
#include "models/common/config/did_you_mean.h"
#include "models/ftl/gc/victim_policy.h"

namespace ssdtlm {

const std::vector<VictimPolicyInfo>& victim_policies() {
  static const std::vector<VictimPolicyInfo> table = {
      {"fifo", "oldest sealed block first (age, round robin)", "", make_fifo_policy},
      {"greedy", "fewest valid pages, O(1) amortized", "", make_greedy_policy},
      {"random", "uniformly random sealed block", "", make_random_policy},
      {"windowed", "fewest valid pages among the w oldest sealed blocks",
       "window=64: w, number of oldest blocks considered", make_windowed_policy},
      {"d-choices", "fewest valid pages among d random blocks and c remembered ones (seed 003)",
       "d=10: blocks sampled per selection (>= 1); memory=0: c, runner-up ids remembered (>= 0)",
       make_d_choices_policy},
      {"cost-benefit", "largest (1-u)*age/(1+u) (LFS)", "", make_cost_benefit_policy},
      {"mdc", "minimum declining cost with u_p2 estimates and u_p2-sorted writes (seed 002)",
       "sort_buffer_segments=16: host writes sorted by u_p2 in a buffer of this many blocks (0: "
       "unsorted); oracle=false: exact page update frequencies from the workload instead of u_p2 "
       "(seed 002's MDC-opt; `ssdtlm wa` with a synthetic workload only); segment_updates=false: "
       "priority from the times of each block's last two page overwrites (sec 4.3's reading) "
       "instead of its u_p2 (sec 5)",
       make_mdc_policy},
      {"mdc-oracle",
       "mdc with every page's exact update frequency in place of u_p2 (seed 002's MDC-opt; `ssdtlm wa` with a "
       "synthetic workload only)",
       "sort_buffer_segments=16: host writes sorted by exact frequency in a buffer of this many blocks (0: unsorted)",
       make_mdc_oracle_policy},
  };
  return table;
}

std::string victim_policy_names() {
  std::string names;
  for (const auto& info : victim_policies()) names += (names.empty() ? "" : ", ") + std::string(info.name);
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
  std::vector<std::string> names;
  for (const auto& info : victim_policies()) names.emplace_back(info.name);
  throw config_error(where_policy, "unknown victim policy '" + name + "'" + did_you_mean(name, names) +
                                       " (available: " + victim_policy_names() + ")");
}

}  // namespace ssdtlm
