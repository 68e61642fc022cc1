#include "models/ftl/multi_reference/multi_reference_store.h"

#include <stdexcept>
#include <string>

namespace ssdtlm::multi_reference {

MultiReferenceStore::MultiReferenceStore(const MultiReferenceStoreConfig& config)
    : config_(config),
      tl_(config.translation_fanout),
      log_(config.segments, config.segment_blocks),
      reverse_(config.segment_blocks, config.reverse_map_limit_bytes, config.reverse_map_entry_bytes),
      scanner_(config.scanner, log_, tl_, reverse_),
      cleaner_(log_, tl_, reverse_),
      rate_limiter_(config.rate_limiter) {
  tl_.set_observer(&reverse_);
}

bool MultiReferenceStore::host_write_fits(std::uint64_t blocks) const {
  const std::uint64_t reserve = std::uint64_t{config_.rate_limiter.panic_free_segments} * log_.segment_blocks();
  return log_.appendable_blocks() >= blocks + reserve;
}

void MultiReferenceStore::write(Lba lba, const std::vector<std::uint64_t>& tags) {
  if (tags.empty()) throw std::invalid_argument("MultiReferenceStore::write: no blocks");
  if (!host_write_fits(tags.size())) {
    throw std::runtime_error("MultiReferenceStore::write: " + std::to_string(tags.size()) +
                             " blocks would eat into the cleaner's reserve (panic mode)");
  }
  Lba at = lba;
  std::size_t next_tag = 0;
  for (const PhysicalRun& run : log_.append(tags.size())) {
    for (std::uint64_t i = 0; i < run.length; ++i) log_.program(run.physical + i, tags[next_tag++]);
    tl_.map(at, run.physical, run.length);
    at += run.length;
  }
}

std::optional<std::uint64_t> MultiReferenceStore::read(Lba lba) const {
  const std::optional<Pba> pba = tl_.lookup(lba);
  if (!pba) return std::nullopt;
  return log_.read(*pba);
}

ScanCycleResult MultiReferenceStore::scan_cycle() {
  ScanCycleResult result = scanner_.run_cycle();
  for (const SegmentLiveness& prepared : result.prepared) cleaner_.enqueue(prepared);
  return result;
}

std::uint64_t MultiReferenceStore::clean(std::uint64_t max_blocks) {
  std::uint64_t copied = 0;
  while (true) {
    while (cleaner_.reclaim()) {
    }
    if (copied == max_blocks) break;
    const std::optional<CopyOp> op = cleaner_.issue_copy();
    if (!op) break;
    cleaner_.complete_copy(*op);
    ++copied;
  }
  return copied;
}

BandwidthShare MultiReferenceStore::bandwidth_share(std::uint64_t host_outstanding_blocks) const {
  RateLimiterInputs in;
  in.free_segments = log_.free_segments();
  in.total_segments = log_.segments();
  in.candidate_invalidity = cleaner_.candidate_invalidity();
  in.gc_outstanding_blocks = cleaner_.outstanding_blocks();
  in.host_outstanding_blocks = host_outstanding_blocks;
  return rate_limiter_.share(in);
}

}  // namespace ssdtlm::multi_reference
