#pragma once
// FrontierAllocator: the BlockAllocator of the page-mapped FTL. Each allocation unit (plane)
// has a ring of free blocks and the write frontiers its FrontierLayout asks for (single,
// double, hot-cold); the layout also picks the host frontier of each write.
//
// `final` with the per-page accessors inline: FtlCore holds it by value, so frontier() and
// next_free_slot() on the write path are plain loads, not virtual calls.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <vector>

#include "models/ftl/core/block_allocator.h"
#include "models/ftl/core/block_table.h"
#include "models/ftl/core/free_block_ring.h"
#include "models/ftl/core/frontier_layout.h"

namespace ssdtlm {

// An open block being programmed in page order, or reopened with holes after an in-place
// collection that kept the surviving pages at their offsets.
struct WriteFrontier {
  BlockId block = kInvalidBlock;  // kInvalidBlock: starved (full, no free block)
  std::uint32_t next_page = 0;    // next slot to program
  std::uint32_t room = 0;         // slots left to program (0 when starved)
  bool starved = false;
  bool has_holes = false;               // reopened in place with pages kept at their offsets
  std::vector<std::uint64_t> occupied;  // has_holes: slots programmed before the reopen
};

class FrontierAllocator final : public BlockAllocator {
 public:
  // `units` units, each with the layout's frontiers (none open yet) and an empty free pool
  // sized for `blocks_per_unit` blocks. Dynamic wear leveling takes the least-worn free block
  // instead of the oldest erased one.
  void init(std::unique_ptr<FrontierLayout> layout, BlockTable* blocks, std::uint32_t units,
            std::uint32_t blocks_per_unit, bool dynamic_wear_leveling);

  std::uint32_t frontiers_per_unit() const override { return frontiers_per_unit_; }
  std::uint32_t host_frontiers() const override { return host_frontiers_; }
  std::uint32_t gc_frontier() const override { return gc_frontier_; }
  std::uint32_t host_frontier_for(Lpn lpn) override { return layout_->host_frontier_for(lpn); }

  std::uint32_t free_blocks(UnitId unit) const override {
    return static_cast<std::uint32_t>(units_[unit].free_blocks.size());
  }
  BlockId take_free_block(UnitId unit) override;
  void give_block(UnitId unit, BlockId block) override;

  void open_block(UnitId unit, std::uint32_t frontier, BlockId block) override;
  void close_frontier(UnitId unit, std::uint32_t frontier) override {
    WriteFrontier& open = units_[unit].frontiers[frontier];
    open.block = kInvalidBlock;
    open.next_page = 0;
    open.room = 0;
    open.has_holes = false;
  }
  void starve(UnitId unit, std::uint32_t frontier) override {
    WriteFrontier& open = units_[unit].frontiers[frontier];
    if (open.starved) return;
    open.starved = true;
    if (frontier < host_frontiers_) ++units_[unit].starved_host_frontiers;
  }
  std::uint32_t starved_host_frontiers(UnitId unit) const override { return units_[unit].starved_host_frontiers; }
  BlockId frontier_block(UnitId unit, std::uint32_t frontier) const override {
    return units_[unit].frontiers[frontier].block;
  }
  std::uint32_t frontier_room(UnitId unit, std::uint32_t frontier) const override {
    return units_[unit].frontiers[frontier].room;
  }
  std::uint32_t open_frontier(UnitId unit) const override {
    const std::vector<WriteFrontier>& frontiers = units_[unit].frontiers;
    std::uint32_t frontier = 0;
    while (frontier < frontiers.size() && frontiers[frontier].block == kInvalidBlock) ++frontier;
    return frontier;
  }
  std::uint64_t bytes() const override;

  // ---- the concrete state, for FtlCore's write path, restore and consistency check
  WriteFrontier& frontier(UnitId unit, std::uint32_t frontier) { return units_[unit].frontiers[frontier]; }
  const std::vector<WriteFrontier>& frontiers(UnitId unit) const { return units_[unit].frontiers; }
  const FreeBlockRing& free_pool(UnitId unit) const { return units_[unit].free_blocks; }
  // The first slot at or after `from` that a frontier reopened with holes has not programmed
  // (pages_per_block when none is left).
  std::uint32_t next_free_slot(const WriteFrontier& open, std::uint32_t from) const {
    for (std::uint32_t w = from / 64; w < words_per_block_; ++w) {
      std::uint64_t free = ~open.occupied[w];
      if (w == from / 64) free &= ~0ull << (from % 64);
      if (free != 0) return std::min(pages_per_block_, w * 64 + static_cast<std::uint32_t>(__builtin_ctzll(free)));
    }
    return pages_per_block_;
  }
  // Every frontier of the unit closed and not starved, its free pool empty (a power-loss
  // restore rebuilds them).
  void clear_unit(UnitId unit);
  FrontierLayout& layout() { return *layout_; }
  const FrontierLayout& layout() const { return *layout_; }

 private:
  struct UnitFrontiers {
    std::vector<WriteFrontier> frontiers;  // host frontiers, then the GC frontier if separate
    FreeBlockRing free_blocks;
    std::uint32_t starved_host_frontiers = 0;
  };

  std::unique_ptr<FrontierLayout> layout_;
  BlockTable* blocks_ = nullptr;
  std::vector<UnitFrontiers> units_;
  std::uint32_t blocks_per_unit_ = 0;
  std::uint32_t pages_per_block_ = 0;
  std::uint32_t words_per_block_ = 0;
  std::uint32_t host_frontiers_ = 1;
  std::uint32_t gc_frontier_ = 0;
  std::uint32_t frontiers_per_unit_ = 1;
  bool dynamic_wear_leveling_ = false;
};

}  // namespace ssdtlm
