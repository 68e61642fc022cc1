#pragma once
// SsdPlatform: one SSD and its host, assembled from a resolved SsdConfig:
//   HostDriver -> HostInterface -> FtlFirmware (FtlCpu around FtlCore, or MultiReferenceCpu)
//   -> FlashController -> channel buses -> NandDies
// It owns the functional state (FtlCore, DataOracle) outside the SystemC modules so that
// preconditioning can run through the untimed path before the timed simulation starts.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>
#include <systemc>

#include "models/common/data_oracle.h"
#include "models/kernel/event_loop.h"
#include "models/controller/flash_controller.h"
#include "models/ftl/core/ftl_core.h"
#include "models/ftl/firmware/ftl_firmware.h"
#include "models/ftl/recovery/map_rebuild.h"
#include "models/ftl/recovery/power_loss_recorder.h"
#include "models/host/host_driver.h"
#include "models/host/host_interface.h"
#include "models/host/host_statistics.h"
#include "models/host/workload/request_source.h"
#include "models/nand/nand_dies.h"
#include "platforms/die_wiring.h"
#include "platforms/preconditioning.h"
#include "platforms/ssd_config.h"
#include "platforms/activity_vcd_writer.h"
#include "platforms/timeline_sampler.h"

namespace ssdtlm {

class SsdPlatform : public sc_core::sc_module {
 public:
  // `die_targets`: what each controller die socket is bound to (die_wiring.h); the built-in dies
  // when empty.
  SsdPlatform(sc_core::sc_module_name name, const SsdConfig& config, const DieTargetFactory& die_targets = {});
  // Adds the host driver for `source` (before the simulation starts). Without one the platform
  // has no host workload and tests drive HostInterface or FtlCpu directly.
  void attach_workload(std::unique_ptr<RequestSource> source);
  std::uint64_t logical_bytes() const;
  const PreconditionResult& precondition_result() const { return precondition_result_; }
  ~SsdPlatform() override;

  // Functional preconditioning before sc_start. The dies' state is set from the core at the end
  // (die_state_materializer.h), or, in data mode, with power-loss recording or when
  // `mirror_each_operation` (tests), mirrored program by program; the result is the same.
  void precondition(PreconditionMode mode, bool mirror_each_operation = false);
  // Watches the next precondition() (progress display; see PreconditionMonitor).
  void set_precondition_monitor(PreconditionMonitor monitor) { precondition_monitor_ = std::move(monitor); }
  // Runs until the workload is drained (or `limit` of simulated time, if non-zero).
  void run(const sc_core::sc_time& limit = sc_core::SC_ZERO_TIME);

  // stats.json content (see docs/architecture.md, "Where does X live"). Simulated figures only; the
  // precondition's wall time sits under a key containing "wall".
  // Its window (README, "The window of stats.json"): it starts after the workload's warm-up
  // (`window.start_ns`) and ends at the last host completion (`sim_time_ns`); rates,
  // latencies, utilizations and write_amplification are over it. `drain_time_ns` follows it up
  // to now (GC and buffered programs finishing): the flash, GC and other device counters count
  // from the window's start to now, drain included, and "warmup", "window" and "drain" split
  // the main ones by stretch. `interrupted`: the run was cut short (mark_interrupted).
  nlohmann::json statistics() const;
  // The run was stopped early (Ctrl-C, KeyboardInterrupt): statistics() says so.
  void mark_interrupted() { interrupted_ = true; }
  void write_timeline_csv(const std::string& path) const;
  void stream_timeline_to(const std::string& path) { timeline_->stream_to(path); }
  void open_request_records(const std::string& path) { host_statistics_.open_request_records(path); }
  // Progress display of the timed run: called every HostDriver::kProgressInterval completions.
  void set_progress_callback(std::function<void()> callback);
  // Flushes the per-request records; ConfigError naming the file when a write failed (disk
  // full). write_timeline_csv checks the timeline.
  void check_outputs_written() { host_statistics_.check_request_records_written(); }
  // stats.vcd (activity_vcd_writer.h): opens `path` before the simulation starts; close_vcd()
  // ends it at the current simulated time (ConfigError naming the file if it could not be
  // written). Without close_vcd() the platform's destruction ends it.
  void open_vcd(const std::string& path);
  void close_vcd();
  // Data mode: compares every mapped logical page's flash content with the oracle.
  nlohmann::json verify_all_data() const;
  // Power-loss modelling (power.enabled; platforms/ssd_platform_power.cpp): cuts the power now
  // (call it while the kernel is paused), rebuilds the map as the recovering FTL would, times the
  // rebuild's flash reads and, in data mode, checks every host page against what may survive.
  // Returns stats.json's "recovery" object (also kept for statistics()).
  nlohmann::json power_loss();
  // The state a power loss now leaves, and the map the recovery rebuilds from it (tests).
  PowerCutImage power_cut_image() const;
  bool power_lost() const { return !recovery_.is_null(); }
  PowerLossRecorder* power_loss_recorder() { return power_.get(); }
  // Boots this platform (constructed, not started, not preconditioned) as the recovered device:
  // its dies get the flash contents `lost` had at the cut (torn pages unreadable garbage), its
  // core the map rebuilt from them, its oracle what each logical page now holds. It then serves
  // I/O like any other platform.
  void boot_after_power_loss(const SsdPlatform& lost, const PowerCutImage& image, const RebuiltMap& rebuilt);

