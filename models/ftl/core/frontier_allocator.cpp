// FrontierAllocator: free pools and frontier mechanics (the per-page parts are inline in the
// header).
#include "models/ftl/core/frontier_allocator.h"

#include <utility>

namespace ssdtlm {

void FrontierAllocator::init(std::unique_ptr<FrontierLayout> layout, BlockTable* blocks, std::uint32_t units,
                             std::uint32_t blocks_per_unit, bool dynamic_wear_leveling) {
  layout_ = std::move(layout);
  blocks_ = blocks;
  blocks_per_unit_ = blocks_per_unit;
  pages_per_block_ = blocks->pages_per_block();
  words_per_block_ = blocks->words_per_block();
  dynamic_wear_leveling_ = dynamic_wear_leveling;
  host_frontiers_ = layout_->host_frontiers();
  frontiers_per_unit_ = host_frontiers_ + (layout_->separate_gc_frontier() ? 1 : 0);
  gc_frontier_ = layout_->separate_gc_frontier() ? host_frontiers_ : 0;
  units_.assign(units, UnitFrontiers{});
  for (UnitFrontiers& unit : units_) {
    unit.frontiers.resize(frontiers_per_unit_);
    for (WriteFrontier& open : unit.frontiers) open.occupied.assign(words_per_block_, 0);
    unit.free_blocks.reserve(blocks_per_unit_);
  }
}

BlockId FrontierAllocator::take_free_block(UnitId unit) {
  FreeBlockRing& pool = units_[unit].free_blocks;
  if (pool.empty()) return kInvalidBlock;
  if (!dynamic_wear_leveling_) return pool.pop();  // the oldest erased
  return pool.pop_least([this](BlockId block) { return blocks_->erase_count(block); });
}

void FrontierAllocator::open_block(UnitId unit, std::uint32_t frontier, BlockId block) {
  UnitFrontiers& state = units_[unit];
  WriteFrontier& open = state.frontiers[frontier];
  if (open.starved) {
    open.starved = false;
    if (frontier < host_frontiers_) --state.starved_host_frontiers;
  }
  open.block = block;
  open.next_page = 0;
  open.room = pages_per_block_;
  open.has_holes = false;
  blocks_->set_state(block, BlockState::Open);
  blocks_->set_data_stamp(block, 0);
}

void FrontierAllocator::give_block(UnitId unit, BlockId block) {
  UnitFrontiers& state = units_[unit];
  // A starved host frontier first: GC ran to give the host room (the victim becomes the new
  // host frontier's block); then a starved GC frontier; else the pool.
  for (std::uint32_t f = 0; f < state.frontiers.size(); ++f) {
    if (state.frontiers[f].starved) {
      open_block(unit, f, block);
      return;
    }
  }
  blocks_->set_state(block, BlockState::Free);
  state.free_blocks.push(block);
}

void FrontierAllocator::clear_unit(UnitId unit) {
  UnitFrontiers& state = units_[unit];
  state.free_blocks = FreeBlockRing{};  // empty, head and tail at 0
  state.free_blocks.reserve(blocks_per_unit_);
  state.starved_host_frontiers = 0;
  for (WriteFrontier& open : state.frontiers) {
    open.block = kInvalidBlock;
    open.next_page = 0;
    open.room = 0;
    open.starved = false;
    open.has_holes = false;
  }
}

std::uint64_t FrontierAllocator::bytes() const {
  // The free rings (one slot more than the unit's blocks each) and the layout's own state.
  return layout_->bytes() + std::uint64_t(units_.size()) * (blocks_per_unit_ + 1) * sizeof(BlockId);
}

}  // namespace ssdtlm
