#pragma once
// Cache program and cache read from the FTL (controller.cache_commands; docs/nand-and-controller.md,
// "Cache commands"). The firmware sends a page program as CacheProgram (80h-15h) when it
// continues its plane's program stream: it writes the page right after the plane's previous
// program, in the same block. A page read goes as CacheRead (31h) when it reads the page right
// after the plane's previous read, in the same block. The controller then pipelines the stream
// (operation_script.h): the next page's data-in runs under this page's tPROG, the next page's
// tR under this page's data-out, at the price of one register move (tCBSY / tRCBSY) per page.
// The first command of a stream stays a plain one: when the firmware issues it, nothing says
// that another page will follow.
#include <cstdint>
#include <limits>
#include <vector>

#include "models/common/flash_command.h"
#include "models/common/flash_geometry.h"

namespace ssdtlm {

class CacheCommandStreams {
 public:
  explicit CacheCommandStreams(const FlashGeometry& geometry)
      : planes_per_die_(geometry.planes_per_die),
        last_program_(std::size_t(geometry.dies()) * geometry.planes_per_die),
        last_read_(last_program_.size()) {}

  // Turns a single-plane Program or Read into its cache form when it continues its plane's
  // stream, and records it as the stream's newest page. Other opcodes pass unchanged.
  void apply(FlashCommand& command) {
    const bool program = command.opcode == FlashOpcode::Program;
    if (!program && command.opcode != FlashOpcode::Read) return;
    const PlaneTarget& target = command.targets[0];
    PagePosition& last = (program ? last_program_ : last_read_)[std::size_t(command.die) * planes_per_die_ + target.plane];
    const bool continues = last.block == target.block_in_plane && last.page + 1 == target.page;
    last = {target.block_in_plane, target.page};
    if (continues) command.opcode = program ? FlashOpcode::CacheProgram : FlashOpcode::CacheRead;
  }

 private:
  struct PagePosition {
    std::uint32_t block = std::numeric_limits<std::uint32_t>::max();  // none yet
    std::uint32_t page = 0;
  };
  std::uint32_t planes_per_die_;
  std::vector<PagePosition> last_program_;  // per plane of every die
  std::vector<PagePosition> last_read_;
};

}  // namespace ssdtlm
