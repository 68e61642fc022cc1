#include "platforms/window_counters.h"

#include <cstdint>

namespace ssdtlm {
namespace {

void subtract(nlohmann::json& now, const nlohmann::json& then, const std::string& path,
              const std::vector<std::string>& state_keys) {
  for (const std::string& key : state_keys) {
    if (key == path) return;
  }
  if (now.is_object()) {
    if (!then.is_object()) return;
    for (auto it = now.begin(); it != now.end(); ++it) {
      const auto earlier = then.find(it.key());
      if (earlier != then.end()) subtract(it.value(), *earlier, path.empty() ? it.key() : path + "." + it.key(), state_keys);
    }
  } else if (now.is_array()) {
    if (!then.is_array() || then.size() != now.size()) return;
    for (std::size_t i = 0; i < now.size(); ++i) subtract(now[i], then[i], path, state_keys);
  } else if (now.is_number_unsigned() && then.is_number_unsigned()) {
    now = now.get<std::uint64_t>() - then.get<std::uint64_t>();
  }
}

std::uint64_t count_at(const nlohmann::json& counters, const nlohmann::json::json_pointer& path) {
  return counters.is_object() && counters.contains(path) ? counters.at(path).get<std::uint64_t>() : 0;
}

std::uint64_t between(const nlohmann::json& to, const nlohmann::json& from, const char* path) {
  const nlohmann::json::json_pointer pointer(path);
  return count_at(to, pointer) - count_at(from, pointer);
}

}  // namespace

nlohmann::json counters_since(const nlohmann::json& now, const nlohmann::json& then,
                              const std::vector<std::string>& state_keys) {
  nlohmann::json difference = now;
  subtract(difference, then, "", state_keys);
  return difference;
}

nlohmann::json stretch_counts(const nlohmann::json& to, const nlohmann::json& from) {
  return {{"flash_reads", between(to, from, "/flash/reads/total")},
          {"flash_programs", between(to, from, "/flash/programs/total")},
          {"flash_erases", between(to, from, "/flash/erases/total")},
          {"gc_victims", between(to, from, "/gc/victims")},
          {"gc_pages_moved", between(to, from, "/gc/pages_moved")}};
}

double write_amplification_between(const nlohmann::json& to, const nlohmann::json& from) {
  const std::uint64_t host = between(to, from, "/flash/programs/host");
  return host > 0 ? double(between(to, from, "/flash/programs/total")) / double(host) : 0.0;
}

}  // namespace ssdtlm
