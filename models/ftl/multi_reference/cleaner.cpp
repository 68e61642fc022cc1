#include "models/ftl/multi_reference/cleaner.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace ssdtlm::multi_reference {

Cleaner::Cleaner(SegmentLog& log, TranslationLayer& tl, ReverseMaps& reverse) : log_(log), tl_(tl), reverse_(reverse) {}

void Cleaner::enqueue(const SegmentLiveness& prepared) {
  if (!reverse_.tracks(prepared.segment)) {
    throw std::logic_error("Cleaner: segment " + std::to_string(prepared.segment) + " has no reverse map");
  }
  queue_.push_back(Job{prepared, 0, 0, 0});
}

std::uint64_t Cleaner::outstanding_blocks() const {
  std::uint64_t blocks = 0;
  for (const Job& job : queue_) {
    if (job.prepared.live_blocks > job.issued) blocks += job.prepared.live_blocks - job.issued;
  }
  return blocks;
}

double Cleaner::candidate_invalidity() const {
  if (queue_.empty()) return 0.0;
  std::uint64_t dead = 0;
  for (const Job& job : queue_) dead += log_.segment_blocks() - job.prepared.live_blocks;
  return static_cast<double>(dead) / (static_cast<double>(queue_.size()) * log_.segment_blocks());
}

void Cleaner::drop_abandoned() {
  while (!queue_.empty() && !reverse_.tracks(queue_.front().prepared.segment) && queue_.front().in_flight == 0) {
    queue_.pop_front();
  }
}

std::optional<CopyOp> Cleaner::issue_copy() {
  drop_abandoned();
  if (queue_.empty()) return std::nullopt;
  Job& job = queue_.front();
  if (!reverse_.tracks(job.prepared.segment)) return std::nullopt;  // abandoned, copies in flight
  const Pba start = log_.segment_start(job.prepared.segment);
  while (job.cursor < log_.segment_blocks()) {
    const Pba from = start + job.cursor;
    if (!reverse_.referenced(from)) {
      ++job.cursor;
      continue;
    }
    if (log_.appendable_blocks() == 0) return std::nullopt;
    const Pba to = log_.append(1).front().physical;
    log_.pin(log_.segment_of(to));
    ++job.cursor;
    ++job.in_flight;
    ++job.issued;
    ++in_flight_total_;
    return CopyOp{job.prepared.segment, from, to};
  }
  return std::nullopt;
}

void Cleaner::complete_copy(const CopyOp& op) {
  auto job = std::find_if(queue_.begin(), queue_.end(), [&](const Job& j) { return j.prepared.segment == op.segment; });
  if (job == queue_.end() || job->in_flight == 0) {
    throw std::logic_error("Cleaner: completion of a copy from segment " + std::to_string(op.segment) +
                           " that is not in flight");
  }
  --job->in_flight;
  --in_flight_total_;
  log_.unpin(log_.segment_of(op.to));
  ++blocks_copied_;
  // The old block is intact until the segment is trimmed, so the data comes from it.
  log_.program(op.to, log_.read(op.from));
  std::uint64_t updated = 0;
  if (reverse_.tracks(op.segment)) {
    // One mapping at a time; each remap's callback drops that reverse-map entry.
    reverse_.set_relocating(true);
    for (Lba lba : reverse_.referrers(op.from)) {
      if (tl_.remap_if(lba, op.from, op.to)) ++updated;
    }
    reverse_.set_relocating(false);
  }
  mappings_updated_ += updated;
  if (updated == 0) ++copies_wasted_;  // overwritten (or abandoned) while the copy was in flight
}

std::optional<std::uint32_t> Cleaner::reclaim() {
  drop_abandoned();
  if (queue_.empty()) return std::nullopt;
  Job& job = queue_.front();
  if (job.cursor < log_.segment_blocks() || job.in_flight != 0) return std::nullopt;
  const std::uint32_t segment = job.prepared.segment;
  if (reverse_.entries(segment) != 0) {
    // Cannot happen by the argument in docs/mjolnir.md (dead blocks never gain references,
    // relocated ones lose all of theirs); kept as a safety net: go round again, never trim.
    job.cursor = 0;
    return std::nullopt;
  }
  if (job.prepared.live_blocks > job.issued) blocks_skipped_ += job.prepared.live_blocks - job.issued;
  reverse_.release(segment);
  log_.trim(segment);
  queue_.pop_front();
  ++segments_reclaimed_;
  return segment;
}

}  // namespace ssdtlm::multi_reference
