#pragma once
// SimulationSession: one SSD platform in its own SystemC kernel context, driven step by step.
// It is what the Python `ssdtlm.Simulation` wraps (bindings/ssdtlm_module.cpp):
//   * a fresh sc_simcontext per session, made current around every call into the kernel, so
//     several sessions in one process never share kernel state;
//   * several workloads, each with its own host driver, start and stop time (a HostMux
//     multiplexes their drivers onto the platform's one host socket);
//   * with ftl.mode = mjolnir, one more host port on the mux for range commands issued one at
//     a time at the current simulated time (issue_command: Python's sim.snapshot, ...);
//   * time stepping with sc_start(delta) and sc_pause() instead of sc_stop(), so the caller can
//     run code (Python callbacks) at chosen simulated times and then continue;
//   * live statistics and parameters that may change during a run (GC watermarks, foreground GC).
// With a single workload started at 0, run_to_completion() reproduces `ssdtlm run` exactly:
// same module structure, same completion handling, same stats.json.
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <systemc>

#include "models/kernel/timed_callback_queue.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/preconditioning.h"
#include "platforms/ssd_platform.h"

namespace ssdtlm {

class SimulationSession {
 public:
  // `effective`: a validated platform document (load_platform_document or the schema's
  // validate_and_fill). Throws ConfigError for cross-key errors (resolve_ssd_config).
  SimulationSession(const nlohmann::json& effective, const std::string& source);
  ~SimulationSession();
  SimulationSession(const SimulationSession&) = delete;
  SimulationSession& operator=(const SimulationSession&) = delete;

  // Before the first run: adds a workload issuing from `start_ps` (absolute simulated time) and
  // no new request from `stop_ps` on (0: no stop time). Its generator is seeded with `seed`
  // (the spec's seed_offset is added as usual). Returns its index.
  std::size_t add_workload(const WorkloadSpec& spec, std::uint64_t start_ps, std::uint64_t stop_ps,
                           std::uint64_t seed);
  void open_request_records(const std::string& path);
  // Streams timeline rows to `path` as they are sampled (memory stays flat, as in `ssdtlm
  // run`); write_timeline_csv(path) then flushes it.
  void stream_timeline_to(const std::string& path) { platform_->stream_timeline_to(path); }
  // Watches the preconditioning (Python's progress bar and KeyboardInterrupt check).
  void set_precondition_monitor(PreconditionMonitor monitor) { platform_->set_precondition_monitor(std::move(monitor)); }
  // The caller stopped the run early (KeyboardInterrupt): stats.json says "interrupted".
  void mark_interrupted() { platform_->mark_interrupted(); }
  // Flushes the per-request records; ConfigError naming the file when a write failed (disk full).
  void check_request_records_written();
  // stats.vcd (SsdPlatform::open_vcd / close_vcd): before the first run, and at the end.
  void open_vcd(const std::string& path);
  void close_vcd();
  // Functional preconditioning; runs at the first run call (after workloads are added, like
  // `ssdtlm run`), so it can be set any time before.
  void set_precondition(PreconditionMode mode);

  // Advances simulated time to `until_ps` (absolute). With `stop_when_done`, returns early at
  // the instant the workloads are done (see workloads_done). Returns workloads_done().
  bool run_until(std::uint64_t until_ps, bool stop_when_done);
  // Runs until the workloads are done. Returns false if the kernel ran out of activity first
  // (a model deadlock) or there is no workload.
  bool run_to_completion();

  std::uint64_t now_ps() const;
  // False when the kernel has no event left to run (with workloads not done: a deadlock).
  bool pending_activity() const;
  bool started() const { return started_; }
  // Every workload has had its last completion (which ends the measurement, as in
  // `ssdtlm run`) and the FTL has drained what was still in flight.
  bool workloads_done() const;
  std::size_t workload_count() const { return workloads_.size(); }
  // Per workload: index, spec (JSON), start/stop, submitted, outstanding, done.
  nlohmann::json workload_status() const;

