#pragma once
// The ordering rule every reordering in the controller obeys (read-first scheduling and
// multi-plane merging alike): a later command may run before an earlier one only if both are
// reads or they touch different blocks. So a read never passes a program or erase of its
// block, an erase never passes a read of its block, and programs of a block stay in order.
#include "models/common/flash_command.h"
#include "models/controller/command_key.h"

namespace ssdtlm {

// Read and CacheRead: commands that only read the array.
bool is_read(FlashOpcode opcode);

// True if `later` may be executed before `earlier` (both single-plane commands of one die).
bool may_overtake(const CommandKey& later, const CommandKey& earlier);
inline bool may_overtake(const FlashCommand& later, const FlashCommand& earlier) {
  return may_overtake(key_of(later), key_of(earlier));
}

}  // namespace ssdtlm
