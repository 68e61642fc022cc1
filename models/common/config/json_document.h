#pragma once
// Reading JSON documents: every reader of JSON input (SSD and RAID platform files, presets,
// effective-config.json, `--set` values, documents handed over by Python, sweep files) parses
// through parse_json_text, so hostile input meets the same limits and gets the same message
// (file:line:column, or the key path) whichever command reads it.
#include <cstddef>
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

namespace ssdtlm {

// Objects and arrays nested deeper than this are rejected: a configuration needs a handful of
// levels, and a document of 100 000 nested arrays would exhaust the stack of every recursive
// consumer (validation, dump, destruction) and take gigabytes on the way.
constexpr std::size_t kMaxJsonDepth = 64;
// A configuration file larger than this is rejected before it is parsed (`--config /dev/zero`
// would otherwise be read until memory runs out); the largest effective RAID configuration is
// a few tens of kilobytes.
constexpr std::uint64_t kMaxJsonDocumentBytes = std::uint64_t{4} << 20;

// Parses `text`. Throws ConfigError naming `source`: with line:column for a syntax error, with
// the key path for a key that appears twice in one object (JSON leaves duplicates undefined and
// nlohmann would silently keep the last) and for nesting deeper than kMaxJsonDepth.
nlohmann::json parse_json_text(const std::string& text, const std::string& source);

// Parses the JSON file at `path` (at most kMaxJsonDocumentBytes) with parse_json_text. Throws
// ConfigError naming the file when it cannot be opened, is too large or is not valid JSON.
nlohmann::json read_json_file(const std::string& path);

// The value of a `--set KEY=VALUE` override: JSON when it parses (numbers, true, [1,2]),
// otherwise the bare text as a string (greedy, raid5, read-first). A value that is JSON but
// nested too deeply or with a duplicate key throws ConfigError naming `source`.
nlohmann::json parse_override_value(const std::string& text, const std::string& source = "--set");

}  // namespace ssdtlm
