#pragma once
// Builds a resolved SsdConfig for tests from a few overrides on top of the schema defaults.
#include <nlohmann/json.hpp>

#include "platforms/ssd_config.h"

namespace ssdtlm::testing {

inline SsdConfig make_config(const nlohmann::json& overrides) {
  nlohmann::json effective = ssd_parameter_schema().validate_and_fill(overrides, "test");
  return resolve_ssd_config(effective, "test");
}

}  // namespace ssdtlm::testing
