#pragma once
// Typed access to the string parameters of a victim policy or frontier layout
// ({"d","10"}, {"memory","1"}). Every read names its key, so a bad value is reported as
// "<where><key>: ..." (where = "--param " on the command line, "ftl.gc.params." in a platform
// file), and finish() rejects keys nobody read, listing the accepted ones.
#include <cstdint>
#include <map>
#include <set>
#include <string>

namespace ssdtlm {

class PolicyParams {
 public:
  PolicyParams(std::map<std::string, std::string> values, std::string where)
      : values_(std::move(values)), where_(std::move(where)) {}

  bool has(const std::string& key) const { return values_.count(key) != 0; }
  std::int64_t integer(const std::string& key, std::int64_t fallback, std::int64_t min,
                       std::int64_t max);
  double number(const std::string& key, double fallback, double min, double max);
  bool boolean(const std::string& key, bool fallback);

  // Throws ConfigError for keys that were never read, naming `owner` (e.g. "policy d-choices").
  void finish(const std::string& owner) const;
  const std::string& where() const { return where_; }

 private:
  const std::string* raw(const std::string& key);
  std::map<std::string, std::string> values_;
  std::string where_;
  std::set<std::string> accepted_;
};

}  // namespace ssdtlm
