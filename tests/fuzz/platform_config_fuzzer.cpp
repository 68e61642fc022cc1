// libFuzzer target for the SSD platform configuration loader: the input is a platform JSON
// file, read, validated against the schema, resolved into the runtime structs, and its
// workload section read as the run command does. Bad documents must end in ConfigError (the
// CLI's exit code 2 with file and key named), never in another exception, a crash or a hang.
#include <cstddef>
#include <cstdint>

#include "models/common/config/config_error.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/ssd_config.h"
#include "tests/fuzz/fuzz_input_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static ssdtlm::fuzz::FuzzInputFile file(".json");
  const std::string& path = file.write(data, size);
  try {
    const nlohmann::json effective = ssdtlm::load_platform_document(path, {});
    const ssdtlm::SsdConfig config = ssdtlm::resolve_ssd_config(effective, path);
    if (effective.contains("workload") && !effective["workload"].empty()) {
      (void)ssdtlm::workload_from_json(effective["workload"], "workload");
    }
    (void)config.effective.dump();
  } catch (const ssdtlm::ConfigError&) {
    // The wanted outcome for a bad document.
  }
  return 0;
}
