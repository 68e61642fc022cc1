#pragma once
// Short constructors for the rows of a ParameterSchema table, one per ParameterKind, shared by
// the SSD platform table (platforms/ssd_config_schema.cpp) and the RAID array table
// (platforms/raid_config.cpp). A null default means "optional, derived when absent".
#include <string>
#include <utility>
#include <vector>

#include "models/common/config/parameter_schema.h"

namespace ssdtlm::parameter {

inline Parameter row(std::string path, ParameterKind kind, nlohmann::json def, std::string unit,
                     std::string description) {
  Parameter p;
  p.path = std::move(path);
  p.kind = kind;
  p.default_value = std::move(def);
  p.unit = std::move(unit);
  p.description = std::move(description);
  return p;
}

inline Parameter integer(std::string path, nlohmann::json def, std::string unit, double min, double max,
                         std::string description) {
  Parameter p = row(std::move(path), ParameterKind::Integer, std::move(def), std::move(unit), std::move(description));
  p.min = min;
  p.max = max;
  return p;
}

inline Parameter number(std::string path, nlohmann::json def, std::string unit, double min, double max,
                        std::string description, bool min_exclusive = false, bool max_exclusive = false) {
  Parameter p = row(std::move(path), ParameterKind::Number, std::move(def), std::move(unit), std::move(description));
  p.min = min;
  p.max = max;
  p.min_exclusive = min_exclusive;
  p.max_exclusive = max_exclusive;
  return p;
}

inline Parameter boolean(std::string path, bool def, std::string description) {
  return row(std::move(path), ParameterKind::Boolean, def, "", std::move(description));
}

inline Parameter choice(std::string path, std::string def, std::vector<std::string> choices, std::string description) {
  Parameter p = row(std::move(path), ParameterKind::Choice, std::move(def), "", std::move(description));
  p.choices = std::move(choices);
  return p;
}

// One of `choices`, optional: no default is filled in (absent means the consumer's own default).
inline Parameter optional_choice(std::string path, std::vector<std::string> choices, std::string description) {
  Parameter p = row(std::move(path), ParameterKind::Choice, nullptr, "", std::move(description));
  p.choices = std::move(choices);
  return p;
}

inline Parameter text(std::string path, std::string def, std::string description) {
  return row(std::move(path), ParameterKind::String, std::move(def), "", std::move(description));
}

// A JSON array of numbers, each within [min, max].
inline Parameter array(std::string path, std::string unit, double min, double max, std::string description) {
  Parameter p = row(std::move(path), ParameterKind::Array, nullptr, std::move(unit), std::move(description));
  p.min = min;
  p.max = max;
  return p;
}

// A free-form object validated by its consumer (policy parameters, workload, overrides).
inline Parameter section(std::string path, std::string description) {
  return row(std::move(path), ParameterKind::Section, nullptr, "", std::move(description));
}

}  // namespace ssdtlm::parameter