  // stats.json content at the current simulated time.
  nlohmann::json statistics() const;
  // Keeps every host request's timings from now on, for fio_json (32 bytes per request).
  void keep_request_timings() { platform_->host_statistics().keep_request_timings(); }
  // The run so far as fio's JSON document (platforms/platform_fio_json.h): one job, named after
  // the workload when there is exactly one. Needs keep_request_timings() before the first run.
  nlohmann::ordered_json fio_json(const std::string& ssdtlm_version) const;
  // Ends the timeline (records the last partial interval); idempotent.
  void stop_timeline();
  void write_timeline_csv(const std::string& path) const;
  const SsdConfig& config() const { return config_; }
  SsdPlatform& platform() { return *platform_; }

  // Live parameters, in the units of the configuration keys.
  void set_gc_watermarks(double low_fraction, double high_fraction);
  void set_foreground_gc(bool foreground);
  // power.enabled: cuts the power now (the kernel is paused between run calls) and returns the
  // recovery report (SsdPlatform::power_loss). The simulation itself goes on as if the power had
  // stayed, so every call is an independent "what if the power failed here".
  nlohmann::json power_loss();

  // ftl.mode = mjolnir: issues one range command (range copy, range move, range delete or
  // snapshot; HostRequest's op, offset_bytes, size_bytes, destination_bytes) at the current
  // simulated time: between run calls (before the first one: at time 0) or from an action of
  // schedule(). It goes through the host interface like a workload's request, on a host port
  // of its own. Returns its handle: 0, 1, ... in issue order, also its id in requests.csv.
  // Throws ConfigError naming the problem (ftl.mode, offset, length, destination) before
  // anything is issued. workloads_done() waits for issued commands too.
  std::uint64_t issue_command(HostRequest request);
  // A command's state: op, offset/size/destination bytes, issued_ps, completed_ps (null until
  // it completes), status "pending", "ok" or "error".
  nlohmann::json command_status(std::uint64_t handle) const;
  std::size_t commands_issued() const { return commands_.size(); }
  std::uint64_t commands_outstanding() const { return commands_outstanding_; }
  // ftl.mode = mjolnir: the content tag a host read of each logical page of [first_page,
  // first_page + pages) returns now (what data mode checks every flash read against); nullopt
  // for a page no mapping covers.
  std::vector<std::optional<std::uint64_t>> page_contents(std::uint64_t first_page, std::uint64_t pages) const;

  // Runs `action` inside the kernel at absolute time `at_ps` (>= now): the hook for in-kernel
  // events of scenarios (fault injection, snapshots at an exact instant).
  void schedule(std::uint64_t at_ps, std::function<void()> action);

  // A failed session (a SystemC error during a run) refuses to run again.
  bool failed() const { return failed_; }

 private:
  class ContextGuard;
  class HostMux;
  class CommandPort;
  struct Command;
  struct Workload;
  void start_if_needed();
  void workload_finished();
  void command_completed();
  // The host side has finished (every workload, every command issued so far): the platform's
  // measurement ends and the FTL drains.
  void finish_host_if_done();
  void pause_if_done();
  void kernel_start(const sc_core::sc_time* duration);

  sc_core::sc_simcontext* context_ = nullptr;
  SsdConfig config_;
  std::unique_ptr<SsdPlatform> platform_;
  std::vector<std::unique_ptr<Workload>> workloads_;
  std::unique_ptr<HostMux> mux_;
  std::unique_ptr<CommandPort> command_port_;  // ftl.mode = mjolnir only
  std::vector<std::unique_ptr<Command>> commands_;
  std::uint64_t commands_outstanding_ = 0;
  bool host_finished_ = false;
  std::unique_ptr<TimedCallbackQueue> actions_;
  PreconditionMode precondition_ = PreconditionMode::None;
  bool started_ = false;
  bool pause_when_done_ = false;
  bool failed_ = false;
  std::size_t finished_workloads_ = 0;
  bool drained_ = false;  // the host side finished and the FTL idle afterwards
};

}  // namespace ssdtlm
