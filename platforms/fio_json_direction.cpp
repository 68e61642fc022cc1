#include "platforms/fio_json_direction.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>

#include "models/common/stats/exact_latency_summary.h"

namespace ssdtlm {
namespace {

using ordered_json = nlohmann::ordered_json;

constexpr std::uint64_t kPsPerNs = 1000;
constexpr std::uint64_t kPsPerMs = 1'000'000'000;
constexpr double kPsPerSecond = 1e12;

std::string percentile_key(double percent) {
  char key[32];
  std::snprintf(key, sizeof key, "%f", percent);  // fio's spelling: "99.900000"
  return key;
}

// min, max, mean and sample standard deviation of fio's bandwidth or IOPS samples (fio's
// calc_lat over bw_stat / iops_stat).
struct SampleStatistics {
  double min = 0.0;
  double max = 0.0;
  double mean = 0.0;
  double stddev = 0.0;
  std::uint64_t count = 0;
};

SampleStatistics sample_statistics(const std::vector<double>& samples) {
  SampleStatistics s;
  s.count = samples.size();
  if (samples.empty()) return s;
  s.min = *std::min_element(samples.begin(), samples.end());
  s.max = *std::max_element(samples.begin(), samples.end());
  double sum = 0.0;
  for (const double sample : samples) sum += sample;
  s.mean = sum / static_cast<double>(samples.size());
  if (samples.size() > 1) {
    double squares = 0.0;
    for (const double sample : samples) squares += (sample - s.mean) * (sample - s.mean);
    s.stddev = std::sqrt(squares / static_cast<double>(samples.size() - 1));
  }
  return s;
}

// Per fio averaging window (kFioSampleWindowPs) of the run: the bytes and requests that
// completed in it. Only whole windows count; a run shorter than one window gives one sample,
// over the whole run.
void window_samples(const std::vector<RequestTiming>& timings, HostOp op, std::uint64_t runtime_ps,
                    std::vector<double>& kib_per_second, std::vector<double>& ios_per_second) {
  const std::uint64_t whole_windows = runtime_ps / kFioSampleWindowPs;
  const std::uint64_t windows = std::max<std::uint64_t>(whole_windows, 1);
  const std::uint64_t window_ps = whole_windows > 0 ? kFioSampleWindowPs : runtime_ps;
  if (window_ps == 0) return;
  std::vector<std::uint64_t> bytes(windows, 0);
  std::vector<std::uint64_t> ios(windows, 0);
  for (const RequestTiming& timing : timings) {
    if (timing.op != op) continue;
    // The run's last completion ends the run: with no whole window it belongs to the one sample.
    const std::uint64_t window = whole_windows > 0 ? timing.complete_ps / window_ps : 0;
    if (window >= windows) continue;  // in the last, partial window
    bytes[window] += timing.size_bytes;
    ++ios[window];
  }
  const double seconds = static_cast<double>(window_ps) / kPsPerSecond;
  for (std::uint64_t i = 0; i < windows; ++i) {
    kib_per_second.push_back(static_cast<double>(bytes[i]) / 1024.0 / seconds);
    ios_per_second.push_back(static_cast<double>(ios[i]) / seconds);
  }
}

}  // namespace

std::uint64_t fio_ns(std::uint64_t ps) { return (ps + kPsPerNs / 2) / kPsPerNs; }

std::uint64_t fio_runtime_ms(std::uint64_t runtime_ps) {
  return std::max<std::uint64_t>(1, (runtime_ps + kPsPerMs / 2) / kPsPerMs);
}

ordered_json fio_latency_json(std::vector<std::uint64_t> samples_ps, const std::vector<double>& percentiles) {
  const ExactLatencySummary summary = summarize_latencies(std::move(samples_ps), percentiles);
  ordered_json latency;
  latency["min"] = fio_ns(summary.min_ps);
  latency["max"] = fio_ns(summary.max_ps);
  latency["mean"] = summary.mean_ps / static_cast<double>(kPsPerNs);
  latency["stddev"] = summary.stddev_ps / static_cast<double>(kPsPerNs);
  latency["N"] = summary.count;
  if (summary.count > 0) {
    ordered_json map = ordered_json::object();
    for (std::size_t i = 0; i < percentiles.size(); ++i) {
      map[percentile_key(percentiles[i])] = fio_ns(summary.percentiles_ps[i]);
    }
    latency["percentile"] = map;
  }
  return latency;
}

ordered_json fio_direction_json(const std::vector<RequestTiming>& timings, HostOp op, std::uint64_t runtime_ps,
                                const FioGroupBandwidth& group, const std::vector<double>& percentiles) {
  std::vector<std::uint64_t> slat_ps;
  std::vector<std::uint64_t> clat_ps;
  std::vector<std::uint64_t> lat_ps;
  std::uint64_t io_bytes = 0;
  for (const RequestTiming& timing : timings) {
    if (timing.op != op) continue;
    io_bytes += timing.size_bytes;
    slat_ps.push_back(timing.fetch_ps - timing.submit_ps);
    clat_ps.push_back(timing.complete_ps - timing.fetch_ps);
    lat_ps.push_back(timing.complete_ps - timing.submit_ps);
  }
  const std::uint64_t total_ios = lat_ps.size();
  // Rates over the exact simulated window, as stats.json's iops and bandwidth_mbps (fio divides
  // by its integer-millisecond runtime, which would be coarse for runs of a few milliseconds).
  const double seconds = static_cast<double>(runtime_ps) * 1e-12;
  const auto bw_bytes = runtime_ps == 0 ? std::uint64_t{0}
                                        : static_cast<std::uint64_t>(static_cast<unsigned __int128>(io_bytes) *
                                                                     1'000'000'000'000ULL / runtime_ps);
  ordered_json block;
  block["io_bytes"] = io_bytes;
  block["io_kbytes"] = io_bytes >> 10;
  block["bw_bytes"] = bw_bytes;
  block["bw"] = bw_bytes / 1024;
  block["iops"] = seconds > 0 ? static_cast<double>(total_ios) / seconds : 0.0;
  block["runtime"] = total_ios > 0 ? fio_runtime_ms(runtime_ps) : 0;
  block["total_ios"] = total_ios;
  block["short_ios"] = 0;  // the model completes every request in full
  block["drop_ios"] = 0;
  block["slat_ns"] = fio_latency_json(std::move(slat_ps), percentiles);
  block["clat_ns"] = fio_latency_json(std::move(clat_ps), percentiles);
  block["lat_ns"] = fio_latency_json(std::move(lat_ps), percentiles);

  std::vector<double> kib_per_second;
  std::vector<double> ios_per_second;
  if (total_ios > 0) window_samples(timings, op, runtime_ps, kib_per_second, ios_per_second);
  const SampleStatistics bw = sample_statistics(kib_per_second);
  const SampleStatistics iops = sample_statistics(ios_per_second);
  // fio: the job's mean sampled bandwidth in percent of its group's, at most 100.
  const std::uint64_t group_bytes = group.bytes[static_cast<int>(op)];
  const double group_kib_per_second =
      group.runtime_ps == 0 ? 0.0
                            : static_cast<double>(group_bytes) * kPsPerSecond / static_cast<double>(group.runtime_ps) / 1024.0;
  block["bw_min"] = static_cast<std::uint64_t>(bw.min);
  block["bw_max"] = static_cast<std::uint64_t>(bw.max);
  block["bw_agg"] = bw.count > 0 && group_kib_per_second > 0 ? std::min(100.0, bw.mean * 100.0 / group_kib_per_second) : 0.0;
  block["bw_mean"] = bw.mean;
  block["bw_dev"] = bw.stddev;
  block["bw_samples"] = bw.count;
  block["iops_min"] = static_cast<std::uint64_t>(iops.min);
  block["iops_max"] = static_cast<std::uint64_t>(iops.max);
  block["iops_mean"] = iops.mean;
  block["iops_stddev"] = iops.stddev;
  block["iops_samples"] = iops.count;
  return block;
}

}  // namespace ssdtlm
