#include "models/ftl/gc/policy_params.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>

#include "models/common/config/config_error.h"
#include "models/common/config/did_you_mean.h"

namespace ssdtlm {

const std::string* PolicyParams::raw(const std::string& key) {
  accepted_.insert(key);
  const auto it = values_.find(key);
  return it == values_.end() ? nullptr : &it->second;
}

std::int64_t PolicyParams::integer(const std::string& key, std::int64_t fallback, std::int64_t min,
                                   std::int64_t max) {
  const std::string* text = raw(key);
  if (text == nullptr) return fallback;
  errno = 0;
  char* end = nullptr;
  const long long value = std::strtoll(text->c_str(), &end, 10);
  if (text->empty() || *end != '\0' || errno != 0) {
    throw config_error(where_ + key, "expected an integer, got '" + *text + "'");
  }
  if (value < min || value > max) {
    throw config_error(where_ + key, "must be in [" + std::to_string(min) + ", " +
                                         std::to_string(max) + "], got " + *text);
  }
  return value;
}

double PolicyParams::number(const std::string& key, double fallback, double min, double max) {
  const std::string* text = raw(key);
  if (text == nullptr) return fallback;
  char* end = nullptr;
  const double value = std::strtod(text->c_str(), &end);
  if (text->empty() || *end != '\0' || !std::isfinite(value)) {
    throw config_error(where_ + key, "expected a number, got '" + *text + "'");
  }
  if (value < min || value > max) {
    throw config_error(where_ + key, "must be in [" + std::to_string(min) + ", " +
                                         std::to_string(max) + "], got " + *text);
  }
  return value;
}

bool PolicyParams::boolean(const std::string& key, bool fallback) {
  const std::string* text = raw(key);
  if (text == nullptr) return fallback;
  if (*text == "true" || *text == "1") return true;
  if (*text == "false" || *text == "0") return false;
  throw config_error(where_ + key, "expected true or false, got '" + *text + "'");
}

void PolicyParams::finish(const std::string& owner) const {
  for (const auto& [key, value] : values_) {
    if (accepted_.count(key) != 0) continue;
    std::string accepted;
    for (const auto& name : accepted_) accepted += (accepted.empty() ? "" : ", ") + name;
    const std::vector<std::string> names(accepted_.begin(), accepted_.end());
    throw config_error(where_ + key, "unknown parameter of " + owner + did_you_mean(key, names) + " (accepted: " +
                                         (accepted.empty() ? "none" : accepted) + ")");
  }
}

}  // namespace ssdtlm
