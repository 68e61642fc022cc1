#include "models/common/config/parameter_schema.h"

#include <cmath>
#include <map>
#include <set>
#include <sstream>

#include "models/common/config/config_error.h"
#include "models/common/config/did_you_mean.h"
#include "models/common/config/parameter_json_schema.h"

namespace ssdtlm {
namespace {

std::string kind_name(ParameterKind kind) {
  switch (kind) {
    case ParameterKind::Integer: return "integer";
    case ParameterKind::Number: return "number";
    case ParameterKind::Boolean: return "boolean";
    case ParameterKind::String: return "string";
    case ParameterKind::Choice: return "string";
    case ParameterKind::Array: return "array of numbers";
    case ParameterKind::Section: return "object";
  }
  return "?";
}

std::string join(const std::vector<std::string>& items, const std::string& separator) {
  std::string out;
  for (const auto& item : items) out += (out.empty() ? "" : separator) + item;
  return out;
}

std::string format_bound(double value) {
  std::ostringstream out;
  out << value;
  return out.str();
}

void check_range(const Parameter& p, double number, const std::string& where) {
  if (p.min && (p.min_exclusive ? number <= *p.min : number < *p.min)) {
    throw config_error(where, "expected a value " + std::string(p.min_exclusive ? "> " : ">= ") +
                                  format_bound(*p.min) + ", got " + format_bound(number));
  }
  if (p.max && (p.max_exclusive ? number >= *p.max : number > *p.max)) {
    throw config_error(where, "expected a value " + std::string(p.max_exclusive ? "< " : "<= ") +
                                  format_bound(*p.max) + ", got " + format_bound(number));
  }
}

}  // namespace

ParameterSchema::ParameterSchema(std::vector<Parameter> parameters)
    : parameters_(std::move(parameters)) {}

const Parameter* ParameterSchema::find(const std::string& path) const {
  for (const auto& p : parameters_) {
    if (p.path == path) return &p;
  }
  return nullptr;
}

void ParameterSchema::check_value(const Parameter& p, const nlohmann::json& value,
                                  const std::string& source) const {
  const std::string where = source + ": " + p.path;
  auto wrong_type = [&]() {
    throw config_error(where, "expected " + kind_name(p.kind) + ", got " +
                                  std::string(value.type_name()) + " " + value.dump());
  };
  switch (p.kind) {
    case ParameterKind::Integer: {
      if (!value.is_number()) wrong_type();
      const double number = value.get<double>();
      if (std::floor(number) != number) wrong_type();
      check_range(p, number, where);
      break;
    }
    case ParameterKind::Number:
      if (!value.is_number()) wrong_type();
      check_range(p, value.get<double>(), where);
      break;
    case ParameterKind::Boolean:
      if (!value.is_boolean()) wrong_type();
      break;
    case ParameterKind::String:
      if (!value.is_string()) wrong_type();
      break;
    case ParameterKind::Choice: {
      if (!value.is_string()) wrong_type();
      const auto text = value.get<std::string>();
      bool known = false;
      for (const auto& choice : p.choices) known = known || choice == text;
      if (!known) {
        throw config_error(where, "expected one of " + join(p.choices, ", ") + ", got \"" + text + "\"" +
                                      did_you_mean(text, p.choices));
      }
      break;
    }
    case ParameterKind::Array:
      if (!value.is_array()) wrong_type();
      for (std::size_t i = 0; i < value.size(); ++i) {
        if (!value[i].is_number()) {
          throw config_error(where + "[" + std::to_string(i) + "]", "expected a number, got " + value[i].dump());
        }
        check_range(p, value[i].get<double>(), where + "[" + std::to_string(i) + "]");
      }
      break;
    case ParameterKind::Section:
      if (!value.is_object()) wrong_type();
      break;
  }
}

void ParameterSchema::walk(const nlohmann::json& node, const std::string& prefix,
                           const std::string& source) const {
  for (auto it = node.begin(); it != node.end(); ++it) {
    const std::string path = prefix.empty() ? it.key() : prefix + "." + it.key();
    if (const Parameter* p = find(path)) {
      check_value(*p, it.value(), source);
      continue;
    }
    // A section of parameters: recurse if any parameter lives below it.
    bool is_section = false;
    std::set<std::string> known_children;
    for (const auto& p : parameters_) {
      if (p.path.compare(0, path.size() + 1, path + ".") == 0) {
        is_section = true;
      }
      const std::string& parent = prefix;
      if (parent.empty() || p.path.compare(0, parent.size() + 1, parent + ".") == 0) {
        const std::string rest = parent.empty() ? p.path : p.path.substr(parent.size() + 1);
        known_children.insert(rest.substr(0, rest.find('.')));
      }
    }
    if (is_section) {
      if (!it.value().is_object()) {
        throw config_error(source + ": " + path, "expected an object (a section of parameters), got " +
                                                     std::string(it.value().type_name()));
      }
      walk(it.value(), path, source);
      continue;
    }
    const std::vector<std::string> known(known_children.begin(), known_children.end());
    throw config_error(source + ": " + path,
                       "unknown key" + did_you_mean(it.key(), known) + "; known keys here: " + join(known, ", "));
  }
}

nlohmann::json ParameterSchema::validate_and_fill(const nlohmann::json& document,
                                                  const std::string& source) const {
  if (!document.is_object()) {
    throw config_error(source, "expected a JSON object at the top level");
  }
  nlohmann::json effective = document;
  if (const auto reference = effective.find(kSchemaReferenceKey); reference != effective.end()) {
    if (!reference->is_string()) {
      throw config_error(source + ": " + kSchemaReferenceKey,
                         "expected a string (the schema's path or URL), got " + std::string(reference->type_name()));
    }
    effective.erase(reference);
  }
  walk(effective, "", source);
  for (const auto& p : parameters_) {
    if (p.default_value.is_null()) continue;
    const auto pointer = nlohmann::json::json_pointer("/" + [&] {
      std::string s = p.path;
      for (auto& c : s) if (c == '.') c = '/';
      return s;
    }());
    if (!effective.contains(pointer)) effective[pointer] = p.default_value;
  }
  return effective;
}

std::string ParameterSchema::to_markdown() const {
  std::ostringstream out;
  out << "| key | type | unit | default | range / choices | meaning |\n";
  out << "|---|---|---|---|---|---|\n";
  for (const auto& p : parameters_) {
    std::string range;
    if (p.kind == ParameterKind::Choice) {
      range = join(p.choices, " \\| ");
    } else if (p.min || p.max) {
      range = (p.min ? (p.min_exclusive ? "(" : "[") + format_bound(*p.min) : "(−∞") + ", " +
              (p.max ? format_bound(*p.max) + (p.max_exclusive ? ")" : "]") : "∞)");
    }
    out << "| `" << p.path << "` | " << kind_name(p.kind) << " | " << p.unit << " | "
        << (p.default_value.is_null() ? "—" : "`" + p.default_value.dump() + "`") << " | " << range
        << " | " << p.description << " |\n";
  }
  return out.str();
}

void set_json_path(nlohmann::json& document, const std::string& path, const nlohmann::json& value) {
  nlohmann::json* node = &document;
  std::size_t start = 0;
  while (true) {
    const auto dot = path.find('.', start);
    const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    if (key.empty()) throw config_error(path, "empty component in key path");
    if (dot == std::string::npos) {
      (*node)[key] = value;
      return;
    }
    if (!node->contains(key) || !(*node)[key].is_object()) (*node)[key] = nlohmann::json::object();
    node = &(*node)[key];
    start = dot + 1;
  }
}

const nlohmann::json& get_json_path(const nlohmann::json& document, const std::string& path) {
  const nlohmann::json* node = &document;
  std::size_t start = 0;
  while (true) {
    const auto dot = path.find('.', start);
    const std::string key = path.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
    if (!node->is_object() || !node->contains(key)) throw config_error(path, "missing key");
    node = &(*node)[key];
    if (dot == std::string::npos) return *node;
    start = dot + 1;
  }
}

}  // namespace ssdtlm
