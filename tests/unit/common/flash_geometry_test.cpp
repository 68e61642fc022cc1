// FlashGeometry::address_of_page (three divisions) must give, for every page of any geometry,
// the fields the single-field functions give and that page_id/block_id map back to the page.
#include "models/common/flash_geometry.h"

#include <gtest/gtest.h>

namespace ssdtlm {
namespace {

FlashGeometry geometry(std::uint32_t channels, std::uint32_t dies_per_channel, std::uint32_t planes_per_die,
                       std::uint32_t blocks_per_plane, std::uint32_t pages_per_block) {
  FlashGeometry g;
  g.channels = channels;
  g.dies_per_channel = dies_per_channel;
  g.planes_per_die = planes_per_die;
  g.blocks_per_plane = blocks_per_plane;
  g.pages_per_block = pages_per_block;
  return g;
}

TEST(FlashGeometryTest, AddressOfPageAgreesWithTheSingleFieldFunctionsOnUnevenGeometries) {
  // Powers of two and not, one and several planes, dies on several channels.
  const FlashGeometry geometries[] = {geometry(2, 3, 2, 7, 5), geometry(3, 1, 3, 4, 64), geometry(4, 2, 1, 9, 3)};
  for (const FlashGeometry& g : geometries) {
    for (Ppn ppn = 0; ppn < g.total_pages(); ++ppn) {
      const PageAddress address = g.address_of_page(ppn);
      const BlockId block = g.block_of_page(ppn);
      ASSERT_EQ(address.die, g.die_of_block(block)) << "ppn " << ppn;
      ASSERT_EQ(address.plane, g.plane_of_block(block)) << "ppn " << ppn;
      ASSERT_EQ(address.block_in_plane, g.index_in_plane(block)) << "ppn " << ppn;
      ASSERT_EQ(address.page, g.page_in_block(ppn)) << "ppn " << ppn;
      ASSERT_EQ(g.page_id(g.block_id(address.die, address.plane, address.block_in_plane), address.page), ppn);
    }
  }
}

}  // namespace
}  // namespace ssdtlm
