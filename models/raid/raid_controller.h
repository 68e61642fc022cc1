#pragma once
// RaidController: the array controller between the host and N member SSDs ([Kim et al. 2011]'s
// "O-RAID"). Host requests arrive on `host_socket` (BEGIN_REQ with a HostCommand, answered
// later with BEGIN_RESP, like an SSD's HostInterface); the controller charges its firmware
// time, locks the stripes, plans member I/O (RaidIoPlanner), issues member reads, runs the
// parity engine, issues member writes, and completes the request. Member commands go out on
// `member_socket` (bound to each member's HostInterface, members first, then spares) with at
// most member_queue_depth outstanding per member; the rest wait in the controller.
//
// Member failure: fail_member() (or a scheduled failure) takes a member out of service for
// every operation planned from then on; operations already planned finish with it (a drive
// completes what it has accepted). Reads of its units are rebuilt from the survivors, writes
// keep parity consistent without it, and a spare, if any, is rebuilt stripe by stripe under
// the same stripe locks; once done the spare serves the failed member's slot.
//
// GC coordination: the controller implements GcCoordinationContext for the configured
// GcCoordinator and forwards it member completions and idle/busy transitions.
#include <cstdint>
#include <deque>
#include <fstream>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>
#include <systemc>
#include <tlm>
#include <tlm_utils/multi_passthrough_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "models/common/flush_barrier.h"
#include "models/common/ftl_command.h"
#include "models/common/stats/latency_statistics.h"
#include "models/kernel/timed_callback_queue.h"
#include "models/raid/gc_coordinator.h"
#include "models/raid/parity_engine.h"
#include "models/raid/raid_controller_config.h"
#include "models/raid/raid_data_model.h"
#include "models/raid/raid_io_planner.h"
#include "models/raid/stripe_integrity.h"
#include "models/raid/stripe_layout.h"
#include "models/raid/stripe_lock_table.h"

namespace ssdtlm {

class RaidController : public sc_core::sc_module, public GcCoordinationContext, private DeviceView {
 public:
  tlm_utils::simple_target_socket<RaidController> host_socket;
  tlm_utils::multi_passthrough_initiator_socket<RaidController> member_socket;

  RaidController(sc_core::sc_module_name name, const RaidControllerConfig& config);
  ~RaidController() override;

  const RaidControllerConfig& config() const { return config_; }
  const StripeLayout& layout() const { return *layout_; }
  const RaidIoPlanner& planner() const { return *planner_; }
  std::uint64_t capacity_bytes() const { return planner_->capacity_bytes(); }
  std::uint32_t devices() const { return config_.members + config_.spares; }

  // Every device's GC side channel (members, then spares), before the simulation starts.
  void attach_gc_channel(MemberId device, std::unique_ptr<MemberGcChannel> channel);
  // Data mode only (null otherwise): the members' content hooks call into it.
  RaidDataModel* data_model() { return data_.get(); }
  const RaidDataModel* data_model() const { return data_.get(); }
  // Rows whose parity went stale and units holding a guess: reads of them fail instead.
  const StripeIntegrity& integrity() const { return *integrity_; }

  // Takes the device serving `slot` out of service now / at `at` (absolute simulated time).
  void fail_member(MemberId slot);
  void schedule_member_failure(MemberId slot, const sc_core::sc_time& at);
  MemberId device_of_slot(MemberId slot) const { return slot_device_[slot]; }
  // The device holding `slot`'s unit of `stripe` now, or kNoMember (lost, not rebuilt yet).
  MemberId serving_device(MemberId slot, std::uint64_t stripe) const { return device(slot, stripe); }
  bool device_failed(MemberId device) const { return failed_[device]; }
  bool rebuild_running() const { return rebuilding_slot_ != kNoMember; }
  std::uint64_t rebuilt_stripes() const { return rebuild_cursor_; }

