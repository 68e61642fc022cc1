#include "models/host/trace/trace_statistics.h"

#include <algorithm>
#include <cmath>
#include <functional>
#include <sstream>

#include "models/common/config/config_error.h"
#include "models/host/trace/page_span.h"
#include "models/host/trace/page_table.h"
#include "models/host/workload/spec_text.h"

namespace ssdtlm {
namespace {

constexpr unsigned kSmallestBucketLog2 = 9;  // 512 B: nothing smaller is addressable
constexpr unsigned kLargestBucketLog2 = 40;  // 1 TiB

// Per page: access count in the low 31 bits, "ever written" in the top bit.
constexpr std::uint32_t kWrittenBit = 0x8000'0000u;
constexpr std::uint32_t kCountMask = 0x7fff'ffffu;

unsigned bucket_log2(std::uint64_t size_bytes) {
  unsigned log2 = kSmallestBucketLog2;
  while (log2 < kLargestBucketLog2 && (1ull << log2) < size_bytes) ++log2;
  return log2;
}

std::vector<LocalityPoint> locality_of(const PageTable& pages, std::uint64_t total_accesses,
                                       const std::vector<double>& access_percents) {
  std::vector<std::uint32_t> counts;
  counts.reserve(pages.size());
  pages.for_each([&](std::uint64_t, std::uint32_t value) { counts.push_back(value & kCountMask); });
  std::sort(counts.begin(), counts.end(), std::greater<>());
  std::vector<LocalityPoint> points;
  for (double percent : access_percents) {
    // The fewest hottest pages whose accesses reach `percent` of all accesses.
    const double target = percent / 100.0 * static_cast<double>(total_accesses);
    std::uint64_t covered = 0, pages_needed = 0;
    while (pages_needed < counts.size() && static_cast<double>(covered) < target) {
      covered += counts[pages_needed++];
    }
    points.push_back({percent, counts.empty() ? 0.0
                                              : 100.0 * static_cast<double>(pages_needed) /
                                                    static_cast<double>(counts.size())});
  }
  return points;
}

}  // namespace

TraceStatistics compute_trace_statistics(TraceReader& reader, const TraceStatisticsOptions& options) {
  if (options.page_bytes == 0) throw config_error("trace statistics", "page size must be > 0");
  TraceStatistics stats;
  stats.path = reader.path();
  stats.format = reader.format_description();
  stats.page_bytes = options.page_bytes;
  std::vector<std::uint64_t> buckets(kLargestBucketLog2 + 1, 0);
  PageTable pages;
  std::uint32_t last_device = 0;
  std::uint64_t* last_device_count = nullptr;

  TraceRecord record;
  while (reader.next(record)) {
    if (record.op == HostOp::Flush) {
      ++stats.flushes;
      continue;
    }
    if (stats.requests == 0) {
      stats.first_timestamp_ns = record.timestamp_ns;
      stats.min_request_bytes = record.size_bytes;
    }
    ++stats.requests;
    stats.first_timestamp_ns = std::min(stats.first_timestamp_ns, record.timestamp_ns);
    stats.last_timestamp_ns = std::max(stats.last_timestamp_ns, record.timestamp_ns);
    stats.min_request_bytes = std::min(stats.min_request_bytes, record.size_bytes);
    stats.max_request_bytes = std::max(stats.max_request_bytes, record.size_bytes);
    ++buckets[bucket_log2(record.size_bytes)];
    if (last_device_count == nullptr || record.device != last_device) {
      last_device = record.device;
      last_device_count = &stats.requests_per_device[record.device];
    }
    ++*last_device_count;

    if (record.op == HostOp::Trim) {
      ++stats.trims;
      stats.bytes_trimmed += record.size_bytes;
      continue;
    }
    const bool write = record.op == HostOp::Write;
    if (write) {
      ++stats.writes;
      stats.bytes_written += record.size_bytes;
    } else {
      ++stats.reads;
      stats.bytes_read += record.size_bytes;
    }
    const PageSpan span = page_span(record, options.page_bytes);
    (write ? stats.page_writes : stats.page_reads) += span.page_count;
    for (std::uint64_t page = span.first_page; page < span.first_page + span.page_count; ++page) {
      bool inserted = false;
      std::uint32_t& value = pages.find_or_insert(page, inserted);
      if ((value & kCountMask) != kCountMask) ++value;  // saturate: ranks stay right
      if (write) value |= kWrittenBit;
    }
  }
  stats.footprint_pages = pages.size();
  pages.for_each([&](std::uint64_t, std::uint32_t value) {
    if ((value & kWrittenBit) == 0) ++stats.read_only_pages;
  });
  for (unsigned log2 = 0; log2 < buckets.size(); ++log2) {
    if (buckets[log2] != 0) stats.size_histogram.push_back({1ull << log2, buckets[log2]});
  }
  stats.locality = locality_of(pages, stats.page_reads + stats.page_writes, options.locality_access_percents);
  stats.lines = reader.counts();
  return stats;
}

nlohmann::json to_json(const TraceLineCounts& counts) {
  nlohmann::json by_kind = nlohmann::json::object();
  nlohmann::json examples = nlohmann::json::object();
  for (std::size_t kind = 0; kind < kBadLineKindCount; ++kind) {
    if (counts.bad_by_kind[kind] == 0) continue;
    const char* name = to_string(static_cast<BadLineKind>(kind));
    by_kind[name] = counts.bad_by_kind[kind];
    examples[name] = counts.first_bad[kind];
  }
  return {{"total", counts.lines},
          {"records", counts.records},
          {"ignored", counts.ignored},
          {"zero_size", counts.zero_size},
          {"filtered", counts.filtered},
          {"bad", {{"total", counts.bad()}, {"by_kind", by_kind}, {"first_example", examples}}}};
}

nlohmann::json to_json(const TraceStatistics& stats) {
  nlohmann::json sizes = nlohmann::json::array();
  for (const SizeBucket& bucket : stats.size_histogram) {
    sizes.push_back({{"max_bytes", bucket.max_bytes}, {"requests", bucket.requests}});
  }
  nlohmann::json devices = nlohmann::json::object();
  for (const auto& [device, requests] : stats.requests_per_device) {
    devices[std::to_string(device)] = requests;
  }
  nlohmann::json locality = nlohmann::json::array();
  for (const LocalityPoint& point : stats.locality) {
    locality.push_back(
        {{"access_percent", point.access_percent}, {"footprint_percent", point.footprint_percent}});
  }
  const std::uint64_t page_requests = stats.page_reads + stats.page_writes;
  return {
      {"path", stats.path},
      {"format", stats.format},
      {"requests", stats.requests},
      {"reads", stats.reads},
      {"writes", stats.writes},
      {"trims", stats.trims},
      {"flushes", stats.flushes},
      {"bytes_read", stats.bytes_read},
      {"bytes_written", stats.bytes_written},
      {"bytes_trimmed", stats.bytes_trimmed},
      {"request_bytes",
       {{"min", stats.min_request_bytes},
        {"max", stats.max_request_bytes},
        {"mean", stats.requests == 0 ? 0.0
                                     : double(stats.bytes_read + stats.bytes_written + stats.bytes_trimmed) /
                                           double(stats.requests)},
        {"histogram", sizes}}},
      {"requests_per_device", devices},
      {"duration_ns", stats.last_timestamp_ns - stats.first_timestamp_ns},
      {"page_bytes", stats.page_bytes},
      {"page_reads", stats.page_reads},
      {"page_writes", stats.page_writes},
      {"page_write_percent",
       page_requests == 0 ? 0.0 : 100.0 * double(stats.page_writes) / double(page_requests)},
      {"footprint_pages", stats.footprint_pages},
      {"footprint_bytes", stats.footprint_bytes()},
      {"read_only_pages", stats.read_only_pages},
      {"read_only_footprint_percent",
       stats.footprint_pages == 0 ? 0.0
                                  : 100.0 * double(stats.read_only_pages) / double(stats.footprint_pages)},
      {"locality", locality},
      {"lines", to_json(stats.lines)},
  };
}

std::string to_text(const TraceStatistics& stats) {
  std::ostringstream out;
  out.setf(std::ios::fixed);
  const auto percent = [](std::uint64_t part, std::uint64_t whole) {
    return whole == 0 ? 0.0 : 100.0 * double(part) / double(whole);
  };
  out << "trace      " << stats.path << "\nformat     " << stats.format << "\n";
  out << "requests   " << stats.requests << "  (reads " << stats.reads << ", writes " << stats.writes;
  if (stats.trims != 0) out << ", trims " << stats.trims;
  if (stats.flushes != 0) out << ", flushes " << stats.flushes;
  out << ")\n";
  out << "bytes      read " << stats.bytes_read << " (" << spec::format_bytes(stats.bytes_read)
      << "), written " << stats.bytes_written << " (" << spec::format_bytes(stats.bytes_written) << ")\n";
  out.precision(3);
  out << "duration   " << double(stats.last_timestamp_ns - stats.first_timestamp_ns) / 1e9 << " s\n";
  out << "devices    " << stats.requests_per_device.size() << "\n";
  out << "sizes      min " << stats.min_request_bytes << " B, max " << stats.max_request_bytes << " B\n";
  for (const SizeBucket& bucket : stats.size_histogram) {
    out << "  <= " << spec::format_bytes(bucket.max_bytes) << "\t" << bucket.requests << "\t("
        << percent(bucket.requests, stats.requests) << " %)\n";
  }
  out << "pages      " << spec::format_bytes(stats.page_bytes) << ": " << stats.page_reads << " page reads, "
      << stats.page_writes << " page writes ("
      << percent(stats.page_writes, stats.page_reads + stats.page_writes) << " % writes)\n";
  out << "footprint  " << stats.footprint_pages << " pages = " << stats.footprint_bytes() << " B; read-only "
      << percent(stats.read_only_pages, stats.footprint_pages) << " %\n";
  out << "locality   ([Van Houdt 2013] Table 3: the hottest pages taking y % of page accesses are v % "
         "of the footprint)\n";
  out.precision(2);
  for (const LocalityPoint& point : stats.locality) {
    out << "  y = " << point.access_percent << " %\tv = " << point.footprint_percent << " %\n";
  }
  out << "lines      " << stats.lines.lines << " read, " << stats.lines.records << " records, "
      << stats.lines.ignored << " ignored, " << stats.lines.zero_size << " zero-size, "
      << stats.lines.filtered << " filtered, " << stats.lines.bad() << " bad\n";
  for (std::size_t kind = 0; kind < kBadLineKindCount; ++kind) {
    if (stats.lines.bad_by_kind[kind] == 0) continue;
    out << "  " << to_string(static_cast<BadLineKind>(kind)) << "\t" << stats.lines.bad_by_kind[kind]
        << "\tfirst: " << stats.lines.first_bad[kind] << "\n";
  }
  return out.str();
}

}  // namespace ssdtlm
