#include "models/controller/command_hazard.h"

namespace ssdtlm {

namespace {

struct BlockRef {
  std::uint32_t plane;
  std::uint32_t block;
  bool operator==(const BlockRef& other) const {
    return plane == other.plane && block == other.block;
  }
};

// The blocks a command reads or changes: up to two (copyback: source and destination).
int touched_blocks(const CommandKey& command, BlockRef (&blocks)[2]) {
  if (command.opcode == FlashOpcode::ReadStatus) return 0;
  blocks[0] = {command.plane, command.block};
  if (command.opcode != FlashOpcode::Copyback) return 1;
  blocks[1] = {command.plane, command.dest_block};
  return 2;
}

}  // namespace

bool is_read(FlashOpcode opcode) {
  return opcode == FlashOpcode::Read || opcode == FlashOpcode::CacheRead;
}

bool may_overtake(const CommandKey& later, const CommandKey& earlier) {
  if (is_read(later.opcode) && is_read(earlier.opcode)) return true;
  BlockRef later_blocks[2];
  BlockRef earlier_blocks[2];
  const int later_count = touched_blocks(later, later_blocks);
  const int earlier_count = touched_blocks(earlier, earlier_blocks);
  for (int i = 0; i < later_count; ++i) {
    for (int j = 0; j < earlier_count; ++j) {
      if (later_blocks[i] == earlier_blocks[j]) return false;
    }
  }
  return true;
}

}  // namespace ssdtlm
