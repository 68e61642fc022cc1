#include "models/common/config/parameter_json_schema.h"

#include <cmath>
#include <cstdint>
#include <string>

namespace ssdtlm {
namespace {

// 4294967295 rather than 4294967295.0: bounds that are whole numbers read as such in an editor.
nlohmann::json bound(double value) {
  if (std::floor(value) == value && std::fabs(value) < 9.2e18) return static_cast<std::int64_t>(value);
  return value;
}

void add_range(nlohmann::json& schema, const Parameter& p) {
  if (p.min) schema[p.min_exclusive ? "exclusiveMinimum" : "minimum"] = bound(*p.min);
  if (p.max) schema[p.max_exclusive ? "exclusiveMaximum" : "maximum"] = bound(*p.max);
}

std::string described(const Parameter& p) {
  if (p.unit.empty()) return p.description;
  return p.description + " Unit: " + p.unit + ".";
}

// The object that holds `path`'s last component, created along the way (sections of parameters).
nlohmann::json& parent_object(nlohmann::json& root, const std::string& path, std::string& leaf) {
  nlohmann::json* node = &root;
  std::size_t start = 0;
  for (std::size_t dot = path.find('.'); dot != std::string::npos; dot = path.find('.', start)) {
    nlohmann::json& child = (*node)["properties"][path.substr(start, dot - start)];
    if (child.is_null()) {
      child = {{"type", "object"}, {"additionalProperties", false}, {"properties", nlohmann::json::object()}};
    }
    node = &child;
    start = dot + 1;
  }
  leaf = path.substr(start);
  return *node;
}

}  // namespace

nlohmann::json parameter_value_schema(const Parameter& p) {
  nlohmann::json schema = nlohmann::json::object();
  switch (p.kind) {
    case ParameterKind::Integer:
      schema["type"] = "integer";
      add_range(schema, p);
      break;
    case ParameterKind::Number:
      schema["type"] = "number";
      add_range(schema, p);
      break;
    case ParameterKind::Boolean:
      schema["type"] = "boolean";
      break;
    case ParameterKind::String:
      schema["type"] = "string";
      break;
    case ParameterKind::Choice:
      schema["type"] = "string";
      schema["enum"] = p.choices;
      break;
    case ParameterKind::Array: {
      nlohmann::json item = {{"type", "number"}};
      add_range(item, p);
      schema["type"] = "array";
      schema["items"] = item;
      break;
    }
    case ParameterKind::Section:
      schema["type"] = "object";
      break;
  }
  schema["description"] = described(p);
  if (!p.default_value.is_null()) schema["default"] = p.default_value;
  return schema;
}

nlohmann::json document_json_schema(const ParameterSchema& schema) {
  nlohmann::json root = {{"type", "object"}, {"additionalProperties", false}};
  root["properties"][kSchemaReferenceKey] = {
      {"type", "string"},
      {"description", "The JSON Schema of this document, for editors (`ssdtlm config-schema`); the loaders skip it."}};
  for (const Parameter& p : schema.parameters()) {
    std::string leaf;
    parent_object(root, p.path, leaf)["properties"][leaf] = parameter_value_schema(p);
  }
  return root;
}

}  // namespace ssdtlm
