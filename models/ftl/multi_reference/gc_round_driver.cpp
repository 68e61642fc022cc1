#include "models/ftl/multi_reference/gc_round_driver.h"

#include <cmath>
#include <stdexcept>
#include <utility>

namespace ssdtlm::multi_reference {

GcRoundDriver::GcRoundDriver(MultiReferenceStore& store, std::uint64_t blocks_per_round, std::function<HostWrite()> next_write,
                             std::function<void(const HostWrite&)> write)
    : store_(store), blocks_per_round_(blocks_per_round), next_write_(std::move(next_write)), write_(std::move(write)) {
  if (blocks_per_round == 0) throw std::invalid_argument("GcRoundDriver: blocks_per_round must be > 0");
}

RoundSample GcRoundDriver::run_round() {
  RoundSample sample;
  sample.utilization = store_.utilization();
  const std::uint64_t allocated_before = store_.log().segments_allocated();
  const std::uint64_t reclaimed_before = store_.log().segments_trimmed();
  if (store_.bandwidth_share(1).gc_active && !store_.cleaner().has_work()) {
    sample.mappings_scanned = store_.scan_cycle().mappings_scanned;
  }
  sample.share = store_.bandwidth_share(1);
  const auto gc_budget =
      static_cast<std::uint64_t>(std::llround(sample.share.gc * static_cast<double>(blocks_per_round_)));
  sample.gc_blocks = store_.clean(gc_budget);
  // Bandwidth the cleaner could not use goes to the host, unless the host is suspended.
  std::uint64_t host_budget = sample.share.panic ? 0 : blocks_per_round_ - sample.gc_blocks;
  while (host_budget > 0) {
    if (!has_pending_) {
      pending_ = next_write_();
      has_pending_ = true;
    }
    if (pending_.blocks > host_budget) break;
    if (!store_.host_write_fits(pending_.blocks)) {
      sample.host_stalled = true;
      break;
    }
    write_(pending_);
    has_pending_ = false;
    host_budget -= pending_.blocks;
    sample.host_blocks += pending_.blocks;
  }
  sample.segments_allocated = store_.log().segments_allocated() - allocated_before;
  sample.segments_reclaimed = store_.log().segments_trimmed() - reclaimed_before;
  return sample;
}

}  // namespace ssdtlm::multi_reference
