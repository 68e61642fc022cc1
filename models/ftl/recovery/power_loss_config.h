#pragma once
// Resolved parameters of the sudden-power-loss model (power.* keys, docs/reliability.md).
#include <cstdint>

namespace ssdtlm {

struct PowerLossConfig {
  bool enabled = false;  // OOB metadata, checkpoints and the recovery model exist only when true
  // A map checkpoint is started after this many host page writes (0: no checkpoints; the
  // recovery then scans every programmed page).
  std::uint64_t checkpoint_interval_pages = 0;
  // `ssdtlm run`: cut the power at this simulated time (0: never); the run ends there and
  // stats.json reports the recovery.
  std::uint64_t loss_at_ps = 0;
  // Bytes moved over the channel by one OOB metadata read (the entry of oob_metadata.h).
  std::uint32_t oob_read_bytes = 8;
};

}  // namespace ssdtlm
