#include "models/common/config/json_document.h"

#include <fstream>
#include <sstream>

#include "models/common/config/config_error.h"

namespace ssdtlm {

nlohmann::json read_json_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw config_error(path, "cannot open file");
  std::stringstream buffer;
  buffer << in.rdbuf();
  const std::string text = buffer.str();
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& error) {
    // nlohmann reports a byte offset; turn it into line:column for the user.
    std::size_t line = 1, column = 1;
    for (std::size_t i = 0; i < text.size() && i + 1 < error.byte; ++i) {
      if (text[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
    throw config_error(path + ":" + std::to_string(line) + ":" + std::to_string(column),
                       std::string("invalid JSON: ") + error.what());
  } catch (const nlohmann::json::exception& error) {  // e.g. a number too large for a double
    throw config_error(path, std::string("invalid JSON: ") + error.what());
  }
}

nlohmann::json parse_override_value(const std::string& text) {
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception&) {  // not JSON (or a number out of range): a string
    return text;
  }
}

}  // namespace ssdtlm
