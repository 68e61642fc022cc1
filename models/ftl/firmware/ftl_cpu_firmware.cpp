// FtlCpu's side of the FtlFirmware interface: what the platform asks of the page-mapped FTL,
// mostly read from its FtlCore.
#include "models/ftl/ftl_cpu.h"

namespace ssdtlm {

std::uint64_t FtlCpu::gc_pages_moved() const { return core_.counters().gc_page_writes; }

std::uint64_t FtlCpu::blocks_erased() const { return core_.counters().erases; }

std::uint64_t FtlCpu::free_blocks() const {
  std::uint64_t blocks = 0;
  for (UnitId u = 0; u < core_.units(); ++u) blocks += core_.free_blocks(u);
  return blocks;
}

std::uint64_t FtlCpu::erase_count(BlockId block) const { return core_.erase_count(block); }

bool FtlCpu::retired(BlockId block) const { return core_.retired(block); }

bool FtlCpu::switch_foreground_gc(bool foreground) {
  set_foreground_gc(foreground);
  return true;
}

nlohmann::json FtlCpu::verify_data(const FlashPageReader& read_flash) const {
  nlohmann::json result = {{"checked_pages", 0}, {"mismatches", 0}};
  if (oracle_ == nullptr) return result;
  std::uint64_t checked = 0, mismatches = 0;
  for (Lpn lpn = 0; lpn < core_.logical_pages(); ++lpn) {
    const Ppn ppn = core_.lookup(lpn);
    const std::uint64_t expected = oracle_->expected(lpn);
    if (ppn == kInvalidPpn && lost(lpn)) continue;  // reported as reliability.lost_pages
    std::uint64_t actual = 0;
    if (ppn != kInvalidPpn) {
      actual = read_flash(ppn);
    } else if (core_.in_sort_buffer(lpn)) {
      actual = sort_buffer_tag(lpn);  // a run cut short: the page is still in DRAM
    }
    ++checked;
    if (actual != expected) ++mismatches;
  }
  result["checked_pages"] = checked;
  result["mismatches"] = mismatches;
  return result;
}

}  // namespace ssdtlm
