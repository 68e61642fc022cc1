#include "models/host/workload/fio/fio_job_file.h"

#include <cstdlib>
#include <filesystem>
#include <string_view>

#include "models/common/config/config_error.h"
#include "models/host/trace/line_reader.h"

namespace ssdtlm {
namespace {

// Deep enough for any real set of shared settings; bounded so that a file including itself
// is an error rather than a stack overflow.
constexpr int kMaxIncludeDepth = 16;

std::string_view trimmed(std::string_view text) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (!text.empty() && blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && blank(text.back())) text.remove_suffix(1);
  return text;
}

// ${VARNAME} from the environment. fio substitutes an empty string for an unset variable;
// here that is an error, because the empty value would only fail later with a message that
// no longer says why.
std::string expand_environment(std::string_view value, const std::string& location) {
  std::string expanded;
  for (std::size_t i = 0; i < value.size();) {
    if (value[i] == '$' && i + 1 < value.size() && value[i + 1] == '{') {
      const std::size_t close = value.find('}', i + 2);
      if (close == std::string_view::npos) {
        throw config_error(location, "unterminated '${' in '" + std::string(value) + "'");
      }
      const std::string name(value.substr(i + 2, close - i - 2));
      const char* setting = name.empty() ? nullptr : std::getenv(name.c_str());
      if (setting == nullptr) {
        throw config_error(location, "environment variable '" + name + "' is not set (used in '" +
                                         std::string(value) + "')");
      }
      expanded += setting;
      i = close + 1;
    } else if (value[i] == '$') {
      throw config_error(location, "'" + std::string(value) +
                                       "': fio's host keywords ($pagesize, $mb_memory, $ncpus) describe the "
                                       "machine running the simulator, not the simulated host; give the value");
    } else {
      expanded += value[i++];
    }
  }
  if (!expanded.empty() && expanded.front() == '(') {
    throw config_error(location, "arithmetic expressions ('" + expanded + "') are not supported; give the value");
  }
  return expanded;
}

class JobFileReader {
 public:
  explicit JobFileReader(FioJobFile& file) : file_(file) {}

  void read(const std::string& path, int depth, bool is_include) {
    LineReader lines(path);
    std::string_view raw;
    while (lines.next(raw)) {
      const std::string location = path + ":" + std::to_string(lines.line_number());
      const std::string_view line = trimmed(raw);
      if (line.empty() || line.front() == ';' || line.front() == '#') continue;
      if (line.front() == '[') {
        if (is_include) throw config_error(location, "an included file may not contain [sections] (fio's rule)");
        if (line.back() != ']' || line.size() < 3) {
          throw config_error(location, "expected a section header [name], got '" + std::string(line) + "'");
        }
        file_.sections.push_back({std::string(trimmed(line.substr(1, line.size() - 2))), location, {}});
        continue;
      }
      if (line.rfind("include", 0) == 0 && line.size() > 7 && (line[7] == ' ' || line[7] == '\t')) {
        include(path, std::string(trimmed(line.substr(7))), location, depth);
        continue;
      }
      if (file_.sections.empty()) {
        throw config_error(location, "option '" + std::string(line) + "' before any [section]");
      }
      FioOptionLine option;
      option.location = location;
      const std::size_t equals = line.find('=');
      option.key = std::string(trimmed(line.substr(0, equals)));
      if (equals != std::string_view::npos) {
        option.has_value = true;
        option.value = expand_environment(trimmed(line.substr(equals + 1)), location);
      }
      if (option.key.empty()) throw config_error(location, "expected KEY=VALUE, got '" + std::string(line) + "'");
      file_.sections.back().options.push_back(std::move(option));
    }
  }

 private:
  void include(const std::string& from, const std::string& name, const std::string& location, int depth) {
    if (name.empty()) throw config_error(location, "include needs a file name");
    if (depth >= kMaxIncludeDepth) {
      throw config_error(location, "includes nested deeper than " + std::to_string(kMaxIncludeDepth) +
                                       " levels (does a file include itself?)");
    }
    if (file_.sections.empty()) throw config_error(location, "include before any [section]");
    // Relative to the including file, so a job file and its includes move together.
    std::filesystem::path target(name);
    if (target.is_relative()) target = std::filesystem::path(from).parent_path() / target;
    if (!std::filesystem::is_regular_file(target)) {
      throw config_error(location, "include " + name + ": no such file (" + target.string() + ")");
    }
    read(target.string(), depth + 1, true);
  }

  FioJobFile& file_;
};

}  // namespace

FioJobFile read_fio_job_file(const std::string& path) {
  if (!std::filesystem::is_regular_file(path)) {
    throw config_error(path, "no such fio job file");
  }
  FioJobFile file;
  file.path = path;
  JobFileReader(file).read(path, 0, false);
  return file;
}

}  // namespace ssdtlm
