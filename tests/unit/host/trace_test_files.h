#pragma once
// Test helpers for the trace readers: throwaway trace files with crafted content, and the
// directory of real traces (../shared/traces beside the checkout; SSDTLM_TRACE_DIR overrides).
#include <unistd.h>

#include <atomic>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace ssdtlm::testing {

class TempTraceFile {
 public:
  explicit TempTraceFile(const std::string& content, const std::string& suffix = ".trace") {
    static std::atomic<int> counter{0};
    path_ = (std::filesystem::temp_directory_path() /
             ("ssdtlm-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + suffix))
                .string();
    std::ofstream(path_, std::ios::binary) << content;
  }
  ~TempTraceFile() { std::filesystem::remove(path_); }
  TempTraceFile(const TempTraceFile&) = delete;
  TempTraceFile& operator=(const TempTraceFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

// Empty if the real traces are not on this machine (tests using them then skip).
inline std::string shared_trace_dir() {
  std::vector<std::string> candidates;
  if (const char* dir = std::getenv("SSDTLM_TRACE_DIR")) candidates.emplace_back(dir);
  if (const char* source = std::getenv("SSDTLM_SOURCE_DIR")) {
    candidates.push_back(std::string(source) + "/../shared/traces");
  }
  candidates.emplace_back("/work/shared/traces");
  for (const auto& dir : candidates) {
    if (std::filesystem::exists(dir + "/wdev_3.csv")) return dir;
  }
  return "";
}

}  // namespace ssdtlm::testing

#define SSDTLM_REQUIRE_SHARED_TRACES(dir)                        \
  const std::string dir = ::ssdtlm::testing::shared_trace_dir(); \
  if (dir.empty()) GTEST_SKIP() << "../shared/traces not found (set SSDTLM_TRACE_DIR)"
