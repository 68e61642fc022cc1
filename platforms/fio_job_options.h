#pragma once
// A workload as fio would describe it: the "jobname" and "job options" of a fio JSON job
// (platforms/fio_json_report.h). Each setting that has a fio option of the same meaning gets
// that option's name and fio's spelling of the value (rw=randrw, rwmixread=70, bs=4096,
// bssplit=4096/50:8192/50, iodepth, size/offset in bytes, number_ios, runtime + time_based,
// rate_iops + rate_process, random_distribution, randseed); a trace replay is read_iolog.
// Settings fio has no option for (snapshots, range commands, burst arrivals) are left out.
#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "models/host/workload/workload_spec.h"

namespace ssdtlm {

// The compact form of the spec (docs/workloads.md), which names the workload in
// `ssdtlm run --workload` too.
std::string fio_job_name(const WorkloadSpec& spec);

// `queue_depth`: the depth the host used (the spec's, else host.queue_depth); `device_bytes`
// and `logical_block_bytes` resolve a range given in fractions; `seed`: the run's seed.
nlohmann::ordered_json fio_job_options(const WorkloadSpec& spec, std::uint32_t queue_depth, std::uint64_t device_bytes,
                                       std::uint32_t logical_block_bytes, std::uint64_t seed);

}  // namespace ssdtlm
