#include "models/host/workload/fio/fio_request_source.h"

#include <algorithm>
#include <numeric>

#include "models/common/config/config_error.h"
#include "models/host/workload/fio/fio_job_file.h"
#include "models/host/workload/fio/fio_job_options.h"

namespace ssdtlm {
namespace {

constexpr std::uint32_t kMaxQueueDepth = 65536;

std::uint64_t flow_seed(std::uint64_t seed, std::size_t flow) {
  return seed + static_cast<std::uint64_t>(flow + 1) * 0x9e3779b97f4a7c15ull;
}

}  // namespace

void check_fio_job_file(const std::string& path) {
  read_fio_jobs(read_fio_job_file(path));
}

FioRequestSource::FioRequestSource(const std::string& path, std::uint64_t device_bytes,
                                   std::uint32_t logical_block_bytes, std::uint64_t seed)
    : path_(path) {
  const std::vector<FioJobOptions> jobs = read_fio_jobs(read_fio_job_file(path));
  std::uint64_t depth = 0;
  const FioJobOptions* ramp_job = nullptr;
  for (const FioJobOptions& job : jobs) {
    for (std::uint32_t clone = 0; clone < job.numjobs; ++clone) {
      const FioJobRange range = resolve_fio_job_range(job, clone, device_bytes, logical_block_bytes);
      const std::uint64_t job_seed = flow_seed(job.randseed_given ? job.randseed : seed, flows_.size());
      flows_.push_back(std::make_unique<FioJobStream>(job, range, job_seed));
      depth += job.iodepth;
    }
    for (const std::string& note : job.ignored) {
      if (std::find(ignored_.begin(), ignored_.end(), note) == ignored_.end()) ignored_.push_back(note);
    }
    // One statistics window for the merged stream: the jobs' ramps must end together.
    const std::uint64_t ramp_end = flows_.back()->ramp_end_ns();
    if (ramp_end != 0 && measured_from_ns_ != 0 && ramp_end != measured_from_ns_) {
      throw config_error(job.where("ramp_time"),
                         "job " + job.name + " ends its ramp at " + std::to_string(ramp_end / 1000) +
                             " us, job " + ramp_job->name + " at " + std::to_string(measured_from_ns_ / 1000) +
                             " us: the merged statistics have one window, so startdelay + ramp_time must agree");
    }
    if (ramp_end != 0) {
      measured_from_ns_ = ramp_end;
      ramp_job = &job;
    }
  }
  if (depth > kMaxQueueDepth) {
    throw config_error(path, "the jobs keep " + std::to_string(depth) + " I/Os in flight (iodepth x numjobs), more than " +
                                 std::to_string(kMaxQueueDepth));
  }
  queue_depth_ = static_cast<std::uint32_t>(depth);
}

FioRequestSource::~FioRequestSource() = default;

bool FioRequestSource::next(HostRequest& request) {
  for (std::size_t i = 0; i < flows_.size(); ++i) {
    const std::size_t flow = (first_flow_ + i) % flows_.size();
    if (flows_[flow]->next(request, now_ns_)) {
      request.id = issued_++;
      request.stream = static_cast<std::uint32_t>(flow);
      first_flow_ = (flow + 1) % flows_.size();
      return true;
    }
  }
  return false;
}

void FioRequestSource::completed(const HostRequest& request, std::uint64_t now_ns) {
  now_ns_ = std::max(now_ns_, now_ns);
  flows_.at(request.stream)->completed(now_ns_);
}

bool FioRequestSource::finished() const {
  return std::all_of(flows_.begin(), flows_.end(), [](const auto& flow) { return flow->finished(); });
}

std::string FioRequestSource::describe() const {
  return "fio job file " + path_ + ": " + std::to_string(flows_.size()) + " flow(s), " + std::to_string(queue_depth_) +
         " I/Os in flight at most";
}

nlohmann::json FioRequestSource::report() const {
  nlohmann::json report = {{"format", "fio"}, {"path", path_}, {"measured_from_ns", measured_from_ns_}};
  nlohmann::json flows = nlohmann::json::array();
  for (const auto& flow : flows_) {
    flows.push_back({{"job", flow->options().name}, {"iodepth", flow->iodepth()}, {"requests", flow->issued()}});
  }
  report["flows"] = std::move(flows);
  if (!ignored_.empty()) report["ignored_options"] = ignored_;
  return report;
}

}  // namespace ssdtlm
