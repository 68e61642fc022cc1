#include "models/controller/die_scheduler.h"

#include "models/controller/scheduling_registry.h"

namespace ssdtlm {

DieScheduler::DieScheduler(const std::string& policy_name) : DieScheduler(make_scheduling_policy(policy_name)) {}

}  // namespace ssdtlm
