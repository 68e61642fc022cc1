#pragma once
// The one exception type for bad input: configuration keys, command-line values, workload
// specs, trace lines. The message always names where (key path, flag, file:line) and what was
// expected, so the command line can print it as is and exit non-zero.
#include <stdexcept>
#include <string>

namespace ssdtlm {

class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "where: what was expected, got what": the shape of every ConfigError message.
inline ConfigError config_error(const std::string& where, const std::string& problem) {
  return ConfigError(where + ": " + problem);
}

}  // namespace ssdtlm
