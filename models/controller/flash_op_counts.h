#pragma once
// Completed FTL flash commands by kind and origin (host / GC / other). Cache reads count as
// reads, cache programs as programs; a copyback moves one page without a read or program
// command on the bus and counts only here.
#include <array>
#include <cstdint>

#include "models/common/flash_command.h"
#include "models/common/flash_geometry.h"

namespace ssdtlm {

struct FlashOpCounts {
  using ByOrigin = std::array<std::uint64_t, kOpOriginCount>;
  ByOrigin reads{};
  ByOrigin programs{};
  ByOrigin erases{};
  ByOrigin copybacks{};
  ByOrigin status_reads{};

  void count(FlashOpcode opcode, OpOrigin origin) {
    const auto index = static_cast<std::size_t>(origin);
    switch (opcode) {
      case FlashOpcode::Read:
      case FlashOpcode::CacheRead: ++reads[index]; break;
      case FlashOpcode::Program:
      case FlashOpcode::CacheProgram: ++programs[index]; break;
      case FlashOpcode::Erase: ++erases[index]; break;
      case FlashOpcode::Copyback: ++copybacks[index]; break;
      case FlashOpcode::ReadStatus: ++status_reads[index]; break;
    }
  }
  static std::uint64_t total(const ByOrigin& counts) {
    std::uint64_t sum = 0;
    for (std::uint64_t count : counts) sum += count;
    return sum;
  }
};

}  // namespace ssdtlm
