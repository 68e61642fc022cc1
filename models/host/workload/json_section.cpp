#include "models/host/workload/json_section.h"

#include <cmath>

#include "models/common/config/config_error.h"

namespace ssdtlm {
namespace {

std::string type_of(const nlohmann::json& value) {
  if (value.is_number_integer()) return "an integer";
  return std::string("a ") + value.type_name();
}

}  // namespace

double json_number(const nlohmann::json& value, const std::string& key_path) {
  if (!value.is_number()) throw config_error(key_path, "expected a number, got " + type_of(value));
  return value.get<double>();
}

std::uint64_t json_whole(const nlohmann::json& value, const std::string& key_path, std::uint64_t max) {
  std::uint64_t whole = 0;
  if (value.is_number_unsigned()) {
    whole = value.get<std::uint64_t>();
  } else if (value.is_number_integer()) {
    if (value.get<std::int64_t>() < 0) {
      throw config_error(key_path, "expected a whole number >= 0, got " + value.dump());
    }
    whole = static_cast<std::uint64_t>(value.get<std::int64_t>());
  } else if (value.is_number_float()) {
    const double number = value.get<double>();
    if (number < 0 || number != std::floor(number) || number >= 0x1.0p64) {
      throw config_error(key_path, "expected a whole number >= 0, got " + value.dump());
    }
    whole = static_cast<std::uint64_t>(number);
  } else {
    throw config_error(key_path, "expected a whole number, got " + type_of(value));
  }
  if (whole > max) {
    throw config_error(key_path, "expected at most " + std::to_string(max) + ", got " + value.dump());
  }
  return whole;
}

JsonSection::JsonSection(const nlohmann::json& value, std::string key_path)
    : object_(value), path_(std::move(key_path)) {
  if (!object_.is_object()) {
    throw config_error(path_, "expected an object, got " + type_of(object_));
  }
}

const nlohmann::json& JsonSection::raw(const std::string& key) {
  used_.insert(key);
  return object_.at(key);
}

std::string JsonSection::string_or(const std::string& key, const std::string& fallback) {
  if (!has(key)) return fallback;
  const auto& value = raw(key);
  if (!value.is_string()) throw config_error(path_of(key), "expected a string, got " + type_of(value));
  return value.get<std::string>();
}

bool JsonSection::bool_or(const std::string& key, bool fallback) {
  if (!has(key)) return fallback;
  const auto& value = raw(key);
  if (!value.is_boolean()) throw config_error(path_of(key), "expected true or false, got " + type_of(value));
  return value.get<bool>();
}

double JsonSection::number_or(const std::string& key, double fallback) {
  if (!has(key)) return fallback;
  return json_number(raw(key), path_of(key));
}

std::uint64_t JsonSection::whole_or(const std::string& key, std::uint64_t fallback, std::uint64_t max) {
  if (!has(key)) return fallback;
  return json_whole(raw(key), path_of(key), max);
}

void JsonSection::reject(const std::string& key, const std::string& reason) const {
  if (has(key)) throw config_error(path_of(key), reason);
}

void JsonSection::finish(const std::string& expected_keys) const {
  for (const auto& item : object_.items()) {
    if (used_.count(item.key()) == 0) {
      throw config_error(path_of(item.key()), "unknown or unused key (expected: " + expected_keys + ")");
    }
  }
}

}  // namespace ssdtlm
