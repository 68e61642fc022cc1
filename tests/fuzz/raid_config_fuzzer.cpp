// libFuzzer target for the RAID platform configuration loader: the input is a RAID JSON
// document, completed (member SSD document resolved, defaults filled) and resolved into the
// RaidConfig of every member. As for the SSD loader, only ConfigError may come out.
#include <cstddef>
#include <cstdint>

#include "models/common/config/config_error.h"
#include "platforms/raid_config.h"
#include "tests/fuzz/fuzz_input_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static ssdtlm::fuzz::FuzzInputFile file(".json");
  const std::string& path = file.write(data, size);
  try {
    const nlohmann::json effective = ssdtlm::load_raid_document(path, {});
    const ssdtlm::RaidConfig config = ssdtlm::resolve_raid_config(effective, path);
    (void)config.effective.dump();
  } catch (const ssdtlm::ConfigError&) {
    // The wanted outcome for a bad document.
  }
  return 0;
}
