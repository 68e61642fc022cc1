// Run-ahead is exact only if model code reads time from the loop and talks to the kernel only
// through it (models/kernel/event_loop.h). This test reads the sources of models/ and
// platforms/ and fails on a kernel call outside the places allowed to make it.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace {

namespace fs = std::filesystem;

// Calls that are wrong inside a loop callback during run-ahead: the kernel's time lags behind,
// a kernel notification or stop would happen at the kernel's time, not the loop's.
const std::vector<std::string> kKernelCalls = {"sc_time_stamp(", "sc_stop(", "sc_pause(", "sc_start(", ".notify("};

// Files allowed to make them, and why.
const std::map<std::string, std::set<std::string>> kAllowed = {
    // The loop itself: reads the kernel's time, notifies its own event, carries out stops.
    {"models/kernel/event_loop.h", {"sc_time_stamp("}},
    {"models/kernel/event_loop.cpp", {"sc_time_stamp(", "sc_stop(", "sc_pause(", "sc_start(", ".notify("}},
    // The ONFI co-simulation's SC_THREAD and SC_METHODs are kernel processes, not on a loop.
    {"models/rtl/onfi/onfi_sequencer_rtl.cpp", {"sc_time_stamp(", ".notify("}},
    {"models/rtl/onfi/onfi_target.cpp", {"sc_time_stamp(", ".notify("}},
    // The pin-level die runs the ONFI bench in a kernel context of its own: that kernel's time and
    // sc_start(), never the platform's.
    {"models/rtl/onfi/onfi_rtl_die.cpp", {"sc_time_stamp(", "sc_start("}},
    // A kernel process of its own (SC_METHOD on its tick event); it bounds the run-ahead.
    {"platforms/timeline_sampler.cpp", {".notify("}},
};

bool is_comment(const std::string& line) {
  const std::size_t first = line.find_first_not_of(" \t");
  return first != std::string::npos && line.compare(first, 2, "//") == 0;
}

// The checkout: SSDTLM_SOURCE_DIR (ctest sets it), else three levels above this file (as the
// compiler saw its path: relative to the build directory under ccache), else the working
// directory or one of its parents (the test binary run by hand from the checkout's root).
fs::path checkout_root() {
  std::vector<fs::path> candidates;
  if (const char* root_env = std::getenv("SSDTLM_SOURCE_DIR")) candidates.emplace_back(root_env);
  candidates.push_back(fs::path(__FILE__).parent_path() / ".." / ".." / "..");
  std::error_code ignored;
  for (fs::path directory = fs::current_path(ignored); !directory.empty(); directory = directory.parent_path()) {
    candidates.push_back(directory);
    if (directory == directory.root_path()) break;
  }
  for (const fs::path& candidate : candidates) {
    if (fs::exists(candidate / "models" / "kernel" / "event_loop.h", ignored)) return candidate;
  }
  return {};
}

TEST(EventLoopAuditTest, ModelCodeReadsTimeFromTheLoopAndNeverCallsTheKernelDirectly) {
  const fs::path root = checkout_root();
  ASSERT_FALSE(root.empty()) << "no checkout found: set SSDTLM_SOURCE_DIR";
  std::vector<std::string> violations;
  std::size_t files = 0;
  for (const char* top : {"models", "platforms"}) {
    for (const auto& entry : fs::recursive_directory_iterator(root / top)) {
      const std::string extension = entry.path().extension().string();
      if (!entry.is_regular_file() || (extension != ".h" && extension != ".cpp")) continue;
      ++files;
      const std::string relative = fs::relative(entry.path(), root).generic_string();
      const auto allowed = kAllowed.find(relative);
      std::ifstream in(entry.path());
      std::string line;
      for (int number = 1; std::getline(in, line); ++number) {
        if (is_comment(line)) continue;
        for (const std::string& call : kKernelCalls) {
          if (line.find(call) == std::string::npos) continue;
          if (allowed != kAllowed.end() && allowed->second.count(call) != 0) continue;
          violations.push_back(relative + ":" + std::to_string(number) + ": " + call + " (use sim_now(), "
                               "stop_simulation(), pause_simulation(), run_kernel() or a loop entry)");
        }
      }
    }
  }
  EXPECT_GT(files, 100u);
  for (const std::string& violation : violations) ADD_FAILURE() << violation;
}

}  // namespace
