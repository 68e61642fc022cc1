#pragma once
// Builders for the single-plane commands an FTL sends to FlashController.
#include <cstdint>

#include "models/common/flash_command.h"

namespace ssdtlm::testing {

inline FlashCommand flash_command(FlashOpcode opcode, DieId die, std::uint32_t plane,
                                  std::uint32_t block, std::uint32_t page = 0,
                                  std::uint64_t tag = 0, OpOrigin origin = OpOrigin::Host) {
  FlashCommand command;
  command.opcode = opcode;
  command.origin = origin;
  command.die = die;
  command.targets[0].plane = plane;
  command.targets[0].block_in_plane = block;
  command.targets[0].page = page;
  command.targets[0].data_tag = tag;
  return command;
}

inline FlashCommand read_command(DieId die, std::uint32_t plane, std::uint32_t block,
                                 std::uint32_t page, OpOrigin origin = OpOrigin::Host) {
  return flash_command(FlashOpcode::Read, die, plane, block, page, 0, origin);
}

inline FlashCommand program_command(DieId die, std::uint32_t plane, std::uint32_t block,
                                    std::uint32_t page, std::uint64_t tag = 0,
                                    OpOrigin origin = OpOrigin::Host) {
  return flash_command(FlashOpcode::Program, die, plane, block, page, tag, origin);
}

inline FlashCommand erase_command(DieId die, std::uint32_t plane, std::uint32_t block,
                                  OpOrigin origin = OpOrigin::Host) {
  return flash_command(FlashOpcode::Erase, die, plane, block, 0, 0, origin);
}

inline FlashCommand copyback_command(DieId die, std::uint32_t plane, std::uint32_t block,
                                     std::uint32_t page, std::uint32_t dest_block,
                                     std::uint32_t dest_page, OpOrigin origin = OpOrigin::Gc) {
  FlashCommand command = flash_command(FlashOpcode::Copyback, die, plane, block, page, 0, origin);
  command.targets[0].dest_block_in_plane = dest_block;
  command.targets[0].dest_page = dest_page;
  return command;
}

}  // namespace ssdtlm::testing
