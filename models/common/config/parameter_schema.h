#pragma once
// The configuration schema: every tunable is a named, typed, documented parameter with a unit
// and a default (VCML / gem5 style). One table drives validation on load, default filling for
// the effective configuration, and docs/configuration.md (`ssdtlm config-doc`).
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace ssdtlm {

enum class ParameterKind {
  Integer,   // whole number (JSON integer, or a float with no fraction)
  Number,    // any JSON number
  Boolean,
  String,
  Choice,    // one of `choices`
  Array,     // JSON array of numbers (validated by min/max per element)
  Section,   // free-form object validated elsewhere (e.g. policy parameters, workload)
};

struct Parameter {
  std::string path;  // dotted key path, e.g. "nand.timing.read_us"
  ParameterKind kind = ParameterKind::Number;
  nlohmann::json default_value;  // null: optional with no default
  std::string unit;               // "us", "bytes", "" ...
  std::string description;
  std::optional<double> min;
  std::optional<double> max;
  std::vector<std::string> choices;
  bool min_exclusive = false;
  bool max_exclusive = false;
};

class ParameterSchema {
 public:
  explicit ParameterSchema(std::vector<Parameter> parameters);

  // Checks `document` against the schema (unknown keys, types, ranges, choices) and returns
  // the effective configuration: the document with every default filled in. Throws
  // ConfigError naming `source` (file or preset) and the key path.
  nlohmann::json validate_and_fill(const nlohmann::json& document, const std::string& source) const;

  const std::vector<Parameter>& parameters() const { return parameters_; }
  const Parameter* find(const std::string& path) const;

  // Markdown table of every parameter (docs/configuration.md).
  std::string to_markdown() const;

 private:
  void check_value(const Parameter& parameter, const nlohmann::json& value,
                   const std::string& source) const;
  void walk(const nlohmann::json& node, const std::string& prefix, const std::string& source) const;
  std::vector<Parameter> parameters_;
};

// Sets `path` (dotted) in `document` to `value`, creating intermediate objects.
void set_json_path(nlohmann::json& document, const std::string& path, const nlohmann::json& value);
// Reads a dotted path; throws ConfigError if absent.
const nlohmann::json& get_json_path(const nlohmann::json& document, const std::string& path);

}  // namespace ssdtlm