  // End of a run: no new GC rounds and no new rebuild steps from now on; background_idle()
  // tells when what was started has finished (then every member's flash state is final).
  void stop_background_work() { stopping_ = true; }
  bool background_idle() const { return rebuild_in_flight_ == 0 && host_outstanding_ == 0 && forces_in_transit_ == 0; }

  // Per-member response times of commands issued in [start, start + window) to a CSV file
  // ([Kim et al. 2011] Fig. 9): device, op, issue time, latency.
  void open_member_trace(const std::string& path, std::uint64_t start_ns, std::uint64_t window_ns);
  // Flushes the member trace; ConfigError naming the file when a write failed (disk full).
  void check_member_trace_written();
  const LatencyStatistics& member_latency(MemberId device) const { return member_stats_[device].latency; }
  std::uint64_t host_requests_completed() const { return host_completed_; }
  nlohmann::json statistics() const;

  // GcCoordinationContext
  std::vector<MemberId> devices_in_service() const override;
  MemberGcStatus device_status(MemberId device) const override;
  bool gc_round_active() override;
  void start_gc_round(const std::string& reason) override;
  std::uint32_t host_requests_outstanding() const override { return host_outstanding_; }
  void schedule_in_ns(std::uint64_t delay_ns, std::function<void()> callback) override;

 private:
  struct ArrayOp;
  struct MemberIo;
  struct MemberQueue;
  struct MemberStats {
    std::uint64_t reads = 0, writes = 0, flushes = 0, bytes_read = 0, bytes_written = 0;
    LatencyStatistics latency;
  };

  void end_of_elaboration() override;
  void start_of_simulation() override;

  // DeviceView
  MemberId device(MemberId slot, std::uint64_t stripe) const override;
  std::uint32_t load(MemberId device) const override;

  // host side
  tlm::tlm_sync_enum nb_transport_fw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_core::sc_time& delay);
  void respond_to_host(ArrayOp& op);
  sc_core::sc_time reserve_firmware();  // when the firmware is done with a new host command
  // Host flushes (raid_flush.cpp): a flush waits for every host operation that arrived
  // before it, then flushes every member in service.
  void flush_when_earlier_done(ArrayOp& flush);
  void flush_members(ArrayOp& flush);
  sc_core::sc_time reserve_host_link(sc_core::sc_time& free_at, std::uint64_t bytes);

  // operation phases
  ArrayOp& new_op();
  void lock_and_plan(ArrayOp& op);
  void plan(ArrayOp& op);
  void issue_phase(ArrayOp& op, const std::vector<MemberExtent>& extents, HostOp member_op);
  void reads_done(ArrayOp& op);
  void writes_done(ArrayOp& op);
  void finish(ArrayOp& op);
  // After a read phase in which a member read failed: a host read is planned again as a
  // degraded read without the failed devices, a host write's reads (read-modify-write or
  // reconstruct-write) as a degraded write's (true: the new reads are issued).
  bool reconstruct_after_read_errors(ArrayOp& op);
  // A host read's plan checked against StripeIntegrity: planned again without devices whose
  // blocks are unreadable; false when a block it needs cannot be returned (error status).
  bool settle_read_plan(ArrayOp& op);

  // member side
  void submit(ArrayOp& op, const MemberExtent& extent, HostOp member_op);
  void send(MemberIo& io);
  tlm::tlm_sync_enum nb_transport_bw(int id, tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                     sc_core::sc_time& delay);
  void member_completed(MemberIo& io);

  // failure and rebuild
  void start_rebuild();
  void launch_rebuild_steps();
  void rebuild_step_done(std::uint64_t stripe);
  bool stripe_rebuilt(std::uint64_t stripe) const {
    return stripe < rebuild_cursor_ || rebuilt_ahead_.count(stripe) != 0;
  }

  RaidControllerConfig config_;
  std::unique_ptr<StripeLayout> layout_;
  std::unique_ptr<RaidIoPlanner> planner_;
  std::unique_ptr<RaidDataModel> data_;
  std::unique_ptr<StripeIntegrity> integrity_;
  std::unique_ptr<GcCoordinator> coordinator_;
  ParityEngine parity_engine_;
  StripeLockTable locks_;
  TimedCallbackQueue timer_;

