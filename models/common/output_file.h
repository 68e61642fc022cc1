#pragma once
// The files a run writes (stats.json, timeline.csv, requests.csv, member_trace.csv, ...). A
// std::ofstream on a full disk sets its failbit and silently drops every later write; these
// functions turn a failed open or write into a ConfigError naming the file, so a run never ends
// with exit 0 and a truncated or empty result.
#include <fstream>
#include <memory>
#include <ostream>
#include <string>

#include <nlohmann/json.hpp>

namespace ssdtlm {

// Opens `path` for writing (truncating it); ConfigError "PATH: cannot write WHAT: REASON".
std::unique_ptr<std::ofstream> open_output_file(const std::string& path, const std::string& what);

// Flushes `out` and checks that every write so far reached the file; ConfigError
// "PATH: cannot write WHAT: REASON" otherwise (REASON is the system's, e.g. "No space left on device").
void check_output_written(std::ostream& out, const std::string& path, const std::string& what);

// Writes `text` to `path` in one go and checks it (open, write, flush, close).
void write_output_file(const std::string& path, const std::string& text, const std::string& what);

// The text of a JSON result file: indent 2, one trailing newline. A string that is not valid
// UTF-8 (a trace path in another encoding) is written with U+FFFD for its bad bytes rather
// than failing the whole file.
std::string json_file_text(const nlohmann::json& value);
// The same for a document whose key order matters (fio's JSON, platforms/fio_json_report.h).
std::string json_file_text(const nlohmann::ordered_json& value);

// write_output_file(path, json_file_text(value), what).
void write_json_file(const std::string& path, const nlohmann::json& value, const std::string& what);

}  // namespace ssdtlm
