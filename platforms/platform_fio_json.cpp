#include "platforms/platform_fio_json.h"

#include <chrono>
#include <stdexcept>

#include "models/host/workload/fio/fio_job_file.h"
#include "models/host/workload/fio/fio_job_options.h"
#include "platforms/fio_job_file_report.h"
#include "platforms/fio_job_options.h"
#include "platforms/fio_json_report.h"

namespace ssdtlm {
namespace {

// What the document needs of a platform, whichever kind.
struct RunContext {
  const HostStatistics& statistics;
  std::uint64_t window_ps;
  std::string disk_name;
  std::uint32_t host_queue_depth;
  std::uint64_t device_bytes;
  std::uint32_t logical_block_bytes;
  std::uint64_t seed;
};

nlohmann::ordered_json fio_json_of_run(const RunContext& context, const WorkloadSpec* workload,
                                       const std::string& ssdtlm_version) {
  const RequestTimingLog* timings = context.statistics.request_timings();
  if (timings == nullptr) throw std::logic_error("fio JSON needs the request timings, kept from before the run");
  FioRunResult run;
  run.version = "ssdtlm-" + ssdtlm_version;
  run.timestamp_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::system_clock::now().time_since_epoch())
                         .count();
  run.runtime_ps = context.window_ps;
  run.disk_name = context.disk_name;
  FioJobResult job;
  job.timings = &timings->timings();
  if (workload != nullptr && workload->is_fio()) {
    // The job file's own names and options; its jobs ran as one merged stream, reported as
    // fio's group_reporting reports them: one job, the first section's (its iodepth).
    const FioJobFile file = read_fio_job_file(workload->fio_job_file);
    FioJobFileReport report = fio_job_file_report(file);
    run.global_options = std::move(report.global_options);
    job.name = std::move(report.job_name);
    job.options = std::move(report.job_options);
    job.queue_depth = read_fio_jobs(file).front().iodepth;
  } else if (workload != nullptr) {
    job.queue_depth = workload->queue_depth > 0 ? workload->queue_depth : context.host_queue_depth;
    job.name = fio_job_name(*workload);
    job.options = fio_job_options(*workload, job.queue_depth, context.device_bytes, context.logical_block_bytes,
                                  context.seed);
  } else {
    job.queue_depth = context.host_queue_depth;
    job.name = "ssdtlm";
    job.options["name"] = job.name;
  }
  run.jobs.push_back(std::move(job));
  return fio_json_document(run);
}

}  // namespace

nlohmann::ordered_json platform_fio_json(const SsdPlatform& platform, const WorkloadSpec* workload,
                                         const std::string& ssdtlm_version) {
  const SsdConfig& config = platform.config();
  return fio_json_of_run({platform.host_statistics(), platform.measured_window_ps(),
                          config.effective.value("name", std::string("ssd")), config.host_queue_depth,
                          platform.logical_bytes(), config.host_interface.logical_block_bytes, config.seed},
                         workload, ssdtlm_version);
}

nlohmann::ordered_json platform_fio_json(const RaidPlatform& platform, const WorkloadSpec* workload,
                                         const std::string& ssdtlm_version) {
  const RaidConfig& config = platform.config();
  return fio_json_of_run({platform.host_statistics(), platform.measured_window_ps(),
                          config.effective.value("name", std::string("array")), config.host_queue_depth,
                          platform.logical_bytes(), config.controller.block_bytes, config.seed},
                         workload, ssdtlm_version);
}

}  // namespace ssdtlm
