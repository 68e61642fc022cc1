#pragma once
// Scheduling policies by name (the `controller.scheduling_policy` key).
#include <memory>
#include <string>
#include <vector>

#include "models/controller/scheduling_policy.h"

namespace ssdtlm {

// Throws ConfigError listing the known names when `name` is not one of them.
std::unique_ptr<SchedulingPolicy> make_scheduling_policy(const std::string& name);
std::vector<std::string> scheduling_policy_names();

}  // namespace ssdtlm
