#pragma once
// Reads one JSON object of the configuration with the project's rules: every key is read
// with its type checked and its full key path in any error ("workload.trace.speedup: ..."),
// and finish() rejects the keys nobody read, so a typo never passes as a default.
#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <set>
#include <string>

namespace ssdtlm {

class JsonSection {
 public:
  // Throws ConfigError if `value` is not an object.
  JsonSection(const nlohmann::json& value, std::string key_path);

  bool has(const std::string& key) const { return object_.contains(key); }
  std::string path_of(const std::string& key) const { return path_ + "." + key; }
  const std::string& path() const { return path_; }

  // Each marks `key` as used; the *_or forms return `fallback` when it is absent.
  const nlohmann::json& raw(const std::string& key);
  std::string string_or(const std::string& key, const std::string& fallback);
  bool bool_or(const std::string& key, bool fallback);
  double number_or(const std::string& key, double fallback);
  // A whole number in [0, max]: a JSON integer, or a float with no fraction (4096.0).
  std::uint64_t whole_or(const std::string& key, std::uint64_t fallback,
                         std::uint64_t max = std::numeric_limits<std::uint64_t>::max());

  // A key that is valid elsewhere but means nothing here ("rate_iops" in a closed loop).
  void reject(const std::string& key, const std::string& reason) const;
  // Throws ConfigError naming the first key that was never read.
  void finish(const std::string& expected_keys) const;

 private:
  const nlohmann::json& object_;
  std::string path_;
  std::set<std::string> used_;
};

// The same checks for a value that is not inside a section (array elements).
double json_number(const nlohmann::json& value, const std::string& key_path);
std::uint64_t json_whole(const nlohmann::json& value, const std::string& key_path,
                         std::uint64_t max = std::numeric_limits<std::uint64_t>::max());

}  // namespace ssdtlm