  sc_core::sc_time cpu_free_at_;
  sc_core::sc_time host_link_down_free_at_;
  sc_core::sc_time host_link_up_free_at_;
  std::uint32_t host_outstanding_ = 0;
  // Host operations numbered in arrival order, done once answered; flushes wait on it.
  FlushBarrier<ArrayOp*> flushes_;
  std::uint64_t host_completed_ = 0;

  std::vector<std::unique_ptr<ArrayOp>> op_storage_;
  std::vector<ArrayOp*> free_ops_;
  std::vector<std::unique_ptr<MemberIo>> io_storage_;
  std::vector<MemberIo*> free_ios_;
  std::vector<std::unique_ptr<MemberQueue>> queues_;  // per device
  std::vector<std::unique_ptr<MemberGcChannel>> gc_channels_;
  std::vector<MemberStats> member_stats_;

  // Devices and failures.
  std::vector<MemberId> slot_device_;  // slot -> device serving it
  std::vector<bool> failed_;           // per device
  std::vector<MemberId> free_spares_;
  std::deque<MemberId> slots_awaiting_rebuild_;
  MemberId rebuilding_slot_ = kNoMember;
  MemberId rebuild_target_ = kNoMember;
  std::uint64_t rebuild_next_stripe_ = 0;
  std::uint64_t rebuild_cursor_ = 0;  // every stripe below is rebuilt
  std::set<std::uint64_t> rebuilt_ahead_;
  std::uint32_t rebuild_in_flight_ = 0;

  bool stopping_ = false;
  std::uint32_t forces_in_transit_ = 0;  // force-GC commands on the side channel

  // GC rounds.
  bool round_active_ = false;
  sc_core::sc_time round_started_;
  sc_core::sc_time round_delivered_;

  // Statistics.
  std::uint64_t stripe_modes_[kStripeModeCount] = {};
  std::uint64_t lost_data_operations_ = 0;
  std::uint64_t member_read_errors_ = 0;     // member reads answered with an error status
  std::uint64_t reconstructed_reads_ = 0;    // host reads re-planned around them
  std::uint64_t unrecoverable_reads_ = 0;    // host reads answered with an error status
  std::uint64_t reconstructed_writes_ = 0;   // host writes whose old data was rebuilt for their parity
  std::uint64_t unrecoverable_writes_ = 0;   // host writes whose old data could not be rebuilt
  std::uint64_t data_mismatches_reported_ = 0;
  std::uint64_t gc_rounds_ = 0;
  std::uint64_t gc_force_commands_ = 0;
  std::vector<std::pair<std::string, std::uint64_t>> rounds_by_reason_;
  std::vector<double> round_times_us_;  // the first kMaxRoundTimes
  // Members' WA series (raid.member_wa_window_ns): the members' summed host and GC page counts
  // at the first member completion of each window (the first at the run's first completion).
  struct MemberPagesSample {
    double time_us = 0.0;
    std::uint64_t host_pages = 0;
    std::uint64_t gc_pages = 0;
  };
  MemberPagesSample member_pages_now() const;
  void sample_member_pages();
  nlohmann::json member_wa_windows() const;
  std::vector<MemberPagesSample> member_pages_samples_;
  std::uint64_t next_pages_sample_ps_ = 0;
  nlohmann::json failures_ = nlohmann::json::array();
  double rebuild_started_us_ = -1.0;
  double rebuild_completed_us_ = -1.0;
  std::uint64_t rebuild_steps_ = 0;

  std::unique_ptr<std::ofstream> member_trace_;
  std::string member_trace_path_;
  std::uint64_t trace_start_ps_ = 0;
  std::uint64_t trace_end_ps_ = 0;
};

}  // namespace ssdtlm
