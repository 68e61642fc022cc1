// libFuzzer target for the writing of results. Each input is one case, picked by its first byte:
//  * a double (the next 8 bytes): the timeline's number text (format_printf_g6) must be exactly
//    printf's "%g" text, for any value, NaN and infinities included;
//  * a JSON result (the rest of the input as a string value and as an object key): its file
//    text must be written whatever the bytes (not valid UTF-8 included), read back as JSON, and
//    equal the value when the bytes are valid UTF-8;
//  * a full disk: the same text written to /dev/full must be a ConfigError naming the file.
// Anything else coming out (nlohmann's type_error on a bad byte, a crash, an abort) is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "models/common/config/config_error.h"
#include "models/common/output_file.h"
#include "platforms/printf_g_format.h"
#include "tests/fuzz/fuzz_input_file.h"

namespace {

void require(bool condition, const char* what) {
  if (condition) return;
  std::fprintf(stderr, "output writing fuzzer: %s\n", what);
  std::abort();
}

void check_number_text(const std::uint8_t* data, std::size_t size) {
  double value = 0;
  std::memcpy(&value, data, std::min(size, sizeof value));
  char expected[64];
  std::snprintf(expected, sizeof expected, "%g", value);
  char written[64];
  char* const end = ssdtlm::format_printf_g6(written, written + sizeof written, value);
  require(std::string(written, end) == expected, "format_printf_g6 differs from printf's %g");
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

bool valid_utf8(const std::string& text) {
  try {
    (void)nlohmann::json(text).dump();
    return true;
  } catch (const nlohmann::json::type_error&) {
    return false;
  }
}

void check_json_result(const std::string& bytes, const std::string& path) {
  const nlohmann::json value = {
      {"text", bytes}, {bytes, 1.5}, {"numbers", {0.1, -0.0, 1e300, 18446744073709551615ull}}};
  const std::string text = ssdtlm::json_file_text(value);
  require(!text.empty() && text.back() == '\n', "JSON file text without its trailing newline");
  ssdtlm::write_json_file(path, value, "JSON results");
  const std::string written = read_file(path);
  require(written == text, "the file holds other than the text written");
  const nlohmann::json read_back = nlohmann::json::parse(written, nullptr, false);
  require(!read_back.is_discarded(), "a JSON result file does not read back as JSON");
  if (valid_utf8(bytes)) require(read_back == value, "a JSON result reads back different");
  if (std::filesystem::exists("/dev/full")) {
    bool reported = false;
    try {
      ssdtlm::write_json_file("/dev/full", value, "JSON results");
    } catch (const ssdtlm::ConfigError& error) {
      reported = std::strstr(error.what(), "/dev/full: cannot write JSON results") != nullptr;
    }
    require(reported, "a write to a full disk was not reported naming the file");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static ssdtlm::fuzz::FuzzInputFile output(".json");
  if (size == 0) return 0;
  if (data[0] % 2 == 0) {
    check_number_text(data + 1, size - 1);
  } else {
    check_json_result(std::string(reinterpret_cast<const char*>(data + 1), size - 1), output.write(nullptr, 0));
  }
  return 0;
}
