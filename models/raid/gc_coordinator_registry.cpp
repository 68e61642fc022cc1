#include "models/common/config/config_error.h"
#include "models/common/config/did_you_mean.h"
#include "models/raid/gc_coordinator.h"

namespace ssdtlm {
namespace {

struct CoordinatorRegistration {
  const char* name;
  std::unique_ptr<GcCoordinator> (*make)(const GcCoordinationConfig&, GcCoordinationContext&);
};

// One line per coordinator. The names are a contract (raid.gc_coordination, scenarios).
const CoordinatorRegistration kCoordinators[] = {
    {"none", &make_no_coordinator},
    {"reactive", &make_reactive_coordinator},
    {"proactive", &make_proactive_coordinator},
    {"idle", &make_idle_coordinator},
};

}  // namespace

std::vector<std::string> gc_coordinator_names() {
  std::vector<std::string> names;
  for (const auto& registration : kCoordinators) names.emplace_back(registration.name);
  return names;
}

std::unique_ptr<GcCoordinator> make_gc_coordinator(const GcCoordinationConfig& config, GcCoordinationContext& context,
                                                   const std::string& where) {
  for (const auto& registration : kCoordinators) {
    if (config.policy == registration.name) return registration.make(config, context);
  }
  std::string known;
  for (const auto& name : gc_coordinator_names()) known += (known.empty() ? "" : ", ") + name;
  throw config_error(where, "unknown GC coordination '" + config.policy + "'" +
                                did_you_mean(config.policy, gc_coordinator_names()) + ", expected one of: " + known);
}

}  // namespace ssdtlm
