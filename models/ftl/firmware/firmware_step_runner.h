#pragma once
// Runs a firmware step after its CPU cycles on the earliest free firmware core (inline when it
// costs no cycles). A template, so a step with no cycles (every preset's firmware) is a plain
// inlined call rather than a loop callback.
#include <cstdint>
#include <utility>

#include "models/ftl/firmware_cores.h"
#include "models/ftl/ftl_cpu_config.h"
#include "models/kernel/timed_callback_queue.h"

namespace ssdtlm {

class FirmwareStepRunner {
 public:
  FirmwareStepRunner(TimedCallbackQueue& timer, FirmwareCores& cores, const FtlCpuConfig& config)
      : timer_(timer), cores_(cores), config_(config) {}

  template <typename Step>
  void run(std::uint64_t cycles, Step&& step) {
    if (cycles == 0) {
      step();
      return;
    }
    timer_.schedule_at(cores_.occupy_earliest(config_.cycles_to_ps(cycles)), std::forward<Step>(step));
  }

 private:
  TimedCallbackQueue& timer_;
  FirmwareCores& cores_;
  const FtlCpuConfig& config_;
};

}  // namespace ssdtlm
