#pragma once
// Completed FTL flash commands by kind and origin (host / GC / other). Cache reads count as
// reads, cache programs as programs; a copyback moves one page without a read or program
// command on the bus and counts only here.
#include <array>
#include <cstdint>
#include <iterator>

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
    // A table instead of a switch: one indexed load per completed command.
    static constexpr ByOrigin FlashOpCounts::*kCounterOf[] = {
        &FlashOpCounts::reads,    // Read
        &FlashOpCounts::reads,    // CacheRead
        &FlashOpCounts::programs, // Program
        &FlashOpCounts::programs, // CacheProgram
        &FlashOpCounts::erases,   // Erase
        &FlashOpCounts::copybacks,// Copyback
        &FlashOpCounts::status_reads,  // ReadStatus
    };
    static_assert(std::size(kCounterOf) == static_cast<std::size_t>(FlashOpcode::ReadStatus) + 1);
    ++(this->*kCounterOf[static_cast<std::size_t>(opcode)])[static_cast<std::size_t>(origin)];
  }
  static std::uint64_t total(const ByOrigin& counts) {
    std::uint64_t sum = 0;
    for (std::uint64_t count : counts) sum += count;
    return sum;
  }
};

}  // namespace ssdtlm
