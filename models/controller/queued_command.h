#pragma once
// A command waiting in a die queue of FlashController (the queue itself: die_queue.h).
#include <cstdint>

#include <tlm>

#include "models/common/flash_command.h"

namespace ssdtlm {

struct QueuedCommand {
  tlm::tlm_generic_payload* payload = nullptr;  // the FTL's transaction
  FlashCommand* command = nullptr;              // its extension (single-plane)
  std::uint64_t sequence = 0;                   // arrival order over the whole controller
};

}  // namespace ssdtlm
