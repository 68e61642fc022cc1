#include "platforms/fio_json_report.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <ctime>

#include "platforms/fio_json_direction.h"

namespace ssdtlm {
namespace {

using ordered_json = nlohmann::ordered_json;

constexpr std::uint64_t kPsPerMs = 1'000'000'000;
constexpr std::uint64_t kPsPerSecond = 1'000'000'000'000;

bool is_data_op(HostOp op) { return op == HostOp::Read || op == HostOp::Write || op == HostOp::Trim; }

// fio's "%f" keys and values are percentages of a count; an empty count gives zeros.
double percent(std::uint64_t part, std::uint64_t whole) {
  return whole == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole);
}

// A distribution over fio's named buckets: counts[i] under names[i], in percent of `total`.
template <std::size_t N>
ordered_json bucket_percentages(const std::array<const char*, N>& names, const std::array<std::uint64_t, N>& counts,
                                std::uint64_t total) {
  ordered_json buckets = ordered_json::object();
  for (std::size_t i = 0; i < N; ++i) buckets[names[i]] = percent(counts[i], total);
  return buckets;
}

// "iodepth_level": how many requests were outstanding (this one included) when each was
// submitted, in fio's buckets 1, 2-3, 4-7, ..., 32-63, >= 64. A completion at the instant of a
// submission counts as before it (a closed loop refills the slot it frees).
ordered_json iodepth_levels(const std::vector<RequestTiming>& timings) {
  std::vector<std::uint64_t> submits;
  std::vector<std::uint64_t> completes;
  submits.reserve(timings.size());
  completes.reserve(timings.size());
  for (const RequestTiming& timing : timings) {
    submits.push_back(timing.submit_ps);
    completes.push_back(timing.complete_ps);
  }
  std::sort(submits.begin(), submits.end());
  std::sort(completes.begin(), completes.end());
  static constexpr std::array<const char*, 7> kNames = {"1", "2", "4", "8", "16", "32", ">=64"};
  std::array<std::uint64_t, 7> counts{};
  std::size_t completed = 0;
  for (std::size_t i = 0; i < submits.size(); ++i) {
    while (completed < completes.size() && completes[completed] <= submits[i]) ++completed;
    const std::uint64_t depth = i + 1 - std::min<std::uint64_t>(completed, i);
    std::size_t bucket = 0;
    while (bucket + 1 < counts.size() && depth >= (std::uint64_t{2} << bucket)) ++bucket;
    ++counts[bucket];
  }
  return bucket_percentages(kNames, counts, timings.size());
}

// "iodepth_submit" / "iodepth_complete": requests per submission and per reaping call. The
// host submits and reaps one request at a time: all in fio's bucket "4" (1 to 4).
ordered_json batch_sizes(std::uint64_t requests) {
  static constexpr std::array<const char*, 7> kNames = {"0", "4", "8", "16", "32", "64", ">=64"};
  std::array<std::uint64_t, 7> counts{};
  counts[1] = requests;
  return bucket_percentages(kNames, counts, requests);
}

// "latency_ns" / "latency_us" / "latency_ms": completion latencies (fio's clat) of the reads,
// writes and trims in fio's buckets; a bucket named x holds latencies below x and at or above
// the previous name, in that unit.
void add_latency_buckets(const std::vector<RequestTiming>& timings, ordered_json& job) {
  static constexpr std::array<std::uint64_t, 10> kEdges = {2, 4, 10, 20, 50, 100, 250, 500, 750, 1000};
  static constexpr std::array<const char*, 10> kNames = {"2", "4", "10", "20", "50", "100", "250", "500", "750", "1000"};
  static constexpr std::array<const char*, 12> kMsNames = {"2",   "4",   "10",  "20",   "50",   "100",
                                                           "250", "500", "750", "1000", "2000", ">=2000"};
  std::array<std::uint64_t, 10> ns{};
  std::array<std::uint64_t, 10> us{};
  std::array<std::uint64_t, 12> ms{};
  std::uint64_t total = 0;
  const auto bucket_of = [](std::uint64_t value) {
    return static_cast<std::size_t>(std::upper_bound(kEdges.begin(), kEdges.end(), value) - kEdges.begin());
  };
  for (const RequestTiming& timing : timings) {
    if (!is_data_op(timing.op)) continue;
    ++total;
    const std::uint64_t clat_ns = fio_ns(timing.complete_ps - timing.fetch_ps);
    if (clat_ns < 1000) {
      ++ns[bucket_of(clat_ns)];
    } else if (clat_ns < 1'000'000) {
      ++us[bucket_of(clat_ns / 1000)];
    } else {
      const std::uint64_t clat_ms = clat_ns / 1'000'000;
      ++ms[clat_ms >= 2000 ? 11 : clat_ms >= 1000 ? 10 : bucket_of(clat_ms)];
    }
  }
  job["latency_ns"] = bucket_percentages(kNames, ns, total);
  job["latency_us"] = bucket_percentages(kNames, us, total);
  job["latency_ms"] = bucket_percentages(kMsNames, ms, total);
}

// fio's "sync" block: flushes (fsync/fdatasync), with their total latency.
ordered_json sync_json(const std::vector<RequestTiming>& timings, const std::vector<double>& percentiles) {
  std::vector<std::uint64_t> latencies_ps;
  for (const RequestTiming& timing : timings) {
    if (timing.op == HostOp::Flush) latencies_ps.push_back(timing.complete_ps - timing.submit_ps);
  }
  ordered_json sync;
  sync["total_ios"] = latencies_ps.size();
  sync["lat_ns"] = fio_latency_json(std::move(latencies_ps), percentiles);
  return sync;
}

ordered_json job_json(const FioJobResult& job, std::uint64_t runtime_ps, const FioGroupBandwidth& group) {
  ordered_json out;
  out["jobname"] = job.name;
  out["groupid"] = 0;
  out["error"] = 0;
  out["eta"] = 0;
  out["elapsed"] = (runtime_ps + kPsPerSecond - 1) / kPsPerSecond;
  out["job options"] = job.options;
  out["read"] = fio_direction_json(*job.timings, HostOp::Read, runtime_ps, group, job.percentiles);
  out["write"] = fio_direction_json(*job.timings, HostOp::Write, runtime_ps, group, job.percentiles);
  out["trim"] = fio_direction_json(*job.timings, HostOp::Trim, runtime_ps, group, job.percentiles);
  out["sync"] = sync_json(*job.timings, job.percentiles);
  out["job_runtime"] = fio_runtime_ms(runtime_ps);
  // The model has no host CPU: no user or system time, context switches or page faults.
  out["usr_cpu"] = 0.0;
  out["sys_cpu"] = 0.0;
  out["ctx"] = 0;
  out["majf"] = 0;
  out["minf"] = 0;
  out["iodepth_level"] = iodepth_levels(*job.timings);
  out["iodepth_submit"] = batch_sizes(job.timings->size());
  out["iodepth_complete"] = batch_sizes(job.timings->size());
  add_latency_buckets(*job.timings, out);
  out["latency_depth"] = job.queue_depth;
  out["latency_target"] = 0;
  out["latency_percentile"] = 100.0;
  out["latency_window"] = 0;
  return out;
}

// The drive as Linux's /sys/block/X/stat shows it: requests, the milliseconds they took
// (submission to completion, summed), and the share of the run with at least one outstanding.
ordered_json disk_util_json(const FioRunResult& run) {
  std::uint64_t read_ios = 0;
  std::uint64_t write_ios = 0;
  std::uint64_t read_ps = 0;
  std::uint64_t write_ps = 0;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> busy;  // [submit, complete) of every request
  for (const FioJobResult& job : run.jobs) {
    for (const RequestTiming& timing : *job.timings) {
      busy.emplace_back(timing.submit_ps, timing.complete_ps);
      if (timing.op == HostOp::Read) {
        ++read_ios;
        read_ps += timing.complete_ps - timing.submit_ps;
      } else if (timing.op == HostOp::Write) {
        ++write_ios;
        write_ps += timing.complete_ps - timing.submit_ps;
      }
    }
  }
  std::sort(busy.begin(), busy.end());
  std::uint64_t busy_ps = 0;
  std::uint64_t covered_until = 0;
  for (const auto& [start, end] : busy) {
    const std::uint64_t from = std::max(start, covered_until);
    if (end > from) busy_ps += end - from;
    covered_until = std::max(covered_until, end);
  }
  const auto ms = [](std::uint64_t ps) { return (ps + kPsPerMs / 2) / kPsPerMs; };
  ordered_json disk;
  disk["name"] = run.disk_name;
  disk["read_ios"] = read_ios;
  disk["write_ios"] = write_ios;
  disk["read_merges"] = 0;
  disk["write_merges"] = 0;
  disk["read_ticks"] = ms(read_ps);
  disk["write_ticks"] = ms(write_ps);
  disk["in_queue"] = ms(read_ps + write_ps);
  disk["util"] = run.runtime_ps == 0 ? 0.0 : std::min(100.0, 100.0 * static_cast<double>(busy_ps) /
                                                                  static_cast<double>(run.runtime_ps));
  return ordered_json::array({disk});
}

// ctime's form without its newline, in local time, as fio prints "time".
std::string time_text(std::int64_t timestamp_ms) {
  const std::time_t seconds = static_cast<std::time_t>(timestamp_ms / 1000);
  std::tm local{};
  localtime_r(&seconds, &local);
  char text[64];
  std::strftime(text, sizeof text, "%a %b %e %H:%M:%S %Y", &local);
  return text;
}

}  // namespace

