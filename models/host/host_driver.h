#pragma once
// HostDriver: the host side of the platform. It pulls requests from a RequestSource and
// submits them to the HostInterface, closed loop (keep queue-depth requests outstanding) or
// open loop (at each request's arrival time; requests beyond the submission queues' capacity
// wait in host software, and their latency counts from arrival) or paced (a closed loop whose
// requests wait until they are due, ArrivalMode::Paced). It records every completion
// in HostStatistics and calls `on_done` once the workload is exhausted and drained.
// A workload with a warm-up (RequestSource::measured_from_ns, warmup_requests) adds it to the
// statistics' MeasurementWindow and ends it there; the source's WindowLimits then apply from
// the warm-up's end.
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <vector>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_initiator_socket.h>

#include "models/kernel/command_link.h"
#include "models/common/ftl_command.h"
#include "models/kernel/timed_callback_queue.h"
#include "models/host/host_statistics.h"
#include "models/host/workload/request_source.h"

namespace ssdtlm {

class HostDriver : public sc_core::sc_module, private CommandInitiator<HostCommand> {
 public:
  tlm_utils::simple_initiator_socket<HostDriver> socket;

  HostDriver(sc_core::sc_module_name name, RequestSource& source, std::uint32_t queue_depth,
             std::uint32_t submission_capacity, HostStatistics& statistics,
             std::function<void()> on_done,
             // When the host starts issuing (Python scenarios start workloads at given times).
             const sc_core::sc_time& start_time = sc_core::SC_ZERO_TIME);
  ~HostDriver() override;

  std::uint64_t submitted() const { return submitted_; }
  std::uint32_t outstanding() const { return outstanding_; }
  bool done() const { return done_; }
  // Whether requests go to the HostInterface by direct calls (models/kernel/command_link.h;
  // known from the end of elaboration) rather than through `socket`.
  bool direct_calls() const { return target_ != nullptr; }
  // Called every kProgressInterval completions (a progress display reads the statistics and
  // the wall clock there; none by default).
  void set_progress_callback(std::function<void()> callback) { on_progress_ = std::move(callback); }
  static constexpr std::uint64_t kProgressInterval = 1024;

 private:
  struct Slot;
  void start();
  void pull_and_submit();
  // The source's next request; false when it has none, or when it met bad input (a
  // ConfigError, handed to run_kernel's caller through stop_simulation_with_error).
  bool pull(HostRequest& request);
  void schedule_next_arrival();
  // The request's arrival in ps, or false (and the workload ends) when it lies past the
  // kernel's time range (a ConfigError stops the run) or at or after stop_after_ns.
  bool arrival_within_run(const HostRequest& request, std::uint64_t& arrival_ps);
  void submit(const HostRequest& request, std::uint64_t arrival_ps);
  // Paced sources: now, or at the request's arrival_ns when that is later.
  void submit_when_due(const HostRequest& request);
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_core::sc_time& delay);
  // Links to the HostInterface for direct calls when `socket` is bound to one (else the socket).
  void end_of_elaboration() override;
  void end_command(tlm::tlm_generic_payload& payload) override;  // CommandInitiator
  void completed(Slot& slot);
  void check_done();
  // The warm-up has ended (its last request completed, or its time came): the window limits
  // start counting.
  void end_warmup();

  RequestSource& source_;
  std::uint32_t queue_depth_;
  std::uint32_t submission_capacity_;
  HostStatistics& statistics_;
  std::function<void()> on_done_;
  TimedCallbackQueue timer_;
  CommandTarget<HostCommand>* target_ = nullptr;  // the HostInterface's direct calls
  bool open_loop_;
  bool paced_;
  std::uint64_t stop_after_ps_;
  bool exhausted_ = false;
  bool done_ = false;
  std::uint32_t outstanding_ = 0;
  std::uint32_t waiting_ = 0;  // paced: requests holding a slot until they are due
  std::uint64_t submitted_ = 0;
  std::uint64_t pulled_ = 0;       // requests taken from the source
  std::uint64_t completions_ = 0;
  std::uint64_t warmup_left_ = 0;  // completions still in a counted warm-up
  WindowLimits window_limits_;
  bool window_budget_limited_ = false;
  std::uint64_t window_budget_ = 0;  // requests the window may still take from the source
  std::deque<std::pair<HostRequest, std::uint64_t>> held_;  // open loop: waiting for a queue slot
  std::vector<std::unique_ptr<Slot>> slot_storage_;
  std::vector<Slot*> free_slots_;
  std::function<void()> on_progress_;
};

}  // namespace ssdtlm
