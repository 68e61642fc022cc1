#pragma once
// What a GC-aware member SSD (Harmonia's "O-SSD") tells the RAID controller and what the
// controller may ask of it, independent of how the SSD is modelled. In hardware this is a
// vendor admin command (poll, force) or status piggybacked on completions (push); the
// controller decides when it looks, the channel only answers.
#include <cstdint>

namespace ssdtlm {

struct MemberGcStatus {
  std::uint32_t min_free_blocks = 0;        // over the SSD's planes (GC allocation units)
  double mean_free_blocks = 0.0;            // per plane: the SSD's free space, as it reports it
  double soft_threshold_blocks = 0.0;       // coordination starts here (a mean: may be fractional)
  std::uint32_t hard_threshold_blocks = 0;  // the SSD collects on its own here, whatever happens
  std::uint32_t forced_target_blocks = 0;   // a forced collection stops when every plane has this many:
                                            // the SSD's own stop point (above its high watermark)
  std::uint32_t units_collecting = 0;       // planes in a GC cycle now
  std::uint64_t gc_cycles = 0;              // cycles started so far (own and forced)
  std::uint64_t host_pages_written = 0;     // flash pages programmed so far for host writes
  std::uint64_t gc_pages_written = 0;       // and for GC moves (their ratio is the WA to date)

  // The SSD as a whole has reached its soft threshold. Its planes fill in step (writes are
  // striped over them), so the mean is what they share; one lagging plane must not hold the
  // notice up, and its own GC at the hard threshold covers it.
  bool at_soft_threshold() const { return mean_free_blocks <= soft_threshold_blocks; }
  bool below_forced_target() const { return min_free_blocks < forced_target_blocks; }
};

class MemberGcChannel {
 public:
  virtual ~MemberGcChannel() = default;
  virtual MemberGcStatus status() const = 0;
  // Starts GC on every plane below the forced target (planes already there are left alone).
  virtual void force_gc() = 0;
};

}  // namespace ssdtlm
