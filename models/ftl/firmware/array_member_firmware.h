#pragma once
// ArrayMemberFirmware: what a RAID array needs of a member SSD's FTL (platforms/raid_platform.cpp):
// the GC side channel's status and forced collection (models/raid/ftl_gc_channel.h), and, in
// data mode, content hooks so that parity can be computed from the data the array wrote.
// An FTL offers it through FtlFirmware::array_member().
#include <cstdint>
#include <functional>

#include "models/common/flash_geometry.h"

namespace ssdtlm {

class ArrayMemberFirmware {
 public:
  // What a member reports over the GC side channel.
  struct GcState {
    std::uint32_t min_free_blocks = 0;  // over all planes
    std::uint32_t units_collecting = 0;
    std::uint64_t gc_cycles = 0;
  };
  virtual GcState gc_state() const = 0;
  // Runs GC on every plane until each has at least `target_free_blocks` free blocks (planes
  // already there are left alone).
  virtual void force_gc(std::uint32_t target_free_blocks) = 0;

  // Data mode: the content of each whole-page host write comes from the array, and each host
  // page read hands the content it returns back to it. Unset (a stand-alone SSD), every write
  // gets a fresh tag.
  using HostWriteContent = std::function<std::uint64_t(Lpn)>;
  using HostReadContent = std::function<void(Lpn, std::uint64_t)>;
  virtual void set_host_content_hooks(HostWriteContent write_content, HostReadContent read_content) = 0;

 protected:
  ~ArrayMemberFirmware() = default;
};

}  // namespace ssdtlm
