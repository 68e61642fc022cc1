#pragma once
// RaidPlatform: a host, a RaidController and N member SsdPlatforms (plus spares), assembled
// from a resolved RaidConfig:
//   HostDriver -> RaidController -> member HostInterface -> FtlCpu -> ... -> NandDies   (x N)
// Members have no host driver of their own; the controller drives their HostInterfaces and
// reaches their FTLs over the GC side channel (FtlGcChannel) and, in data mode, the content
// hooks. Spares are built idle and empty.
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <systemc>

#include "models/host/host_driver.h"
#include "models/host/host_statistics.h"
#include "models/host/workload/request_source.h"
#include "models/kernel/timed_callback_queue.h"
#include "models/raid/raid_controller.h"
#include "platforms/preconditioning.h"
#include "platforms/raid_config.h"
#include "platforms/ssd_platform.h"

namespace ssdtlm {

class RaidPlatform : public sc_core::sc_module {
 public:
  RaidPlatform(sc_core::sc_module_name name, const RaidConfig& config);
  ~RaidPlatform() override;

  // The array's host workload (before the simulation starts). The run ends once it has drained
  // and the members have finished the GC cycles and rebuild steps under way (no new ones
  // start), so every member's flash state is final when the statistics are taken.
  void attach_workload(std::unique_ptr<RequestSource> source);
  std::uint64_t logical_bytes() const { return controller_->capacity_bytes(); }
  // Functional preconditioning of every member (spares stay empty), before sc_start.
  void precondition(PreconditionMode mode);
  // Watches the next precondition() through member 0 (members are preconditioned in parallel
  // and alike): a progress display's view of the whole.
  void set_precondition_monitor(PreconditionMonitor monitor) { devices_.front()->set_precondition_monitor(std::move(monitor)); }
  void run(const sc_core::sc_time& limit = sc_core::SC_ZERO_TIME);
  bool workload_done() const;
  // The workload drained and the members finished their background work: the run is over
  // (sc_stop has been called).
  bool finished() const { return finished_; }
  // End the run with sc_pause() instead of sc_stop() (a stepped session: no "stopped by
  // user" report, and the kernel state stays inspectable).
  void end_with_pause(bool pause) { end_with_pause_ = pause; }

  void open_request_records(const std::string& path) { host_statistics_.open_request_records(path); }
  // Per-member response times over the configured window (stats.member_trace_*).
  void open_member_trace(const std::string& path);
  // Progress display of the timed run: called every HostDriver::kProgressInterval completions.
  void set_progress_callback(std::function<void()> callback);
  // Flushes the streamed outputs (per-request records, member trace); ConfigError naming the
  // file whose writes failed (disk full).
  void check_outputs_written();

  // stats.json of a RAID run: array latency and throughput, the controller's figures, and
  // every device's SSD statistics. Simulated figures only.
  nlohmann::json statistics() const;
  // The run was stopped early (Ctrl-C): statistics() says so under "interrupted".
  void mark_interrupted() { interrupted_ = true; }
  // Data mode: every array block read back from the members (rebuilt from parity where a
  // unit is lost) against the data last written, and P/Q of every intact row recomputed.
  nlohmann::json verify_array_data() const;

  const RaidConfig& config() const { return config_; }
  RaidController& controller() { return *controller_; }
  SsdPlatform& device(MemberId d) { return *devices_.at(d); }
  std::uint32_t device_count() const { return static_cast<std::uint32_t>(devices_.size()); }
  HostStatistics& host_statistics() { return host_statistics_; }
  const HostStatistics& host_statistics() const { return host_statistics_; }
  // The measured window's length (stats.json's sim_time_ns, in ps): the workload's span, or up
  // to now while it runs.
  std::uint64_t measured_window_ps() const;

 private:
  RaidConfig config_;
  // Declared first: the array's one event loop, shared by the controller and every member.
  std::unique_ptr<EventLoop> loop_;
  std::vector<std::unique_ptr<SsdPlatform>> devices_;
  std::unique_ptr<RaidController> controller_;
  std::unique_ptr<RequestSource> source_;
  HostStatistics host_statistics_;
  std::unique_ptr<HostDriver> host_driver_;
  std::unique_ptr<TimedCallbackQueue> drain_timer_;
  std::uint64_t workload_end_ps_ = 0;
  PreconditionMode precondition_mode_ = PreconditionMode::None;
  bool finished_ = false;
  bool end_with_pause_ = false;
  bool interrupted_ = false;

  void drain();
};

}  // namespace ssdtlm
