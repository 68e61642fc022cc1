#pragma once
// WarmupSource: a workload with a warm-up (the spec's ramp=, docs/workloads.md "Warm-up"). It
// passes on the requests of a source that applies no stop condition of its own and tells the
// host driver where the warm-up ends and which stop conditions (count=, time=) count from there.
#include <memory>
#include <string>

#include "models/host/workload/request_source.h"

namespace ssdtlm {

class WarmupSource final : public RequestSource {
 public:
  // `inner`: the workload without its count and time limits (make_request_source). `warmup_requests` or
  // `warmup_ns` (one of them non-zero) is the warm-up; `limits` the spec's count and time.
  WarmupSource(std::unique_ptr<RequestSource> inner, std::uint64_t warmup_requests, std::uint64_t warmup_ns,
               WindowLimits limits)
      : inner_(std::move(inner)), warmup_requests_(warmup_requests), warmup_ns_(warmup_ns), limits_(limits) {}

  bool next(HostRequest& request) override { return inner_->next(request); }
  ArrivalMode arrival_mode() const override { return inner_->arrival_mode(); }
  std::uint32_t queue_depth() const override { return inner_->queue_depth(); }
  void completed(const HostRequest& request, std::uint64_t now_ns) override { inner_->completed(request, now_ns); }
  bool finished() const override { return inner_->finished(); }
  std::uint64_t stop_after_ns() const override { return inner_->stop_after_ns(); }
  std::uint64_t measured_from_ns() const override { return warmup_ns_; }
  std::uint64_t warmup_requests() const override { return warmup_requests_; }
  WindowLimits window_limits() const override { return limits_; }
  std::string describe() const override { return inner_->describe(); }
  nlohmann::json report() const override { return inner_->report(); }

 private:
  std::unique_ptr<RequestSource> inner_;
  std::uint64_t warmup_requests_;
  std::uint64_t warmup_ns_;
  WindowLimits limits_;
};

}  // namespace ssdtlm
