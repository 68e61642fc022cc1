#pragma once
// Array (die-internal) time of a die-level flash command, in two phases because a copyback has
// a bus command phase between its read (tR) and its program (tPROG). NandDie charges the sum;
// FlashController needs the split to place the copyback's second command phase.
#include <cstdint>

#include "models/common/flash_command.h"
#include "models/nand/nand_timing.h"

namespace ssdtlm {

struct ArrayPhases {
  std::uint64_t first_ps = 0;   // read / program / erase / copyback's read
  std::uint64_t second_ps = 0;  // copyback's program, else 0
  std::uint64_t total_ps() const { return first_ps + second_ps; }
};

// Multi-plane commands run their planes in parallel: each phase is the maximum over the
// targets (page types differ between planes when page indices do).
ArrayPhases array_phases(const NandTiming& timing, const FlashCommand& command);

}  // namespace ssdtlm
