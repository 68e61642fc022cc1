#pragma once
// A command waiting in a die queue of FlashController, and the queue itself (oldest first).
#include <cstdint>
#include <vector>

#include <tlm>

#include "models/common/flash_command.h"

namespace ssdtlm {

struct QueuedCommand {
  tlm::tlm_generic_payload* payload = nullptr;  // the FTL's transaction
  FlashCommand* command = nullptr;              // its extension (single-plane)
  std::uint64_t sequence = 0;                   // arrival order over the whole controller
};

using DieQueue = std::vector<QueuedCommand>;

}  // namespace ssdtlm
