#include "platforms/platform_fio_json.h"

#include <chrono>
#include <stdexcept>

#include "platforms/fio_job_options.h"
#include "platforms/fio_json_report.h"

namespace ssdtlm {

nlohmann::ordered_json platform_fio_json(const SsdPlatform& platform, const WorkloadSpec* workload,
                                         const std::string& ssdtlm_version) {
  const RequestTimingLog* timings = platform.host_statistics().request_timings();
  if (timings == nullptr) throw std::logic_error("fio JSON needs the request timings, kept from before the run");
  const SsdConfig& config = platform.config();
  FioRunResult run;
  run.version = "ssdtlm-" + ssdtlm_version;
  run.timestamp_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                         std::chrono::system_clock::now().time_since_epoch())
                         .count();
  run.runtime_ps = platform.measured_window_ps();
  run.disk_name = config.effective.value("name", std::string("ssd"));
  FioJobResult job;
  job.timings = timings->timings();
  if (workload != nullptr) {
    job.queue_depth = workload->queue_depth > 0 ? workload->queue_depth : config.host_queue_depth;
    job.name = fio_job_name(*workload);
    job.options = fio_job_options(*workload, job.queue_depth, platform.logical_bytes(),
                                  config.host_interface.logical_block_bytes, config.seed);
  } else {
    job.queue_depth = config.host_queue_depth;
    job.name = "ssdtlm";
    job.options["name"] = job.name;
  }
  run.jobs.push_back(std::move(job));
  return fio_json_document(run);
}

}  // namespace ssdtlm
