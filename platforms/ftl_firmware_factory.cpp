#include "platforms/ftl_firmware_factory.h"

#include "models/ftl/ftl_cpu.h"
#include "models/ftl/multi_reference_cpu.h"

namespace ssdtlm {

std::unique_ptr<FtlFirmware> make_ftl_firmware(const SsdConfig& config, FtlCore& core, DataOracle* oracle) {
  switch (config.ftl_mode) {
    case SsdConfig::FtlMode::Mjolnir:
      // Its namespace (config.mjolnir.namespace_pages) holds the snapshot slots too.
      return std::make_unique<MultiReferenceCpu>("ftl", config.ftl_cpu, config.mjolnir, config.geometry, config.data_mode);
    case SsdConfig::FtlMode::Page:
      break;
  }
  return std::make_unique<FtlCpu>("ftl", config.ftl_cpu, core, oracle);
}

}  // namespace ssdtlm
