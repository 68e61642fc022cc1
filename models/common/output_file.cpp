#include "models/common/output_file.h"

#include <cerrno>
#include <cstring>

#include "models/common/config/config_error.h"

namespace ssdtlm {
namespace {

// The reason of the last failed system call, when the stream library left one in errno.
std::string reason(int error) { return error != 0 ? std::strerror(error) : "write failed"; }

}  // namespace

std::unique_ptr<std::ofstream> open_output_file(const std::string& path, const std::string& what) {
  errno = 0;
  auto out = std::make_unique<std::ofstream>(path, std::ios::out | std::ios::trunc | std::ios::binary);
  if (!*out) throw config_error(path, "cannot write " + what + ": " + reason(errno));
  return out;
}

void check_output_written(std::ostream& out, const std::string& path, const std::string& what) {
  if (!out) {  // an earlier write failed; errno has long been overwritten
    throw config_error(path, "cannot write " + what + ": a write failed (disk full or I/O error)");
  }
  errno = 0;
  out.flush();
  if (!out) throw config_error(path, "cannot write " + what + ": " + reason(errno));
}

void write_output_file(const std::string& path, const std::string& text, const std::string& what) {
  const auto out = open_output_file(path, what);
  errno = 0;
  out->write(text.data(), static_cast<std::streamsize>(text.size()));
  out->flush();
  if (!*out) throw config_error(path, "cannot write " + what + ": " + reason(errno));
  out->close();
  if (!*out) throw config_error(path, "cannot write " + what + ": " + reason(errno));
}

std::string json_file_text(const nlohmann::json& value) {
  return value.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string json_file_text(const nlohmann::ordered_json& value) {
  return value.dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) + "\n";
}

void write_json_file(const std::string& path, const nlohmann::json& value, const std::string& what) {
  write_output_file(path, json_file_text(value), what);
}

}  // namespace ssdtlm
