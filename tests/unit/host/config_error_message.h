#pragma once
// For tests of bad input: the message of the ConfigError an action throws, so a test can
// check that it names where (key path, flag, file:line) and what was expected.
#include <functional>
#include <string>

#include "models/common/config/config_error.h"

namespace ssdtlm::testing {

inline std::string config_error_message(const std::function<void()>& action) {
  try {
    action();
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "(no ConfigError)";
}

}  // namespace ssdtlm::testing
