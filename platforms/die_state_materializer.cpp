#include "platforms/die_state_materializer.h"

namespace ssdtlm {

bool die_state_materializable(const FtlCore& core) {
  const FtlCounters& c = core.counters();
  return !core.config().in_place_keeps_page_offsets && core.host_write_clock() == 0 && c.host_page_writes == 0 &&
         c.gc_page_writes == 0 && c.erases == 0 && c.trims == 0 && c.grown_bad_blocks == 0;
}

void materialize_die_state(const FtlCore& core, NandDies& dies) {
  const FlashGeometry& g = core.geometry();
  BlockId block = 0;  // global numbering: die, then plane, then index (flash_geometry.h)
  for (DieId die = 0; die < g.dies(); ++die) {
    NandDie& target = dies[die];
    for (std::uint32_t plane = 0; plane < g.planes_per_die; ++plane) {
      for (std::uint32_t index = 0; index < g.blocks_per_plane; ++index, ++block) {
        target.backdoor_restore_block(plane, index, core.programmed_pages(block), core.erase_count(block));
      }
    }
  }
}

}  // namespace ssdtlm
