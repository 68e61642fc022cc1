#pragma once
// What FlashController tells an observer of its activity (the VCD writer of stats.vcd): that
// a die's state, its command queue or its channel's bus may have changed, at the simulated
// time of the change (sim_now_ps()). The observer reads the new state through the controller's
// queries (die_activity, queued_commands, channel_holder) and keeps what actually changed.
#include <cstdint>

#include "models/common/flash_geometry.h"

namespace ssdtlm {

// What a die is doing, as one value (its encoding is stats.vcd's, docs/configuration.md).
enum class DieActivity : std::uint8_t {
  Idle = 0,       // no operation
  Waiting = 1,    // an operation waits for the channel's bus or a die register
  Transfer = 2,   // an operation holds the channel's bus (command, address or data cycles)
  Read = 3,       // array read (tR), or a cache register move of a read
  Program = 4,    // array program (tPROG), or a cache register move of a program
  Erase = 5,      // array erase (tBERS)
  Copyback = 6,   // copyback's internal read and program
  Suspended = 7,  // a program or erase is suspended (or suspending, resuming) and nothing else runs
};
inline constexpr std::uint32_t kDieActivityBits = 3;

class FlashActivityObserver {
 public:
  virtual ~FlashActivityObserver() = default;
  virtual void die_changed(DieId die) = 0;
};

}  // namespace ssdtlm
