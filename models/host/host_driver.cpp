#include "models/host/host_driver.h"

#include <algorithm>
#include <stdexcept>

#include "models/common/config/config_error.h"
#include "models/kernel/event_loop.h"
#include "models/kernel/kernel_error.h"

namespace ssdtlm {

using sc_core::sc_time;
using sc_core::SC_PS;

namespace {
// The latest arrival the kernel's picosecond time can hold.
constexpr std::uint64_t kLatestArrivalNs = ~std::uint64_t{0} / 1000;
}  // namespace

// The slot is the payload: a response leads back to it with a cast.
struct HostDriver::Slot : tlm::tlm_generic_payload {
  HostCommand command;
  Slot() { set_extension(&command); }
  ~Slot() override { clear_extension(&command); }  // the extension is a member, not heap-owned
};

HostDriver::HostDriver(sc_core::sc_module_name name, RequestSource& source, std::uint32_t queue_depth,
                       std::uint32_t submission_capacity, HostStatistics& statistics,
                       std::function<void()> on_done, const sc_time& start_time)
    : sc_core::sc_module(name),
      socket("socket"),
      source_(source),
      queue_depth_(queue_depth),
      submission_capacity_(submission_capacity),
      statistics_(statistics),
      on_done_(std::move(on_done)),
      timer_("timer"),
      open_loop_(source.arrival_mode() == ArrivalMode::OpenLoop),
      paced_(source.arrival_mode() == ArrivalMode::Paced),
      stop_after_ps_(source.stop_after_ns() * 1000) {
  socket.register_nb_transport_bw(this, &HostDriver::nb_transport_bw);
  MeasurementWindow& window = statistics_.window();
  window_limits_ = source.window_limits();
  warmup_left_ = source.warmup_requests();
  if (warmup_left_ != 0) window.add_counted_warmup();
  if (source.measured_from_ns() != 0) {
    const std::uint64_t end_ps = source.measured_from_ns() * 1000;
    window.add_timed_warmup(end_ps);
    timer_.schedule_at(sc_time(double(end_ps), SC_PS), [this, end_ps]() {
      statistics_.window().reach(end_ps);
      end_warmup();
      check_done();
    });
  }
  timer_.schedule_at(start_time, [this]() { start(); });
}

HostDriver::~HostDriver() = default;

void HostDriver::start() {
  if (open_loop_) {
    schedule_next_arrival();
  } else {
    pull_and_submit();
  }
  check_done();
}

void HostDriver::pull_and_submit() {
  // Closed loop: top the queue up to its depth.
  const std::uint32_t depth = std::min(queue_depth_, submission_capacity_);
  while (!exhausted_ && outstanding_ + waiting_ < depth) {
    if (stop_after_ps_ != 0 && sim_now_ps() >= stop_after_ps_) {
      exhausted_ = true;
      break;
    }
    HostRequest request;
    if (!pull(request)) {
      // A paced source may have nothing now but more after a completion.
      if (!paced_ || source_.finished()) exhausted_ = true;
      break;
    }
    if (paced_) {
      submit_when_due(request);
    } else {
      submit(request, sim_now_ps());
    }
  }
  if (paced_ && !exhausted_ && outstanding_ + waiting_ == 0) {
    // Nothing in flight will ever ask the source again: a source bug, not a hang.
    stop_simulation_with_error(std::make_exception_ptr(
        std::logic_error("workload: the paced source has nothing to issue, nothing in flight, and is not finished")));
    exhausted_ = true;
  }
}

void HostDriver::submit_when_due(const HostRequest& request) {
  std::uint64_t due_ps = 0;
  if (!arrival_within_run(request, due_ps)) return;
  if (due_ps <= sim_now_ps()) {
    submit(request, sim_now_ps());
    return;
  }
  // Latency counts from the submission, as fio's does: the wait is the job's own pacing.
  ++waiting_;
  timer_.schedule_at(sc_time(double(due_ps), SC_PS), [this, request, due_ps]() {
    --waiting_;
    submit(request, due_ps);
  });
}

bool HostDriver::pull(HostRequest& request) {
  if (window_budget_limited_) {
    if (window_budget_ == 0) {
      exhausted_ = true;
      return false;
    }
    --window_budget_;
  }
  try {
    if (!source_.next(request)) return false;
  } catch (const ConfigError&) {
    stop_simulation_with_error(std::current_exception());
    return false;
  }
  ++pulled_;
  return true;
}

void HostDriver::end_warmup() {
  if (window_limits_.requests != 0) {
    // Every request taken from the source and not yet completed completes inside the window.
    const std::uint64_t in_flight = pulled_ - completions_;
    window_budget_limited_ = true;
    window_budget_ = window_limits_.requests > in_flight ? window_limits_.requests - in_flight : 0;
  }
  if (window_limits_.duration_ns != 0) {
    const std::uint64_t stop_ps = sim_now_ps() + window_limits_.duration_ns * 1000;
    stop_after_ps_ = stop_after_ps_ != 0 ? std::min(stop_after_ps_, stop_ps) : stop_ps;
  }
}

bool HostDriver::arrival_within_run(const HostRequest& request, std::uint64_t& arrival_ps) {
  if (request.arrival_ns > kLatestArrivalNs) {
    // Multiplied out it would wrap around to an early time: a silently wrong run.
    // Bad input, met inside a process: handed to the command as the ConfigError it is (exit 2).
    stop_simulation_with_error(std::make_exception_ptr(config_error(
        "workload", "request " + std::to_string(request.id) + " arrives at " +
                        std::to_string(request.arrival_ns / 1'000'000'000) +
                        " s, past the longest simulated time (2^64 ps, about 213 days): a rate too "
                        "low, a trace speedup too small, or a garbled trace timestamp")));
    exhausted_ = true;
    return false;
  }
  arrival_ps = request.arrival_ns * 1000;
  if (stop_after_ps_ != 0 && arrival_ps >= stop_after_ps_) {
    exhausted_ = true;
    return false;
  }
  return true;
}

void HostDriver::schedule_next_arrival() {
  HostRequest request;
  if (exhausted_ || !pull(request)) {
    exhausted_ = true;
    return;
  }
  std::uint64_t arrival_ps = 0;
  if (!arrival_within_run(request, arrival_ps)) return;
  const sc_time at(double(std::max<std::uint64_t>(arrival_ps, sim_now_ps())), SC_PS);
  timer_.schedule_at(at, [this, request, arrival_ps]() {
    if (outstanding_ < submission_capacity_) {
      submit(request, arrival_ps);
    } else {
      held_.emplace_back(request, arrival_ps);
    }
    schedule_next_arrival();
    check_done();
  });
}

void HostDriver::submit(const HostRequest& request, std::uint64_t arrival_ps) {
  Slot* slot;
  if (free_slots_.empty()) {
    slot_storage_.push_back(std::make_unique<Slot>());
    slot = slot_storage_.back().get();
  } else {
    slot = free_slots_.back();
    free_slots_.pop_back();
  }
  slot->command.request = request;
  slot->command.submit_time_ps = arrival_ps;
  slot->command.issuer_tag = reinterpret_cast<std::uint64_t>(slot);
  slot->set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
  ++outstanding_;
  ++submitted_;
  send_begin_request(target_, socket, *slot, slot->command);
}

void HostDriver::end_of_elaboration() {
  CommandTarget<HostCommand>* target = find_command_target<HostCommand>(socket.get_base_port().get_interface());
  if (target != nullptr && target->link_command_initiator(*this, &socket.get_base_interface())) target_ = target;
}

void HostDriver::end_command(tlm::tlm_generic_payload& payload) {
  completed(static_cast<Slot&>(payload));  // only Slots are submitted
}

tlm::tlm_sync_enum HostDriver::nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_time&) {
  if (phase != tlm::BEGIN_RESP) return tlm::TLM_ACCEPTED;
  completed(static_cast<Slot&>(gp));  // only Slots are submitted
  return tlm::TLM_COMPLETED;
}

void HostDriver::completed(Slot& slot) {
  statistics_.record(slot.command.request, slot.command.submit_time_ps, sim_now_ps(), slot.command.fetch_time_ps);
  ++completions_;
  if (warmup_left_ != 0 && --warmup_left_ == 0) {
    statistics_.window().end_counted_warmup(sim_now_ps());
    end_warmup();
  }
  --outstanding_;
  free_slots_.push_back(&slot);
  if (paced_) source_.completed(slot.command.request, sim_now_ps() / 1000);
  if (open_loop_) {
    while (!held_.empty() && outstanding_ < submission_capacity_) {
      const auto [request, arrival_ps] = held_.front();
      held_.pop_front();
      submit(request, arrival_ps);
    }
  } else {
    pull_and_submit();
  }
  if (on_progress_ && statistics_.completed() % kProgressInterval == 0) on_progress_();
  check_done();
}

void HostDriver::check_done() {
  if (done_ || !exhausted_ || outstanding_ != 0 || waiting_ != 0 || !held_.empty()) return;
  done_ = true;
  if (on_done_) on_done_();
}

}  // namespace ssdtlm
