// The mapping unit through its interface (MappingUnit), on today's implementation
// (FullMappingTable), and the concrete table's raw arrays against the interface.
#include <gtest/gtest.h>

#include "models/ftl/core/full_mapping_table.h"

namespace ssdtlm {
namespace {

TEST(FullMappingTable, StartsUnmappedBothWays) {
  FullMappingTable table;
  table.init(10, 16);
  const MappingUnit& map = table;
  EXPECT_EQ(map.logical_pages(), 10u);
  EXPECT_EQ(map.physical_pages(), 16u);
  for (Lpn lpn = 0; lpn < 10; ++lpn) EXPECT_EQ(map.entry(lpn), kInvalidPpn);
  for (Ppn ppn = 0; ppn < 16; ++ppn) EXPECT_EQ(map.lpn_at(ppn), kInvalidLpn);
  EXPECT_GE(map.bytes(), 10 * sizeof(Ppn) + 16 * sizeof(Lpn));
}

TEST(FullMappingTable, MapSetsForwardAndReverseEntries) {
  FullMappingTable table;
  table.init(8, 8);
  MappingUnit& map = table;
  map.map(3, 5);
  EXPECT_EQ(map.entry(3), 5u);
  EXPECT_EQ(map.lpn_at(5), 3u);
  // Remapping moves the forward entry; the old page's reverse entry still names the lpn (the
  // block table's validity bit, not the map, says it is stale).
  map.map(3, 6);
  EXPECT_EQ(map.entry(3), 6u);
  EXPECT_EQ(map.lpn_at(6), 3u);
  EXPECT_EQ(map.lpn_at(5), 3u);
  EXPECT_EQ(map.entry(2), kInvalidPpn);
}

TEST(FullMappingTable, SetEntryLeavesTheReverseMapAlone) {
  FullMappingTable table;
  table.init(4, 4);
  MappingUnit& map = table;
  map.map(1, 2);
  map.set_entry(1, 0xf0000007u);  // an owner's marker above the physical pages
  EXPECT_EQ(map.entry(1), 0xf0000007u);
  EXPECT_EQ(map.lpn_at(2), 1u);
  map.set_entry(1, kInvalidPpn);
  EXPECT_EQ(map.entry(1), kInvalidPpn);
}

TEST(FullMappingTable, RawArraysAreTheInterfacesEntries) {
  FullMappingTable table;
  table.init(6, 12);
  table.map(0, 11);
  table.map(5, 4);
  EXPECT_EQ(table.entries()[0], 11u);
  EXPECT_EQ(table.entries()[5], 4u);
  EXPECT_EQ(table.reverse_entries()[11], 0u);
  EXPECT_EQ(table.reverse_entries()[4], 5u);
  EXPECT_EQ(table.entry_address(5), table.entries() + 5);
  EXPECT_EQ(table.reverse_address(4), table.reverse_entries() + 4);
  table.entries()[2] = 7;  // the batched write loop writes through the raw arrays
  table.reverse_entries()[7] = 2;
  EXPECT_EQ(table.entry(2), 7u);
  EXPECT_EQ(table.lpn_at(7), 2u);
}

}  // namespace
}  // namespace ssdtlm
