#include "models/rtl/common/rtl_vcd.h"

#include <cstdlib>
#include <filesystem>

namespace ssdtlm {

std::string rtl_vcd_path(const std::string& instance) {
  const char* directory = std::getenv(kRtlVcdEnvironment);
  if (directory == nullptr || *directory == '\0') return "";
  std::string file = instance;
  for (char& c : file) {
    if (c == '.' || c == '/' || c == ' ') c = '_';
  }
  std::error_code ignored;
  std::filesystem::create_directories(directory, ignored);
  return (std::filesystem::path(directory) / (file + ".vcd")).string();
}

}  // namespace ssdtlm
