#include "models/nand/nand_array_time.h"

#include <algorithm>

namespace ssdtlm {

ArrayPhases array_phases(const NandTiming& timing, const FlashCommand& command) {
  ArrayPhases phases;
  std::uint64_t max_read_ns = 0;
  std::uint64_t max_program_ns = 0;
  std::uint64_t max_copy_program_ns = 0;
  for (int i = 0; i < command.plane_count; ++i) {
    const PlaneTarget& target = command.targets[i];
    max_read_ns = std::max(max_read_ns, timing.read_time_ns(target.page));
    max_program_ns = std::max(max_program_ns, timing.program_time_ns(target.page));
    max_copy_program_ns = std::max(max_copy_program_ns, timing.program_time_ns(target.dest_page));
  }
  switch (command.opcode) {
    case FlashOpcode::Read:
    case FlashOpcode::CacheRead: phases.first_ps = max_read_ns * 1000; break;
    case FlashOpcode::Program:
    case FlashOpcode::CacheProgram: phases.first_ps = max_program_ns * 1000; break;
    case FlashOpcode::Erase: phases.first_ps = timing.erase_ns * 1000; break;
    case FlashOpcode::Copyback:
      phases.first_ps = max_read_ns * 1000;
      phases.second_ps = max_copy_program_ns * 1000;
      break;
    case FlashOpcode::ReadStatus: break;
  }
  return phases;
}

PageArrayTimes::PageArrayTimes(const NandTiming& timing, std::uint32_t pages_per_block)
    : erase_ps_(timing.erase_ns * 1000) {
  by_page_.reserve(pages_per_block);
  for (std::uint32_t page = 0; page < pages_per_block; ++page) {
    by_page_.push_back({timing.read_time_ns(page) * 1000, timing.program_time_ns(page) * 1000});
  }
}

}  // namespace ssdtlm
