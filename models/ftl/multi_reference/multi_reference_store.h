#pragma once
// MultiReferenceStore: the untimed multi-reference flash store of [Weiss et al. 2015] put together.
// It owns the translation layer, the segment log with its content tags, the reverse maps (the map's
// observer), the scanner, the cleaner and the rate limiter, and offers the host operations (write /
// read / trim, range copy, range move, range delete, snapshot) plus GC steps for a driver:
// scan_cycle() runs one pipelined scan and queues what it prepared for the cleaner; clean()
// relocates with every copy completed at once. A timed shell will instead call the cleaner's
// issue/complete steps around its flash programs (docs/mjolnir.md).
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "models/ftl/multi_reference/cleaner.h"
#include "models/ftl/multi_reference/rate_limiter.h"
#include "models/ftl/multi_reference/reverse_maps.h"
#include "models/ftl/multi_reference/scanner.h"
#include "models/ftl/multi_reference/segment_log.h"
#include "models/ftl/multi_reference/translation_layer.h"

namespace ssdtlm::multi_reference {

struct MultiReferenceStoreConfig {
  std::uint32_t segments = 64;
  std::uint32_t segment_blocks = 64;
  std::uint64_t reverse_map_limit_bytes = 1 << 20;
  std::uint32_t reverse_map_entry_bytes = 24;  // logical start, physical start, length: 3 x 8 B
  std::size_t translation_fanout = 32;  // B+-tree node capacity (extents per leaf, keys per index node)
  ScannerConfig scanner;
  RateLimiterConfig rate_limiter;
};

class MultiReferenceStore {
 public:
  explicit MultiReferenceStore(const MultiReferenceStoreConfig& config);
  MultiReferenceStore(const MultiReferenceStore&) = delete;
  MultiReferenceStore& operator=(const MultiReferenceStore&) = delete;

  // Host writes are refused (std::runtime_error) when they would eat into the panic reserve
  // the cleaner needs; host_write_fits() says whether one would be accepted.
  bool host_write_fits(std::uint64_t blocks) const;
  void write(Lba lba, const std::vector<std::uint64_t>& tags);
  std::optional<std::uint64_t> read(Lba lba) const;
  void trim(Lba lba, std::uint64_t length) { tl_.unmap(lba, length); }
  void range_delete(Lba lba, std::uint64_t length) { tl_.unmap(lba, length); }
  void range_copy(Lba src, Lba dst, std::uint64_t length) { tl_.range_copy(src, dst, length); }
  void range_move(Lba src, Lba dst, std::uint64_t length) { tl_.range_move(src, dst, length); }
  // A snapshot is a range copy of the volume's logical range into the snapshot's range.
  void snapshot(Lba volume, std::uint64_t length, Lba snapshot_at) { tl_.range_copy(volume, snapshot_at, length); }

  // A timed shell pins the segment of a host write whose program is still in flight, so the
  // scanner does not judge (and the cleaner does not read) blocks not yet on flash.
  void pin_segment(std::uint32_t segment) { log_.pin(segment); }
  void unpin_segment(std::uint32_t segment) { log_.unpin(segment); }

  ScanCycleResult scan_cycle();
  // Relocates up to max_blocks referenced blocks (copies completed at once) and reclaims the
  // segments that become empty; returns the blocks copied.
  std::uint64_t clean(std::uint64_t max_blocks);
  BandwidthShare bandwidth_share(std::uint64_t host_outstanding_blocks) const;
  double utilization() const { return 1.0 - static_cast<double>(log_.free_segments()) / log_.segments(); }

  const TranslationLayer& translation_layer() const { return tl_; }
  const SegmentLog& log() const { return log_; }
  const ReverseMaps& reverse_maps() const { return reverse_; }
  const Scanner& scanner() const { return scanner_; }
  Cleaner& cleaner() { return cleaner_; }
  const Cleaner& cleaner() const { return cleaner_; }

 private:
  MultiReferenceStoreConfig config_;
  TranslationLayer tl_;
  SegmentLog log_;
  ReverseMaps reverse_;
  Scanner scanner_;
  Cleaner cleaner_;
  RateLimiter rate_limiter_;
};

}  // namespace ssdtlm::multi_reference
