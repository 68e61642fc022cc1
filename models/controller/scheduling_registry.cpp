#include "models/controller/scheduling_registry.h"

#include "models/common/config/config_error.h"
#include "models/common/config/did_you_mean.h"
#include "models/controller/fifo_scheduling.h"
#include "models/controller/read_first_scheduling.h"

namespace ssdtlm {

namespace {

struct Registration {
  const char* name;
  std::unique_ptr<SchedulingPolicy> (*make)();
};

template <typename Policy>
std::unique_ptr<SchedulingPolicy> make_policy() {
  return std::make_unique<Policy>();
}

// One line per policy.
const Registration kPolicies[] = {
    {"fifo", &make_policy<FifoScheduling>},
    {"read-first", &make_policy<ReadFirstScheduling>},
};

}  // namespace

std::vector<std::string> scheduling_policy_names() {
  std::vector<std::string> names;
  for (const Registration& registration : kPolicies) names.emplace_back(registration.name);
  return names;
}

std::unique_ptr<SchedulingPolicy> make_scheduling_policy(const std::string& name) {
  for (const Registration& registration : kPolicies) {
    if (name == registration.name) return registration.make();
  }
  std::string known;
  for (const Registration& registration : kPolicies) {
    known += known.empty() ? "" : ", ";
    known += registration.name;
  }
  throw config_error("controller.scheduling_policy",
                     "unknown scheduling policy '" + name + "'" + did_you_mean(name, scheduling_policy_names()) +
                         ", expected one of: " + known);
}

}  // namespace ssdtlm
