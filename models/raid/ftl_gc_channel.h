#pragma once
// The GC side channel of a member SSD whose FTL is an ArrayMemberFirmware (the page-mapped
// FtlCpu): status from its gc_state() and its FtlCore's free space, plus the thresholds the
// array configured for it; force_gc() through the firmware's force_gc().
#include <cstdint>

#include "models/ftl/core/ftl_core.h"
#include "models/ftl/firmware/array_member_firmware.h"
#include "models/raid/gc_side_channel.h"

namespace ssdtlm {

struct MemberGcThresholds {
  double soft_blocks = 0.0;  // compared with the mean free blocks of the member's planes
  std::uint32_t hard_blocks = 0;  // the member's own low watermark
  std::uint32_t forced_target_blocks = 0;
};

class FtlGcChannel final : public MemberGcChannel {
 public:
  FtlGcChannel(ArrayMemberFirmware& ftl, const FtlCore& core, const MemberGcThresholds& thresholds)
      : ftl_(ftl), core_(core), thresholds_(thresholds) {}
  MemberGcStatus status() const override {
    const ArrayMemberFirmware::GcState state = ftl_.gc_state();
    MemberGcStatus status;
    status.min_free_blocks = state.min_free_blocks;
    const FtlCore& core = core_;
    std::uint64_t free_blocks = 0;
    for (UnitId u = 0; u < core.units(); ++u) free_blocks += core.free_blocks(u);
    status.mean_free_blocks = core.units() ? double(free_blocks) / core.units() : 0.0;
    status.soft_threshold_blocks = thresholds_.soft_blocks;
    status.hard_threshold_blocks = thresholds_.hard_blocks;
    status.forced_target_blocks = thresholds_.forced_target_blocks;
    status.units_collecting = state.units_collecting;
    status.gc_cycles = state.gc_cycles;
    status.host_pages_written = core.counters().host_page_writes;
    status.gc_pages_written = core.counters().gc_page_writes;
    return status;
  }
  void force_gc() override { ftl_.force_gc(thresholds_.forced_target_blocks); }

 private:
  ArrayMemberFirmware& ftl_;
  const FtlCore& core_;
  MemberGcThresholds thresholds_;
};

}  // namespace ssdtlm
