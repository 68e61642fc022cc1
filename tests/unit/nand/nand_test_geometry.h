#pragma once
// The small die and the TLC timing the NandDie tests share.
#include "models/common/flash_geometry.h"
#include "models/nand/nand_timing.h"

namespace ssdtlm::testing {

// 2 planes x 4 blocks x 6 pages: small enough to check every page.
inline FlashGeometry small_die_geometry() {
  FlashGeometry geometry;
  geometry.planes_per_die = 2;
  geometry.blocks_per_plane = 4;
  geometry.pages_per_block = 6;
  geometry.page_size_bytes = 4096;
  return geometry;
}

// Three page types with different read and program times (the fourth unused).
inline NandTiming tlc_timing() {
  NandTiming timing;
  timing.cell_type = CellType::TLC;
  timing.read_ns = {50000, 70000, 90000, 0};
  timing.program_ns = {500000, 1500000, 2500000, 0};
  timing.erase_ns = 4000000;
  return timing;
}

}  // namespace ssdtlm::testing
