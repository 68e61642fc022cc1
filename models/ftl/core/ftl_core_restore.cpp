// FtlCore::restore_map: the core's RAM state rebuilt after a power loss (models/ftl/recovery/).
#include <stdexcept>

#include "models/ftl/core/ftl_core.h"

namespace ssdtlm {

void FtlCore::restore_map(const std::vector<Ppn>& l2p, const std::vector<std::uint8_t>& block_used,
                          const std::vector<std::uint32_t>& erase_counts) {
  if (l2p.size() != logical_pages_ || block_used.size() != blocks_.blocks() || erase_counts.size() != blocks_.blocks()) {
    throw std::invalid_argument("FtlCore::restore_map: map or block vectors do not match the geometry");
  }
  if (clock_ != 0 || counters_.host_page_writes != 0 || counters_.gc_page_writes != 0) {
    throw std::logic_error("FtlCore::restore_map: only a freshly constructed core can take a rebuilt map");
  }
  // Undo the constructor's frontier opening: every block starts free and unmapped again.
  for (UnitId unit = 0; unit < unit_count_; ++unit) {
    allocator_.clear_unit(unit);
  }
  for (BlockId block = 0; block < blocks_.blocks(); ++block) {
    blocks_.set_state(block, BlockState::Free);
    blocks_.set_erase_count(block, erase_counts[block]);
  }
  for (Lpn lpn = 0; lpn < logical_pages_; ++lpn) {
    const Ppn ppn = l2p[lpn];
    if (ppn == kInvalidPpn) continue;
    if (ppn >= total_pages_ || !block_used[block_of(ppn)]) {
      throw std::invalid_argument("FtlCore::restore_map: lpn " + std::to_string(lpn) + " maps outside the used blocks");
    }
    map_.map(lpn, ppn);
    blocks_.set_valid(block_of(ppn), ppn - block_of(ppn) * pages_per_block_);
    if (unit_count_ != 1) ++unit_valid_pages_[unit_of_block(block_of(ppn))];
  }
  for (BlockId block = 0; block < blocks_.blocks(); ++block) {
    if (block_used[block]) {
      seal_block(block);
    } else {
      allocator_.give_block(unit_of_block(block), block);  // already Free; no frontier starves yet
    }
  }
  for (UnitId unit = 0; unit < unit_count_; ++unit) {
    for (std::uint32_t f = 0; f < allocator_.frontiers_per_unit(); ++f) refill(unit, f, /*check_watermark=*/true);
  }
}

}  // namespace ssdtlm
