#include "models/common/config/json_document.h"

#include <fstream>
#include <set>
#include <vector>

#include "models/common/config/config_error.h"

namespace ssdtlm {
namespace {

// The parser callback that enforces the nesting limit and rejects duplicate keys; it follows
// the open objects and arrays to name the key path in its messages.
class JsonInputChecks {
 public:
  explicit JsonInputChecks(const std::string& source) : source_(source) {}

  bool operator()(int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
    using Event = nlohmann::json::parse_event_t;
    switch (event) {
      case Event::object_start:
      case Event::array_start:
        if (static_cast<std::size_t>(depth) >= kMaxJsonDepth) {
          throw config_error(source_ + where(), "JSON nested deeper than " + std::to_string(kMaxJsonDepth) +
                                                     " levels (the limit of a configuration document)");
        }
        open_.push_back(Container{event == Event::object_start, {}, {}});
        break;
      case Event::key: {
        Container& object = open_.back();
        const std::string& key = parsed.get_ref<const std::string&>();
        if (!object.keys.insert(key).second) {
          object.current_key = key;
          throw config_error(source_ + where(), "duplicate key \"" + key + "\" (each key may appear once per object)");
        }
        object.current_key = key;
        break;
      }
      case Event::object_end:
      case Event::array_end:
        open_.pop_back();
        break;
      case Event::value:
        break;
    }
    return true;
  }

 private:
  struct Container {
    bool is_object;
    std::set<std::string> keys;
    std::string current_key;
  };

  // ": a.b[].c" of the innermost key (arrays in arrays shown once), or "" at the top level.
  std::string where() const {
    std::string path;
    for (const Container& container : open_) {
      if (!container.is_object) {
        const bool after_array = path.size() >= 2 && path.compare(path.size() - 2, 2, "[]") == 0;
        if (!path.empty() && !after_array) path += "[]";
      } else if (!container.current_key.empty()) {
        path += (path.empty() ? "" : ".") + container.current_key;
      }
      if (path.size() > 200) return ": " + path + "...";
    }
    return path.empty() ? "" : ": " + path;
  }

  const std::string& source_;
  std::vector<Container> open_;
};

// Throws nlohmann's parse_error for a syntax error (the caller decides what that means) and
// ConfigError for the checks above.
nlohmann::json parse_checked(const std::string& text, const std::string& source) {
  JsonInputChecks checks(source);
  return nlohmann::json::parse(text, std::ref(checks));
}

}  // namespace

nlohmann::json parse_json_text(const std::string& text, const std::string& source) {
  try {
    return parse_checked(text, source);
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
    throw config_error(source + ":" + std::to_string(line) + ":" + std::to_string(column),
                       std::string("invalid JSON: ") + error.what());
  } catch (const nlohmann::json::exception& error) {  // e.g. a number too large for a double
    throw config_error(source, std::string("invalid JSON: ") + error.what());
  }
}

nlohmann::json read_json_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw config_error(path, "cannot open file");
  // Read at most one chunk past the limit: enough to tell a file that is too large, whatever it
  // is (a device such as /dev/zero, a pipe, a huge file).
  std::string text;
  char chunk[1 << 16];
  while (in && text.size() <= kMaxJsonDocumentBytes) {
    in.read(chunk, sizeof chunk);
    text.append(chunk, static_cast<std::size_t>(in.gcount()));
  }
  if (in.bad()) throw config_error(path, "cannot read file");
  if (text.size() > kMaxJsonDocumentBytes) {
    throw config_error(path, "larger than " + std::to_string(kMaxJsonDocumentBytes >> 20) +
                                 " MiB, the limit of a configuration document");
  }
  return parse_json_text(text, path);
}

nlohmann::json parse_override_value(const std::string& text, const std::string& source) {
  try {
    return parse_checked(text, source);
  } catch (const nlohmann::json::exception&) {  // not JSON (or a number out of range): a string
    return text;
  }
}

}  // namespace ssdtlm
