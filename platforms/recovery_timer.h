#pragma once
// time_recovery_reads: how long the flash reads of a power-loss recovery take on the real
// controller. The reads run on a scratch copy of the platform's flash subsystem (the same
// FlashController, channel buses and dies, in a SystemC kernel context of their own, so a
// paused session is not disturbed): each phase's reads are all queued at once, dies work in
// parallel and share their channels as usual, and a phase starts when the previous one's last
// read has completed (its results decide what the next phase reads). An OOB read moves
// `oob_read_bytes` over the channel, a checkpoint page a whole page.
#include <cstdint>
#include <vector>

#include "models/controller/flash_controller_config.h"
#include "models/ftl/recovery/map_rebuild.h"
#include "models/nand/nand_timing.h"
#include "models/controller/channel_bus.h"

namespace ssdtlm {

struct RecoveryTiming {
  std::uint64_t time_ps = 0;                // from the first read to the last completion
  std::vector<std::uint64_t> phase_end_ps;  // per phase
};

RecoveryTiming time_recovery_reads(const FlashGeometry& geometry, const NandTiming& nand, const ChannelBusTiming& bus,
                                   FlashControllerConfig controller,
                                   const std::vector<std::vector<RecoveryRead>>& phases,
                                   std::uint32_t oob_read_bytes);

}  // namespace ssdtlm
