#pragma once
// RaidSimulationSession: one RaidPlatform in its own SystemC kernel context, stepped from
// Python (bindings: ssdtlm.RaidSimulation). Like SimulationSession for one SSD, it runs the
// kernel in slices (sc_start for a duration) so the caller can act at chosen simulated times,
// in particular fail a member drive; schedule() runs an action inside the kernel at an exact
// instant. Run to completion it reproduces `ssdtlm raid` (same platform, same stats.json).
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>
#include <systemc>

#include "models/kernel/timed_callback_queue.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/preconditioning.h"
#include "platforms/raid_platform.h"

namespace ssdtlm {

class RaidSimulationSession {
 public:
  // `effective`: a RAID document as load_raid_document returns it (the "ssd" section resolved).
  RaidSimulationSession(const nlohmann::json& effective, const std::string& source);
  ~RaidSimulationSession();
  RaidSimulationSession(const RaidSimulationSession&) = delete;
  RaidSimulationSession& operator=(const RaidSimulationSession&) = delete;

  // Before the first run: the array's host workload (seeded with the configuration's seed) and
  // the members' preconditioning.
  void set_workload(const WorkloadSpec& spec);
  void set_precondition(PreconditionMode mode);

  // Advances simulated time to `until_ps` (absolute) or to the end of the run, whichever comes
  // first. Returns finished().
  bool run_until(std::uint64_t until_ps);
  // Runs to the end: the workload drained and the members idle. Returns finished().
  bool run_to_completion();
  bool finished() const { return platform_->finished(); }
  std::uint64_t now_ps() const;

  // Takes the drive serving member slot `slot` out of service now (between two runs) or, with
  // schedule(), at an exact instant; a configured spare is rebuilt onto.
  void fail_drive(std::uint32_t slot);
  void schedule(std::uint64_t at_ps, std::function<void()> action);

  nlohmann::json statistics() const;
  nlohmann::json status() const;  // failures, rebuild progress, requests completed
  const RaidConfig& config() const { return config_; }
  RaidPlatform& platform() { return *platform_; }
  bool failed() const { return failed_; }

 private:
  void start_if_needed();
  void kernel_start(const sc_core::sc_time* duration);

  sc_core::sc_simcontext* context_ = nullptr;
  RaidConfig config_;
  std::unique_ptr<RaidPlatform> platform_;
  std::unique_ptr<TimedCallbackQueue> actions_;
  PreconditionMode precondition_ = PreconditionMode::None;
  bool has_workload_ = false;
  bool started_ = false;
  bool failed_ = false;
};

}  // namespace ssdtlm
