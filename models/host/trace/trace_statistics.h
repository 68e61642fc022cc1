#pragma once
// What `ssdtlm trace-stats` reports about a trace: counts and bytes per operation, request
// sizes, the footprint in pages, and [Van Houdt 2013]'s Tables 2 and 3 (read-only share of the
// footprint, LBA locality). One streaming pass; memory grows with the footprint only.
#include <cstdint>
#include <map>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "models/host/trace/trace_reader.h"

namespace ssdtlm {

struct TraceStatisticsOptions {
  std::uint64_t page_bytes = 4096;  // [Van Houdt 2013] section 4.1 uses 4 KiB pages
  // The columns of [Van Houdt 2013] Table 3: percent of the page accesses.
  std::vector<double> locality_access_percents = {20, 40, 60, 80};
};

struct SizeBucket {
  std::uint64_t max_bytes = 0;  // requests of (previous bucket's max, max_bytes]
  std::uint64_t requests = 0;
};

// [Van Houdt 2013] Table 3, read as "the most frequently accessed pages that receive
// access_percent % of all page accesses make up footprint_percent % of the footprint".
struct LocalityPoint {
  double access_percent = 0;
  double footprint_percent = 0;
};

struct TraceStatistics {
  std::string path;
  std::string format;  // with "(detected ...)" when auto-detected
  std::uint64_t requests = 0;
  std::uint64_t reads = 0;
  std::uint64_t writes = 0;
  std::uint64_t trims = 0;
  std::uint64_t flushes = 0;  // not counted in requests (no data, no size)
  std::uint64_t bytes_read = 0;
  std::uint64_t bytes_written = 0;
  std::uint64_t bytes_trimmed = 0;
  std::uint64_t min_request_bytes = 0;
  std::uint64_t max_request_bytes = 0;
  std::vector<SizeBucket> size_histogram;  // power-of-two buckets, empty ones dropped
  std::map<std::uint32_t, std::uint64_t> requests_per_device;
  std::uint64_t first_timestamp_ns = 0;
  std::uint64_t last_timestamp_ns = 0;
  // Pages, by [Van Houdt 2013]'s processing (page_span.h); trims do not count.
  std::uint64_t page_bytes = 0;
  std::uint64_t page_reads = 0;
  std::uint64_t page_writes = 0;
  std::uint64_t footprint_pages = 0;
  std::uint64_t read_only_pages = 0;  // footprint pages never written (Table 2's %LBA_RO)
  std::uint64_t footprint_bytes() const { return footprint_pages * page_bytes; }
  std::vector<LocalityPoint> locality;
  TraceLineCounts lines;
};

TraceStatistics compute_trace_statistics(TraceReader& reader, const TraceStatisticsOptions& options = {});

nlohmann::json to_json(const TraceStatistics& statistics);
std::string to_text(const TraceStatistics& statistics);  // the human-readable report
// {"total", "records", "ignored", "zero_size", "filtered", "bad": {"total", "by_kind",
// "first_example"}}: the line accounting trace-stats and a replay's stats.json share.
nlohmann::json to_json(const TraceLineCounts& counts);

}  // namespace ssdtlm
