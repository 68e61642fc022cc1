#pragma once
// The FTL firmware a platform runs, chosen by ftl.mode (SsdConfig::ftl_mode): `page`, the
// page-mapped FTL (FtlCpu around the platform's FtlCore); `mjolnir`, the multi-reference store
// (MultiReferenceCpu, docs/mjolnir.md). The platform binds its sockets and uses it as FtlFirmware only.
#include <memory>

#include "models/common/data_oracle.h"
#include "models/ftl/core/ftl_core.h"
#include "models/ftl/firmware/ftl_firmware.h"
#include "platforms/ssd_config.h"

namespace ssdtlm {

// A module named "ftl" in the module being constructed. `core` and `oracle` (null outside data
// mode) stay the platform's; an FTL with a map of its own leaves them alone.
std::unique_ptr<FtlFirmware> make_ftl_firmware(const SsdConfig& config, FtlCore& core, DataOracle* oracle);

}  // namespace ssdtlm
