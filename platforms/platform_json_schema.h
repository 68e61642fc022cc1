#pragma once
// The JSON Schema of the platform documents (`ssdtlm config-schema`): an SSD platform
// (ssd_parameter_schema) or a RAID platform (raid_parameter_schema plus its member SSD), told
// apart as `ssdtlm run` does: a document with a "raid" section (or a member SSD and its
// overrides) is a RAID platform. platforms/ssdtlm.schema.json is its output; the presets
// reference it with "$schema".
#include <nlohmann/json.hpp>

namespace ssdtlm {

nlohmann::json platform_json_schema();

}  // namespace ssdtlm
