#pragma once
// A ParameterSchema as a JSON Schema (draft-07), so that editors validate and complete platform
// files with the same table that validates them on load (`ssdtlm config-schema`).
#include <nlohmann/json.hpp>

#include "models/common/config/parameter_schema.h"

namespace ssdtlm {

// The key by which a document names its JSON Schema for editors (`"$schema": "..."`).
// validate_and_fill accepts it at the top level of every document and leaves it out of the
// effective configuration: it is about the file, not the run.
inline constexpr const char* kSchemaReferenceKey = "$schema";

// The schema of one parameter's value: type, range, enum, default, and the description with its unit.
nlohmann::json parameter_value_schema(const Parameter& parameter);

// The object schema of a whole document: the dotted paths nested into objects, each closed with
// `additionalProperties: false` as validate_and_fill rejects unknown keys; a Section row is an
// open object (its consumer validates it). The top level also admits `$schema` (the editor's
// reference to this schema, which the loaders skip).
nlohmann::json document_json_schema(const ParameterSchema& schema);

}  // namespace ssdtlm
