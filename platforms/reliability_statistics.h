#pragma once
// The "reliability" section of stats.json (docs/reliability.md, "NAND faults and wear
// leveling"): fault-model outcomes of the controller and the FTL, bad blocks, end of life and
// static wear leveling. Present only when a NAND fault or wear leveling is configured, so
// stats.json of other runs is unchanged.
#include <nlohmann/json.hpp>

#include "models/controller/flash_controller.h"
#include "models/nand/nand_dies.h"
#include "models/ftl/core/ftl_core.h"
#include "models/ftl/firmware/ftl_firmware.h"
#include "models/host/host_interface.h"

namespace ssdtlm {

nlohmann::json reliability_statistics(const FlashController& controller, const NandDies& dies, const FtlCore& core, const FtlFirmware& ftl,
                                      const HostInterface& host_interface, std::uint64_t factory_bad_blocks);

}  // namespace ssdtlm
