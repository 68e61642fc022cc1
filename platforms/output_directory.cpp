#include "platforms/output_directory.h"

#include <system_error>

#include "models/common/config/config_error.h"

namespace ssdtlm {
namespace {

// Every file `run` and `raid` may write into their output directory: what `force` clears, so
// that no file of an earlier run (a requests.csv the new run does not write, say) is left
// beside the new results.
const char* const kRunOutputFiles[] = {"stats.json", "timeline.csv",     "requests.csv", "effective-config.json",
                                       "wall.json",  "member_trace.csv", "stats.vcd",    "report.html"};

}  // namespace

void claim_output_directory(const std::filesystem::path& out_dir, bool force, const std::string& out_option,
                            const std::string& force_option) {
  const std::string where = out_option + " " + out_dir.string();
  std::error_code error;
  if (std::filesystem::exists(out_dir, error) && !std::filesystem::is_directory(out_dir, error)) {
    throw config_error(where, "exists and is not a directory");
  }
  if (force) {
    for (const char* name : kRunOutputFiles) {
      std::filesystem::remove(out_dir / name, error);
      if (error) throw config_error((out_dir / name).string(), "cannot remove (" + force_option + "): " + error.message());
    }
  } else if (std::filesystem::is_directory(out_dir, error) && !std::filesystem::is_empty(out_dir, error)) {
    throw config_error(where, "directory is not empty: its files would mix with this run's; choose another "
                              "directory, or give " + force_option + " to replace the files ssdtlm writes");
  }
  std::filesystem::create_directories(out_dir, error);
  if (error) throw config_error(where, "cannot create directory: " + error.message());
}

}  // namespace ssdtlm
