#pragma once
// The parts of fio's JSON document built per I/O direction (platforms/fio_json_report.h): a
// "read"/"write"/"trim" block and the slat_ns/clat_ns/lat_ns latency objects.
#include <array>
#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/host/request_timing_log.h"

namespace ssdtlm {

// What fio's "bw_agg" is a share of: the bytes every job of the group moved per direction
// (indexed by HostOp Read, Write, Trim) over the run.
struct FioGroupBandwidth {
  std::array<std::uint64_t, 3> bytes{};
  std::uint64_t runtime_ps = 0;
};

// fio's averaging window of its bandwidth and IOPS samples (bw_avg_time, iops_avg_time: 500 ms).
inline constexpr std::uint64_t kFioSampleWindowPs = 500'000'000'000;

// Picoseconds to fio's integer nanoseconds (nearest).
std::uint64_t fio_ns(std::uint64_t ps);
// A run time in fio's integer milliseconds ("runtime", "job_runtime"): the nearest, and at
// least 1 ms (tools divide by it).
std::uint64_t fio_runtime_ms(std::uint64_t runtime_ps);

// {"min", "max", "mean", "stddev", "N", "percentile": {"1.000000": ns, ...}} in ns; no
// "percentile" without samples (as fio).
nlohmann::ordered_json fio_latency_json(std::vector<std::uint64_t> samples_ps, const std::vector<double>& percentiles);

// The block of direction `op` (Read, Write or Trim) over the requests of one job.
nlohmann::ordered_json fio_direction_json(const std::vector<RequestTiming>& timings, HostOp op, std::uint64_t runtime_ps,
                                          const FioGroupBandwidth& group, const std::vector<double>& percentiles);

}  // namespace ssdtlm
