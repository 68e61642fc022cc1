#include "platforms/raid_simulation_session.h"

#include "models/common/config/config_error.h"
#include "models/kernel/run_interrupt.h"
#include "models/host/workload/request_source_factory.h"
#include "platforms/kernel_context.h"
#include "models/kernel/event_loop.h"

namespace ssdtlm {

RaidSimulationSession::RaidSimulationSession(const nlohmann::json& effective, const std::string& source) {
  config_ = resolve_raid_config(effective, source);
  context_ = new sc_core::sc_simcontext();
  KernelContextGuard guard(context_);
  platform_ = std::make_unique<RaidPlatform>("array", config_);
  platform_->end_with_pause(true);
  // Python callbacks: a loop of their own without run-ahead (see SimulationSession).
  actions_ = std::make_unique<TimedCallbackQueue>("session_actions", EventLoop::RunAhead::Off);
}

RaidSimulationSession::~RaidSimulationSession() {
  {
    KernelContextGuard guard(context_);
    actions_.reset();
    platform_.reset();
  }
  KernelContextGuard::destroy(context_);
}

void RaidSimulationSession::set_workload(const WorkloadSpec& spec) {
  if (started_ || has_workload_) throw config_error("workload", "set once, before the simulation starts");
  KernelContextGuard guard(context_);
  platform_->attach_workload(
      make_request_source(spec, platform_->logical_bytes(), config_.controller.block_bytes, config_.seed));
  has_workload_ = true;
}

void RaidSimulationSession::set_precondition(PreconditionMode mode) {
  if (started_) throw config_error("precondition", "must be set before the simulation starts");
  precondition_ = mode;
}

void RaidSimulationSession::start_if_needed() {
  if (started_) return;
  if (!has_workload_) throw config_error("workload", "a RAID simulation needs a workload before it runs");
  KernelContextGuard guard(context_);
  platform_->precondition(precondition_);
  started_ = true;
}

void RaidSimulationSession::kernel_start(const sc_core::sc_time* duration) {
  run_session_kernel(context_, duration, failed_);
}

bool RaidSimulationSession::run_until(std::uint64_t until_ps) {
  start_if_needed();
  const std::uint64_t now = now_ps();
  if (finished() || until_ps <= now) return finished();
  const sc_core::sc_time duration = sc_core::sc_time::from_value(until_ps - now);
  kernel_start(&duration);
  return finished();
}

bool RaidSimulationSession::run_to_completion() {
  start_if_needed();
  if (!finished()) kernel_start(nullptr);
  if (run_interrupt_requested()) return finished();  // Ctrl-C stopped it (the caller reports that)
  if (!finished()) throw std::runtime_error("the kernel ran out of events before the workload drained (model deadlock?)");
  return true;
}

std::uint64_t RaidSimulationSession::now_ps() const {
  KernelContextGuard guard(context_);
  return sim_now_ps();
}

void RaidSimulationSession::fail_drive(std::uint32_t slot) {
  if (slot >= config_.controller.members) {
    throw config_error("fail_drive", "no member slot " + std::to_string(slot) + " (the array has " +
                                         std::to_string(config_.controller.members) + " members)");
  }
  KernelContextGuard guard(context_);
  platform_->controller().fail_member(slot);
}

void RaidSimulationSession::schedule(std::uint64_t at_ps, std::function<void()> action) {
  KernelContextGuard guard(context_);
  const sc_core::sc_time at = sc_core::sc_time::from_value(at_ps);
  if (at < sim_now()) throw config_error("schedule", "time is in the past");
  actions_->schedule_at(at, std::move(action));
}

nlohmann::json RaidSimulationSession::statistics() const {
  KernelContextGuard guard(context_);
  return platform_->statistics();
}

nlohmann::json RaidSimulationSession::status() const {
  KernelContextGuard guard(context_);
  const RaidController& controller = platform_->controller();
  nlohmann::json failed = nlohmann::json::array();
  for (MemberId d = 0; d < controller.devices(); ++d) {
    if (controller.device_failed(d)) failed.push_back(d);
  }
  return {{"now_ps", sim_now_ps()},
          {"requests_completed", controller.host_requests_completed()},
          {"failed_devices", failed},
          {"rebuild_running", controller.rebuild_running()},
          {"rebuilt_stripes", controller.rebuilt_stripes()},
          {"finished", platform_->finished()}};
}

}  // namespace ssdtlm
