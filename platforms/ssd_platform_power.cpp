// SsdPlatform's power cut (power.enabled): the recovery an FTL performs after a sudden power
// loss, run on the state the timed model leaves at the cut (docs/reliability.md).
#include <stdexcept>

#include "models/common/config/config_error.h"
#include "models/ftl/recovery/map_rebuild.h"
#include "platforms/recovery_timer.h"
#include "platforms/ssd_platform.h"
#include "models/kernel/event_loop.h"

namespace ssdtlm {

PowerCutImage SsdPlatform::power_cut_image() const {
  if (!power_) throw config_error("power.enabled", "a power loss needs power.enabled = true");
  const FlashGeometry& g = config_.geometry;
  return power_->cut([&](Ppn ppn) {
    const BlockId block = g.block_of_page(ppn);
    return die(g.die_of_block(block))
               .page_state(g.plane_of_block(block), g.index_in_plane(block), g.page_in_block(ppn)) ==
           PageState::Programmed;
  });
}

nlohmann::json SsdPlatform::power_loss() {
  const PowerCutImage image = power_cut_image();
  const RebuiltMap rebuilt = rebuild_map(image);
  const RecoveryTiming timing = time_recovery_reads(config_.geometry, config_.nand_timing, config_.bus_timing,
                                                    config_.controller, rebuilt.phases, sizeof(OobEntry));
  nlohmann::json report;
  report["at_us"] = double(sim_now_ps()) / 1e6;
  report["time_us"] = double(timing.time_ps) / 1e6;
  nlohmann::json phases = nlohmann::json::array();
  for (const std::uint64_t end : timing.phase_end_ps) phases.push_back(double(end) / 1e6);
  report["phase_end_us"] = phases;
  report["used_checkpoint"] = rebuilt.used_checkpoint;
  report["checkpoint_seq"] = rebuilt.checkpoint_seq;
  report["oob_reads"] = rebuilt.oob_reads;
  report["checkpoint_page_reads"] = rebuilt.checkpoint_page_reads;
  report["trim_table_page_reads"] = rebuilt.trim_table_page_reads;
  report["trims_applied"] = rebuilt.trims_applied;
  report["blocks_scanned"] = rebuilt.blocks_scanned;
  report["pages_rolled_forward"] = rebuilt.pages_rolled_forward;
  report["torn_programs"] = image.torn_programs;
  report["lost_programs"] = image.lost_programs;
  report["torn_erases"] = image.torn_erases;
  if (config_.data_mode) {
    const FlashGeometry& g = config_.geometry;
    const auto lost = lost_host_pages(image, rebuilt, [&](Ppn ppn) {
      const BlockId block = g.block_of_page(ppn);
      return die(g.die_of_block(block))
          .backdoor_read(g.plane_of_block(block), g.index_in_plane(block), g.page_in_block(ppn));
    });
    report["verified_pages"] = image.host_logical_pages;
    report["lost_pages"] = lost.size();
  }
  recovery_ = report;
  return report;
}

void SsdPlatform::boot_after_power_loss(const SsdPlatform& lost, const PowerCutImage& image, const RebuiltMap& rebuilt) {
  const FlashGeometry& g = config_.geometry;
  // What a torn page returns: not any page's data (tags are never this value by chance in tests).
  constexpr std::uint64_t kTornContent = 0x70726e70726e70ull;
  std::vector<std::uint32_t> erase_counts(g.total_blocks());
  for (BlockId block = 0; block < g.total_blocks(); ++block) {
    const NandDie& from = lost.die(g.die_of_block(block));
    NandDie& to = die(g.die_of_block(block));
    const std::uint32_t plane = g.plane_of_block(block), index = g.index_in_plane(block);
    erase_counts[block] = from.erase_count(plane, index);
    for (std::uint32_t page = 0; page < from.next_program_page(plane, index); ++page) {
      const Ppn ppn = g.page_id(block, page);
      const bool torn = !image.oob[ppn].readable();
      const std::uint64_t tag = torn ? kTornContent : config_.data_mode ? from.backdoor_read(plane, index, page) : 0;
      to.backdoor_program(plane, index, page, tag);
    }
  }
  core_->restore_map(rebuilt.l2p, rebuilt.block_used, erase_counts);
  auto content = [&](Ppn ppn) {
    const BlockId block = g.block_of_page(ppn);
    return die(g.die_of_block(block)).backdoor_read(g.plane_of_block(block), g.index_in_plane(block), g.page_in_block(ppn));
  };
  if (oracle_) {
    for (Lpn lpn = 0; lpn < core_->logical_pages(); ++lpn) {
      if (core_->lookup(lpn) != kInvalidPpn) oracle_->record_write_tag(lpn, config_.data_mode ? content(core_->lookup(lpn)) : 0);
    }
  }
  // The flash keeps its OOB metadata: a later power loss recovers these pages too.
  if (power_) power_->restore(image.oob, rebuilt.l2p, [&](Ppn ppn) { return config_.data_mode ? content(ppn) : 0; }, image);
}

}  // namespace ssdtlm
