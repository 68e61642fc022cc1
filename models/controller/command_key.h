#pragma once
// CommandKey: the fields of a single-plane FlashCommand that the ordering rule
// (command_hazard.h) and the multi-plane merger (multi_plane_merge.h) look at. DieQueue keeps
// one per queued command in a contiguous array, so that scanning a long queue reads
// sequential memory instead of following a pointer (a cache miss) per command: with every
// plane collecting garbage a die queue holds hundreds of commands, scanned at every dispatch.
#include <cstdint>

#include "models/common/flash_command.h"

namespace ssdtlm {

struct CommandKey {
  FlashOpcode opcode = FlashOpcode::Read;
  std::uint32_t plane = 0;
  std::uint32_t block = 0;  // block_in_plane
  std::uint32_t page = 0;
  std::uint32_t dest_block = 0;  // copyback only
  std::uint32_t dest_page = 0;   // copyback only
};

inline CommandKey key_of(const FlashCommand& command) {
  const PlaneTarget& target = command.targets[0];
  return {command.opcode, target.plane, target.block_in_plane, target.page, target.dest_block_in_plane,
          target.dest_page};
}

}  // namespace ssdtlm