const std::vector<double>& fio_default_percentiles() {
  static const std::vector<double> percentiles = {1.0,  5.0,  10.0, 20.0, 30.0, 40.0,  50.0,  60.0, 70.0,
                                                  80.0, 90.0, 95.0, 99.0, 99.5, 99.9, 99.95, 99.99};
  return percentiles;
}

ordered_json fio_json_document(const FioRunResult& run) {
  FioGroupBandwidth group;
  for (const FioJobResult& job : run.jobs) {
    for (const RequestTiming& timing : *job.timings) {
      if (is_data_op(timing.op)) group.bytes[static_cast<int>(timing.op)] += timing.size_bytes;
    }
  }
  group.runtime_ps = run.runtime_ps;
  ordered_json document;
  document["fio version"] = run.version;
  document["timestamp"] = run.timestamp_ms / 1000;
  document["timestamp_ms"] = run.timestamp_ms;
  document["time"] = time_text(run.timestamp_ms);
  if (!run.global_options.empty()) document["global options"] = run.global_options;
  document["jobs"] = ordered_json::array();
  for (const FioJobResult& job : run.jobs) document["jobs"].push_back(job_json(job, run.runtime_ps, group));
  document["disk_util"] = disk_util_json(run);
  return document;
}

}  // namespace ssdtlm
