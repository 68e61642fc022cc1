#pragma once
// BlockAllocator: where the FTL writes. Per allocation unit (one plane) it keeps the pool of
// free blocks and the open write frontiers (the blocks being programmed, one per stream of
// writes the placement separates), and decides which frontier a host write goes to.
// FrontierAllocator (frontier_allocator.h) is today's implementation: the frontier layouts of
// frontier_layout.h over per-plane free pools. Write streams, zones or SLC regions are other
// placements behind the same interface.
//
// The allocator only places: when a frontier fills, runs dry or fails, the FTL core decides
// what follows (sealing the block, starting GC, handing it a collected victim). FtlCore holds
// the concrete implementation by value and calls it directly on the per-page path.
#include <cstdint>

#include "models/common/flash_geometry.h"
#include "models/ftl/gc/block_view.h"

namespace ssdtlm {

class BlockAllocator {
 public:
  virtual ~BlockAllocator() = default;
  // Frontiers per unit: the host frontiers 0 .. host_frontiers() - 1, then GC's own if any.
  virtual std::uint32_t frontiers_per_unit() const = 0;
  virtual std::uint32_t host_frontiers() const = 0;
  // The frontier GC writes go to (a host frontier when GC shares it).
  virtual std::uint32_t gc_frontier() const = 0;
  // The host frontier that takes a write of lpn (the placement may record the write).
  virtual std::uint32_t host_frontier_for(Lpn lpn) = 0;

  virtual std::uint32_t free_blocks(UnitId unit) const = 0;
  // A free block of the unit, removed from the pool; kInvalidBlock when the pool is empty.
  virtual BlockId take_free_block(UnitId unit) = 0;
  // An erased block goes to a starved frontier of the unit if one waits (host frontiers first);
  // else it joins the free pool.
  virtual void give_block(UnitId unit, BlockId block) = 0;

  // The frontier writes `block` from its first page.
  virtual void open_block(UnitId unit, std::uint32_t frontier, BlockId block) = 0;
  // The frontier leaves its block (full, or a failed program) and has none until it is given
  // one (open_block) or marked starved.
  virtual void close_frontier(UnitId unit, std::uint32_t frontier) = 0;
  // The frontier needs a block and none is free: it waits for GC.
  virtual void starve(UnitId unit, std::uint32_t frontier) = 0;
  virtual std::uint32_t starved_host_frontiers(UnitId unit) const = 0;
  // The frontier's block (kInvalidBlock when it has none) and the pages left in it.
  virtual BlockId frontier_block(UnitId unit, std::uint32_t frontier) const = 0;
  virtual std::uint32_t frontier_room(UnitId unit, std::uint32_t frontier) const = 0;
  // An open frontier of the unit, or frontiers_per_unit() when none has a block.
  virtual std::uint32_t open_frontier(UnitId unit) const = 0;
  // Heap bytes of the allocator's state.
  virtual std::uint64_t bytes() const = 0;
};

}  // namespace ssdtlm
