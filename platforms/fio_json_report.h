#pragma once
// A run's results as fio's own `--output-format=json` document (fio 3.28's schema: "fio
// version", "timestamp", "jobs"[] with "read"/"write"/"trim" blocks, "sync", queue-depth and
// latency distributions, "disk_util"), so tools written for fio read it unchanged.
// docs/fio.md defines each figure in the model's terms:
//   slat = from the host's submission (a held open-loop request: its arrival) until the host
//          interface had fetched the command over the link;
//   clat = from that fetch until the completion reached the host;
//   lat  = slat + clat, the latency stats.json reports.
// All three are measured per request (RequestTimingLog) with exact percentiles.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/host/request_timing_log.h"

namespace ssdtlm {

// fio's default percentile_list.
const std::vector<double>& fio_default_percentiles();

// One fio job: its requests and how fio would name and describe it. A run of several flows
// becomes one job per flow, each with the timings of its own requests.
struct FioJobResult {
  std::string name;
  nlohmann::ordered_json options = nlohmann::ordered_json::object();  // "job options": option -> text
  // This job's requests in completion order, owned by the caller (HostStatistics' log, or a
  // flow's share of it): the document is built without copying them.
  const std::vector<RequestTiming>* timings = nullptr;
  std::uint32_t queue_depth = 1;                                      // "latency_depth"
  std::vector<double> percentiles = fio_default_percentiles();
};

struct FioRunResult {
  std::string version;                 // "fio version"
  std::int64_t timestamp_ms = 0;       // wall-clock time of the report (Unix epoch)
  nlohmann::ordered_json global_options = nlohmann::ordered_json::object();  // left out when empty
  std::vector<FioJobResult> jobs;
  std::uint64_t runtime_ps = 0;        // the measured window (stats.json's sim_time_ns)
  std::string disk_name;               // disk_util's "name"
};

nlohmann::ordered_json fio_json_document(const FioRunResult& run);

}  // namespace ssdtlm