  const SsdConfig& config() const { return config_; }
  FtlCore& core() { return *core_; }
  FtlFirmware& ftl() { return *ftl_; }  // the FTL ftl.mode selects (make_ftl_firmware)
  FlashController& controller() { return *controller_; }
  // The built-in die `id` (its array state and counters), whatever the controller's socket is bound to.
  NandDie& die(DieId id) { return (*dies_)[id]; }
  const NandDie& die(DieId id) const { return (*dies_)[id]; }
  HostInterface& host_interface() { return *host_interface_; }
  HostStatistics& host_statistics() { return host_statistics_; }
  const HostStatistics& host_statistics() const { return host_statistics_; }
  // The measured window's end (stats.json's sim_time_ns, in ps): the host's last completion,
  // or now while the host is still running.
  std::uint64_t measured_window_ps() const;
  DataOracle* oracle() { return oracle_.get(); }
  TimelineSampler& timeline() { return *timeline_; }
  std::uint64_t free_blocks() const;  // of the whole drive (timeline.csv, stats.vcd)
  EventLoop& event_loop() { return *loop_; }
  bool workload_done() const;
  // The host workload has ended (its last completion): closes the measurement and the
  // timeline; `then` runs once the FTL is idle. Called by the host driver attach_workload
  // adds, or by whoever drives the host (SimulationSession).
  void host_workload_finished(std::function<void()> then);
  // The measured window starts now: the device counters are taken as its zero. The platform's
  // own host statistics call it when their warm-up ends; a RaidPlatform calls it on its members.
  void begin_measured_window();
  // The measured window ends now (the host's last completion): the drain counts from here.
  void end_measured_window();

 private:
  class DieMirror;
  SsdConfig config_;
  // Declared first: every module's timers live in it. The platform's own loop, or the loop of
  // the platform it is built inside (a RaidPlatform's members share the array's).
  std::unique_ptr<EventLoop> own_loop_;
  EventLoop* loop_;
  std::unique_ptr<FtlCore> core_;
  std::unique_ptr<DataOracle> oracle_;
  std::unique_ptr<PowerLossRecorder> power_;  // power.enabled only
  nlohmann::json recovery_;                    // the last power_loss() report
  std::unique_ptr<RequestSource> source_;
  HostStatistics host_statistics_;
  std::unique_ptr<NandDies> dies_;  // before controller_: destroyed after it
  // nand.model's die targets, and the links of built-in dies no target uses (die_wiring.h)
  std::vector<std::unique_ptr<sc_core::sc_module>> die_models_;
  std::unique_ptr<FlashController> controller_;
  std::unique_ptr<FtlFirmware> ftl_;
  const FtlCpuStatistics& flash_statistics() const;
  std::unique_ptr<HostInterface> host_interface_;
  std::unique_ptr<HostDriver> host_driver_;
  std::unique_ptr<TimelineSampler> timeline_;
  std::unique_ptr<ActivityVcdWriter> vcd_;  // after controller_: destroyed before it
  void start_of_simulation() override;
  PreconditionResult precondition_result_;
  sc_core::sc_time host_done_time_;
  bool host_done_ = false;
  // Busy times of the dies, channels and ECC engines: utilization is reported over the measured
  // window, so the warm-up before it and the GC or buffered programs that finish after it must
  // not count (they made die utilization exceed 1).
  struct BusyTimes {
    std::vector<sc_core::sc_time> die, channel, ecc;
  };
  BusyTimes busy_times_now() const;
  // The device's cumulative counters (window_counters.h): flash operations, GC, FTL host-path
  // outcomes, ECC, faults, durability. Every leaf is an unsigned count.
  nlohmann::json device_counters() const;
  // The snapshots of the window's start (null: the start of the timed run) and end.
  struct WindowSnapshot {
    std::uint64_t time_ps = 0;
    nlohmann::json counters;
    BusyTimes busy;
  };
  bool window_begun_ = false;  // begin_measured_window() ran
  WindowSnapshot window_start_;
  WindowSnapshot window_end_;  // valid when host_done_
  // The snapshots statistics() subtracts: before a warm-up has ended, the window is empty (it
  // starts now); before the host's last completion, it ends now.
  WindowSnapshot snapshot_now() const;
  bool interrupted_ = false;
  PreconditionMonitor precondition_monitor_;
};

}  // namespace ssdtlm
