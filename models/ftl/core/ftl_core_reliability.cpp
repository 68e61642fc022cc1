// FtlCore and NAND faults (docs/reliability.md, "NAND faults and wear leveling"): factory bad
// blocks kept out of the free pools, grown bad blocks retired after their data is moved, the
// end-of-life test, and static wear leveling. Dynamic wear leveling is take_free_block().
#include <algorithm>
#include <string>

#include "models/common/config/config_error.h"
#include "models/ftl/core/ftl_core.h"

namespace ssdtlm {

void FtlCore::mark_factory_bad_blocks() {
  for (const BlockId block : config_.factory_bad_blocks) {
    if (block >= blocks_.blocks()) {
      throw config_error(config_.bad_blocks_key, "bad block " + std::to_string(block) + " beyond the device's " +
                                                     std::to_string(blocks_.blocks()) + " blocks");
    }
    blocks_.set_state(block, BlockState::Retired);
  }
}

void FtlCore::update_fill_limit(UnitId unit) {
  const std::uint32_t good = unit_state_[unit].good_blocks;
  unit_fill_limit_[unit] = std::uint64_t(good - std::min(good, allocator_.frontiers_per_unit() + 1)) * pages_per_block_;
}

namespace {

// Good blocks the logical space may use: a plane keeps its frontiers, one block to collect
// into and its GC reserve (the high watermark) out of it.
std::uint64_t usable_blocks(std::uint32_t good, std::uint32_t frontiers, std::uint32_t reserve) {
  const std::uint32_t kept = frontiers + 1 + reserve;
  return good > kept ? good - kept : 0;
}

}  // namespace

void FtlCore::check_good_capacity() const {
  if (config_.factory_bad_blocks.empty()) return;
  std::uint64_t usable = 0;
  for (UnitId unit = 0; unit < unit_count_; ++unit) {
    const std::uint32_t good = unit_state_[unit].good_blocks;
    if (good < allocator_.frontiers_per_unit() + 2) {
      throw config_error(config_.bad_blocks_key, "leaves plane " + std::to_string(unit) + " with " +
                                                     std::to_string(good) + " good blocks; it needs at least " +
                                                     std::to_string(allocator_.frontiers_per_unit() + 2));
    }
    usable += usable_blocks(good, allocator_.frontiers_per_unit(), high_watermark_);
  }
  if (usable * pages_per_block_ <= logical_pages_) {
    throw config_error(config_.bad_blocks_key,
                       "leaves " + std::to_string(usable) + " usable good blocks, too few for the " +
                           std::to_string(logical_pages_) + " logical pages; lower the rate or raise ftl.spare_factor");
  }
}

void FtlCore::close_failed_block(BlockId block) {
  const UnitId unit = unit_of_block(block);
  UnitState& us = unit_state_[unit];
  if (us.reserved_gc_block == block) {
    us.reserved_gc_block = kInvalidBlock;
    blocks_.set_state(block, BlockState::Closed);
  }
  for (std::uint32_t f = 0; f < allocator_.frontiers_per_unit(); ++f) {
    if (allocator_.frontier_block(unit, f) != block) continue;
    allocator_.close_frontier(unit, f);
    blocks_.set_state(block, BlockState::Closed);
    refill(unit, f, /*check_watermark=*/true);
  }
}

void FtlCore::queue_retirement(BlockId block) {
  UnitState& us = unit_state_[unit_of_block(block)];
  blocks_.set_state(block, BlockState::Victim);
  us.forced.emplace_back(block, VictimKind::Retirement);
}

void FtlCore::retire_block(BlockId block) {
  const UnitId unit = unit_of_block(block);
  UnitState& us = unit_state_[unit];
  blocks_.set_state(block, BlockState::Retired);
  ++retired_blocks_;
  ++counters_.grown_bad_blocks;
  --us.good_blocks;
  if (us.active_victim == block) us.active_victim = kInvalidBlock;
  update_fill_limit(unit);
  std::uint64_t usable = 0;
  for (UnitId u = 0; u < unit_count_; ++u) {
    const std::uint32_t good = unit_state_[u].good_blocks;
    if (good < allocator_.frontiers_per_unit() + 2) end_of_life_ = true;
    // A plane whose valid data no longer fits its good blocks could not collect any more.
    if (unit_count_ != 1 && unit_valid_pages_[u] > unit_fill_limit_[u]) end_of_life_ = true;
    usable += usable_blocks(good, allocator_.frontiers_per_unit(), high_watermark_);
  }
  if (usable * pages_per_block_ <= logical_pages_) end_of_life_ = true;
  victim_done(unit);
}

void FtlCore::forget(Lpn lpn) {
  const Ppn old = map_.entry(lpn);
  if (old < total_pages_) invalidate(old);
  map_.set_entry(lpn, kInvalidPpn);
}

UnitId FtlCore::unit_with_room(UnitId full) const {
  UnitId best = kNoUnit;
  for (UnitId unit = 0; unit < unit_count_; ++unit) {
    if (unit == full || allocator_.open_frontier(unit) == allocator_.frontiers_per_unit()) continue;
    if (best == kNoUnit || free_blocks(unit) > free_blocks(best)) best = unit;
  }
  return best;
}

void FtlCore::check_static_wear_leveling(UnitId unit) {
  UnitState& us = unit_state_[unit];
  if (us.wear_leveling_pending) return;  // one migration at a time per plane
  std::uint32_t most_erases = 0;
  BlockId youngest = kInvalidBlock;  // least-worn sealed block: it holds the coldest data
  for (BlockId block = first_block_of_unit(unit); block < first_block_of_unit(unit) + blocks_per_unit_; ++block) {
    const BlockState state = blocks_.state(block);
    if (state == BlockState::Retired) continue;
    const std::uint32_t erases = blocks_.erase_count(block);
    most_erases = std::max(most_erases, erases);
    if (state == BlockState::Candidate && (youngest == kInvalidBlock || erases < blocks_.erase_count(youngest))) {
      youngest = block;
    }
  }
  if (youngest == kInvalidBlock) return;
  if (most_erases - blocks_.erase_count(youngest) <= config_.static_wear_leveling_threshold) return;
  policy_->on_withdrawn(youngest);
  blocks_.set_state(youngest, BlockState::Victim);
  us.forced.emplace_back(youngest, VictimKind::WearLeveling);
  us.wear_leveling_pending = true;
}

bool FtlCore::retirement_must_wait(UnitId unit) const {
  const auto [block, kind] = unit_state_[unit].forced.front();
  // With copyback a retirement's moves stay in the plane: the failed block that took the
  // plane's last free block (close_failed_block) cannot be emptied before GC has made room.
  // Until then ordinary victims go first; collected in place, each adds its invalid pages to
  // the GC frontier's room. GC through controller memory may move the pages to other planes.
  if (kind != VictimKind::Retirement || config_.relocate_across_units_when_full) return false;
  return allocator_.free_blocks(unit) == 0 && allocator_.frontier_room(unit, gc_frontier_) < blocks_.valid_count(block);
}

bool FtlCore::forced_victim_abandoned(UnitId unit, BlockId victim, std::uint32_t valid) {
  UnitState& us = unit_state_[unit];
  if (us.chosen_kind != VictimKind::WearLeveling) return false;  // a retirement always runs
  // Moving cold data needs room outside the victim; without a free block and with too little
  // room in the GC frontier the migration waits for the next erase to ask again.
  if (allocator_.free_blocks(unit) != 0 || allocator_.frontier_room(unit, gc_frontier_) >= valid) return false;
  seal_block(victim);
  us.wear_leveling_pending = false;
  return true;
}

}  // namespace ssdtlm
