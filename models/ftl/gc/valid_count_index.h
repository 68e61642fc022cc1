#pragma once
// Candidates of each allocation unit bucketed by valid-page count, for O(1) amortized
// "fewest valid pages" selection (greedy) without ever scanning all blocks.
//
// Why lazy stacks instead of doubly-linked bucket lists: a linked list moves a block between
// buckets on every invalidation, touching the block's neighbours (three random cache lines per
// host write). Here an invalidation only appends the block id to the stack of its new count;
// the b + 1 stack tops stay in L1. Entries go stale when the block's count or state changes
// again; selection pops and discards them by checking the block table (state == Candidate and
// count == bucket). Every stale entry is popped at most once, and a unit's stacks are rebuilt
// from the block table when they hold more than two entries per block, so both time and memory
// stay O(1) amortized per operation.
//
// Only counts up to a tracking limit (the unit's fewest valid count at the last rebuild plus a
// margin of b/16) are indexed: most invalidations hit blocks far fuller than any victim and cost
// one compare. When no tracked candidate is left, the unit is rebuilt with a new limit. The
// invariant that makes this exact: every candidate whose count is <= the limit has a live entry
// in its bucket.
#include <algorithm>
#include <cstdint>
#include <vector>

#include "models/ftl/gc/block_view.h"

namespace ssdtlm {

class ValidCountIndex {
 public:
  void init(const BlockView* table, std::uint32_t units, std::uint32_t blocks_per_unit) {
    table_ = table;
    buckets_ = table->pages_per_block() + 1;
    blocks_per_unit_ = blocks_per_unit;
    stacks_.assign(std::size_t(units) * buckets_, {});
    lowest_.assign(units, buckets_);
    entries_.assign(units, 0);
    tracked_limit_.assign(units, buckets_ - 1);  // everything until the first rebuild
    margin_ = std::max<std::uint32_t>(2, (buckets_ - 1) / 16);
    rebuild_limit_ = 2ull * blocks_per_unit + 4ull * buckets_;
  }

  bool enabled() const { return table_ != nullptr; }

  // The block now has `count` valid pages (sealed, or one page invalidated). Non-candidates may
  // be pushed too (an open frontier losing a page): selection discards them.
  void push(UnitId unit, BlockId block, std::uint32_t count) {
    if (count > tracked_limit_[unit]) return;
    stacks_[std::size_t(unit) * buckets_ + count].push_back(block);
    if (count < lowest_[unit]) lowest_[unit] = count;
    ++entries_[unit];
  }

  // A candidate with the fewest valid pages (the most recently updated among equals), or
  // kInvalidBlock. The block stays a candidate until the caller changes its state, so blocks
  // already picked in the same batch are passed in `picked` and skipped.
  BlockId pop_fewest_valid(UnitId unit, const BlockId* picked = nullptr, std::size_t picked_count = 0) {
    picked_ = picked;
    picked_count_ = picked_count;
    if (entries_[unit] > rebuild_limit_) rebuild(unit);
    BlockId block = pop_tracked(unit);
    if (block == kInvalidBlock) {
      rebuild(unit);  // the fewest valid count rose above the limit: track from it
      block = pop_tracked(unit);
    }
    return block;
  }

  std::uint64_t rebuilds() const { return rebuilds_; }

  std::uint64_t bytes() const {
    std::uint64_t total = 0;
    for (const auto& stack : stacks_) total += stack.capacity() * sizeof(BlockId);
    return total;
  }

 private:
  BlockId pop_tracked(UnitId unit) {
    const std::uint32_t limit = tracked_limit_[unit];
    for (std::uint32_t count = lowest_[unit]; count <= limit; ++count) {
      auto& stack = stacks_[std::size_t(unit) * buckets_ + count];
      while (!stack.empty()) {
        const BlockId block = stack.back();
        stack.pop_back();
        --entries_[unit];
        if (table_->state(block) == BlockState::Candidate && table_->valid_count(block) == count &&
            !already_picked(block)) {
          lowest_[unit] = count;
          return block;
        }
      }
    }
    lowest_[unit] = buckets_;
    return kInvalidBlock;
  }

  void rebuild(UnitId unit) {
    ++rebuilds_;
    for (std::uint32_t count = 0; count < buckets_; ++count) {
      stacks_[std::size_t(unit) * buckets_ + count].clear();
    }
    entries_[unit] = 0;
    lowest_[unit] = buckets_;
    const BlockId first = unit * blocks_per_unit_;
    std::uint32_t fewest = buckets_ - 1;
    for (BlockId block = first; block < first + blocks_per_unit_; ++block) {
      if (table_->state(block) == BlockState::Candidate && !already_picked(block)) {
        fewest = std::min(fewest, table_->valid_count(block));
      }
    }
    tracked_limit_[unit] = std::min(buckets_ - 1, fewest + margin_);
    for (BlockId block = first; block < first + blocks_per_unit_; ++block) {
      if (table_->state(block) == BlockState::Candidate && !already_picked(block)) {
        push(unit, block, table_->valid_count(block));
      }
    }
  }

  // Picked blocks lose their entries here; the core makes them victims right after.
  bool already_picked(BlockId block) const {
    for (std::size_t i = 0; i < picked_count_; ++i) {
      if (picked_[i] == block) return true;
    }
    return false;
  }

  const BlockView* table_ = nullptr;
  const BlockId* picked_ = nullptr;
  std::size_t picked_count_ = 0;
  std::uint32_t buckets_ = 0;
  std::uint32_t blocks_per_unit_ = 0;
  std::uint64_t rebuild_limit_ = 0;
  std::vector<std::vector<BlockId>> stacks_;  // [unit * buckets + count]
  std::vector<std::uint32_t> lowest_;         // lower bound of the fewest valid count per unit
  std::vector<std::uint64_t> entries_;        // live + stale entries per unit
  std::vector<std::uint32_t> tracked_limit_;  // counts above this are not indexed
  std::uint32_t margin_ = 2;
  std::uint64_t rebuilds_ = 0;
};

}  // namespace ssdtlm
