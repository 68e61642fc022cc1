#pragma once
// Reading configuration documents: the SSD platform and RAID array loaders share these so a
// malformed file gets the same message (file:line:column) whichever command reads it.
#include <string>

#include <nlohmann/json.hpp>

namespace ssdtlm {

// Parses the JSON file at `path`. Throws ConfigError naming the file (and line:column of a
// syntax error) when it cannot be opened or is not valid JSON.
nlohmann::json read_json_file(const std::string& path);

// The value of a `--set KEY=VALUE` override: JSON when it parses (numbers, true, [1,2]),
// otherwise the bare text as a string (greedy, raid5, read-first).
nlohmann::json parse_override_value(const std::string& text);

}  // namespace ssdtlm
