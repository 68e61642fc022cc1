#pragma once
// Physical organisation of the flash array and the address arithmetic every model shares.
//
// Die numbering interleaves channels: die d sits on channel (d % channels), so consecutive die
// ids land on different channels and round-robin striping over dies spreads bus load first.
// Blocks are numbered globally: block = die * blocks_per_die + plane * blocks_per_plane + index.
// Pages: ppn = block * pages_per_block + page. 32-bit ids cover 16 TiB of 4 KiB pages, which keeps
// the FTL's per-page state small (docs/performance.md, "Memory").
#include <cstdint>
#include <limits>

namespace ssdtlm {

using Lpn = std::uint32_t;      // logical page number
using Ppn = std::uint32_t;      // physical page number (global)
using BlockId = std::uint32_t;  // global block id
using DieId = std::uint32_t;

inline constexpr Lpn kInvalidLpn = std::numeric_limits<Lpn>::max();
inline constexpr Ppn kInvalidPpn = std::numeric_limits<Ppn>::max();
inline constexpr BlockId kInvalidBlock = std::numeric_limits<BlockId>::max();

// Where a physical page is: its die, the plane in the die, the block in the plane and the page
// in the block (FlashGeometry::address_of_page).
struct PageAddress {
  DieId die;
  std::uint32_t plane;
  std::uint32_t block_in_plane;
  std::uint32_t page;
};

struct FlashGeometry {
  std::uint32_t channels = 1;
  std::uint32_t dies_per_channel = 1;  // chips per channel x dies per chip
  std::uint32_t planes_per_die = 1;
  std::uint32_t blocks_per_plane = 1;
  std::uint32_t pages_per_block = 1;
  std::uint32_t page_size_bytes = 4096;
  std::uint32_t spare_bytes_per_page = 0;

  std::uint32_t dies() const { return channels * dies_per_channel; }
  std::uint32_t blocks_per_die() const { return planes_per_die * blocks_per_plane; }
  std::uint64_t total_blocks() const { return std::uint64_t(dies()) * blocks_per_die(); }
  std::uint64_t total_pages() const { return total_blocks() * pages_per_block; }
  std::uint64_t total_bytes() const { return total_pages() * page_size_bytes; }

  std::uint32_t channel_of_die(DieId die) const { return die % channels; }
  DieId die_of_block(BlockId block) const { return block / blocks_per_die(); }
  std::uint32_t plane_of_block(BlockId block) const {
    return (block % blocks_per_die()) / blocks_per_plane;
  }
  std::uint32_t index_in_plane(BlockId block) const { return block % blocks_per_plane; }
  BlockId block_of_page(Ppn ppn) const { return ppn / pages_per_block; }
  std::uint32_t page_in_block(Ppn ppn) const { return ppn % pages_per_block; }
  DieId die_of_page(Ppn ppn) const { return die_of_block(block_of_page(ppn)); }
  BlockId block_id(DieId die, std::uint32_t plane, std::uint32_t index) const {
    return die * blocks_per_die() + plane * blocks_per_plane + index;
  }
  Ppn page_id(BlockId block, std::uint32_t page) const { return block * pages_per_block + page; }
  // All four fields at once, for a command's target (once per flash command): three divisions,
  // each quotient with its remainder, where the single-field functions above take five. A block's
  // index in its plane is its index in its die modulo blocks_per_plane (a die holds whole
  // planes), so the fields are those functions' values for any geometry.
  PageAddress address_of_page(Ppn ppn) const {
    const BlockId block = ppn / pages_per_block;
    const std::uint32_t block_in_die = block % blocks_per_die();
    return {block / blocks_per_die(), block_in_die / blocks_per_plane, block_in_die % blocks_per_plane,
            ppn % pages_per_block};
  }
};

// Why a flash operation happens; statistics split every flash counter by it.
enum class OpOrigin : std::uint8_t { Host = 0, Gc = 1, Other = 2 };
inline constexpr int kOpOriginCount = 3;
inline const char* to_string(OpOrigin origin) {
  switch (origin) {
    case OpOrigin::Host: return "host";
    case OpOrigin::Gc: return "gc";
    default: return "other";
  }
}

}  // namespace ssdtlm
