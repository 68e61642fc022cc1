// The block allocator through its interface (BlockAllocator), on today's implementation
// (FrontierAllocator): frontier counts per layout, the free pool's order, dynamic wear
// leveling, opening, closing and starving frontiers, and erased blocks going to starved
// frontiers before the pool.
#include <gtest/gtest.h>

#include <map>
#include <memory>
#include <string>

#include "models/ftl/core/frontier_allocator.h"

namespace ssdtlm {
namespace {

constexpr std::uint32_t kPages = 8;
constexpr std::uint32_t kBlocksPerUnit = 6;

class AllocatorTest : public ::testing::Test {
 protected:
  // Two units of kBlocksPerUnit blocks; every block given to its unit's pool in id order.
  BlockAllocator& make(const std::string& layout_name, bool dynamic_wear_leveling = false,
                       std::map<std::string, std::string> params = {}) {
    table_.init(2 * kBlocksPerUnit, kPages);
    PolicyParams reader(std::move(params), "--frontier-param ");
    allocator_.init(make_frontier_layout(layout_name, reader, "--frontier"), &table_, 2, kBlocksPerUnit,
                    dynamic_wear_leveling);
    for (UnitId unit = 0; unit < 2; ++unit) {
      for (BlockId block = unit * kBlocksPerUnit; block < (unit + 1) * kBlocksPerUnit; ++block) {
        allocator_.give_block(unit, block);
      }
    }
    return allocator_;
  }

  BlockTable table_;
  FrontierAllocator allocator_;
};

TEST_F(AllocatorTest, FrontierCountsFollowTheLayout) {
  BlockAllocator& single = make("single");
  EXPECT_EQ(single.frontiers_per_unit(), 1u);
  EXPECT_EQ(single.host_frontiers(), 1u);
  EXPECT_EQ(single.gc_frontier(), 0u);  // GC shares host frontier 0
  EXPECT_EQ(single.host_frontier_for(3), 0u);
  BlockAllocator& two = make("double");
  EXPECT_EQ(two.frontiers_per_unit(), 2u);
  EXPECT_EQ(two.host_frontiers(), 1u);
  EXPECT_EQ(two.gc_frontier(), 1u);
}

TEST_F(AllocatorTest, FreePoolHandsOutTheOldestErasedFirst) {
  BlockAllocator& allocator = make("single");
  EXPECT_EQ(allocator.free_blocks(0), kBlocksPerUnit);
  EXPECT_EQ(allocator.free_blocks(1), kBlocksPerUnit);
  EXPECT_EQ(allocator.take_free_block(1), kBlocksPerUnit);
  EXPECT_EQ(allocator.take_free_block(1), kBlocksPerUnit + 1);
  EXPECT_EQ(allocator.free_blocks(1), kBlocksPerUnit - 2);
  allocator.give_block(1, kBlocksPerUnit);  // erased again: back at the end of the ring
  for (BlockId expected = kBlocksPerUnit + 2; expected < 2 * kBlocksPerUnit; ++expected) {
    EXPECT_EQ(allocator.take_free_block(1), expected);
  }
  EXPECT_EQ(allocator.take_free_block(1), kBlocksPerUnit);
  EXPECT_EQ(allocator.take_free_block(1), kInvalidBlock);
  EXPECT_EQ(allocator.free_blocks(0), kBlocksPerUnit);  // the other unit untouched
}

TEST_F(AllocatorTest, DynamicWearLevelingTakesTheLeastWornBlock) {
  BlockAllocator& allocator = make("single", /*dynamic_wear_leveling=*/true);
  for (BlockId block = 0; block < kBlocksPerUnit; ++block) table_.set_erase_count(block, 10 - block);
  table_.set_erase_count(3, 1);
  table_.set_erase_count(5, 1);  // a tie: the first in ring order wins
  EXPECT_EQ(allocator.take_free_block(0), 3u);
  EXPECT_EQ(allocator.take_free_block(0), 5u);
  EXPECT_EQ(allocator.take_free_block(0), 4u);
}

TEST_F(AllocatorTest, OpenCloseAndStarveAFrontier) {
  BlockAllocator& allocator = make("double");
  EXPECT_EQ(allocator.open_frontier(0), allocator.frontiers_per_unit());  // none open yet
  const BlockId block = allocator.take_free_block(0);
  table_.set_data_stamp(block, 42);
  allocator.open_block(0, 1, block);
  EXPECT_EQ(allocator.frontier_block(0, 1), block);
  EXPECT_EQ(allocator.frontier_room(0, 1), kPages);
  EXPECT_EQ(table_.state(block), BlockState::Open);
  EXPECT_EQ(table_.data_stamp(block), 0u);
  EXPECT_EQ(allocator.open_frontier(0), 1u);
  allocator.close_frontier(0, 1);
  EXPECT_EQ(allocator.frontier_block(0, 1), kInvalidBlock);
  EXPECT_EQ(allocator.frontier_room(0, 1), 0u);
  allocator.starve(0, 1);  // the GC frontier: not a host frontier
  EXPECT_EQ(allocator.starved_host_frontiers(0), 0u);
  allocator.starve(0, 0);
  allocator.starve(0, 0);  // starving twice counts once
  EXPECT_EQ(allocator.starved_host_frontiers(0), 1u);
  EXPECT_EQ(allocator.starved_host_frontiers(1), 0u);
}

TEST_F(AllocatorTest, ErasedBlocksGoToStarvedFrontiersHostFirstThenThePool) {
  BlockAllocator& allocator = make("double");
  while (allocator.take_free_block(0) != kInvalidBlock) {
  }
  allocator.starve(0, 1);
  allocator.starve(0, 0);
  allocator.give_block(0, 2);
  EXPECT_EQ(allocator.frontier_block(0, 0), 2u);  // the host frontier first
  EXPECT_EQ(allocator.starved_host_frontiers(0), 0u);
  EXPECT_EQ(allocator.free_blocks(0), 0u);
  allocator.give_block(0, 4);
  EXPECT_EQ(allocator.frontier_block(0, 1), 4u);  // then the GC frontier
  allocator.give_block(0, 5);
  EXPECT_EQ(allocator.free_blocks(0), 1u);  // then the pool
  EXPECT_EQ(table_.state(5), BlockState::Free);
}

TEST_F(AllocatorTest, ClearUnitEmptiesPoolAndFrontiers) {
  make("double");
  allocator_.open_block(0, 0, allocator_.take_free_block(0));
  allocator_.starve(0, 1);
  allocator_.clear_unit(0);
  EXPECT_EQ(allocator_.free_blocks(0), 0u);
  EXPECT_EQ(allocator_.frontier_block(0, 0), kInvalidBlock);
  EXPECT_FALSE(allocator_.frontiers(0)[1].starved);
  EXPECT_EQ(allocator_.free_blocks(1), kBlocksPerUnit);
}

TEST_F(AllocatorTest, NextFreeSlotSkipsPagesKeptInPlace) {
  make("single");
  WriteFrontier& open = allocator_.frontier(0, 0);
  open.occupied[0] = 0b1011;  // pages 0, 1 and 3 kept by an in-place collection
  EXPECT_EQ(allocator_.next_free_slot(open, 0), 2u);
  EXPECT_EQ(allocator_.next_free_slot(open, 3), 4u);
  open.occupied[0] = 0xff;
  EXPECT_EQ(allocator_.next_free_slot(open, 0), kPages);
}

}  // namespace
}  // namespace ssdtlm
