#pragma once
// The fio JSON document (platforms/fio_json_report.h) of a run of an SsdPlatform or a
// RaidPlatform: what `ssdtlm run|raid --output-format fio-json` prints and writes to fio.json,
// and what Python's Result.to_fio_json() returns.
#include <string>

#include <nlohmann/json.hpp>

#include "models/host/workload/workload_spec.h"
#include "platforms/raid_platform.h"
#include "platforms/ssd_platform.h"

namespace ssdtlm {

// The platform's host statistics must have kept request timings since before the run
// (HostStatistics::keep_request_timings); std::logic_error otherwise. `workload`: the run's
// one workload, which names the job and gives its "job options" (a fio job file: its own
// names and options, platforms/fio_job_file_report.h); null for a run of several workloads
// (one job of their merged requests, named "ssdtlm"). `ssdtlm_version` goes into "fio version".
nlohmann::ordered_json platform_fio_json(const SsdPlatform& platform, const WorkloadSpec* workload,
                                         const std::string& ssdtlm_version);
// A RAID array: the array host's requests (the controller takes each as it is submitted, so
// slat is 0 and clat the whole latency); disk_util is the array's.
nlohmann::ordered_json platform_fio_json(const RaidPlatform& platform, const WorkloadSpec* workload,
                                         const std::string& ssdtlm_version);

}  // namespace ssdtlm
