// BlockView: what victim policies see of the core's block table. Every write of the table
// shows through the view at once (it reads the same records), and the concrete parts FtlCore
// calls per page are final, so those calls bind statically.
#include <gtest/gtest.h>

#include <type_traits>

#include "models/ftl/core/block_table.h"
#include "models/ftl/core/frontier_allocator.h"
#include "models/ftl/core/full_mapping_table.h"

namespace ssdtlm {
namespace {

static_assert(std::is_final_v<FullMappingTable>, "the map on the per-page path must bind statically");
static_assert(std::is_final_v<FrontierAllocator>, "the allocator on the per-page path must bind statically");
static_assert(!std::is_copy_constructible_v<BlockTable>, "the view points into the table's own records");

TEST(BlockView, ShowsTheTablesWrites) {
  BlockTable table;
  table.init(4, 100);  // two bitmap words per record
  const BlockView& view = table;
  EXPECT_EQ(view.blocks(), 4u);
  EXPECT_EQ(view.pages_per_block(), 100u);
  EXPECT_EQ(view.words_per_block(), 2u);
  table.set_valid(2, 0);
  table.set_valid(2, 99);
  table.set_state(2, BlockState::Candidate);
  table.set_data_stamp(2, 77);
  table.set_erase_count(2, 5);
  EXPECT_EQ(view.valid_count(2), 2u);
  EXPECT_TRUE(view.is_candidate(2));
  EXPECT_EQ(view.state(2), BlockState::Candidate);
  EXPECT_EQ(view.data_stamp(2), 77u);
  EXPECT_EQ(view.erase_count(2), 5u);
  EXPECT_TRUE(view.page_valid(2, 99));
  EXPECT_FALSE(view.page_valid(2, 98));
  EXPECT_EQ(view.words(2)[1], 1ull << 35);
  // Neighbouring records are untouched.
  EXPECT_EQ(view.valid_count(1), 0u);
  EXPECT_EQ(view.valid_count(3), 0u);
  EXPECT_EQ(view.state(3), BlockState::Free);
  table.erase(2);
  EXPECT_EQ(view.valid_count(2), 0u);
  EXPECT_EQ(view.erase_count(2), 6u);
  EXPECT_EQ(view.data_stamp(2), 0u);
  EXPECT_EQ(view.state(2), BlockState::Candidate);  // erase leaves the state to the caller
}

TEST(BlockView, RecordsStartOnACacheLine) {
  BlockTable table;
  table.init(3, 64);
  EXPECT_EQ(reinterpret_cast<std::uintptr_t>(table.record_address(0)) % 64, 0u);
}

}  // namespace
}  // namespace ssdtlm
