#include "platforms/simulation_session.h"

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include <tlm_utils/simple_initiator_socket.h>
#include <tlm_utils/simple_target_socket.h>

#include "models/common/config/config_error.h"
#include "models/host/workload/request_source_factory.h"
#include "platforms/kernel_context.h"
#include "platforms/platform_fio_json.h"
#include "platforms/range_command_check.h"
#include "platforms/run_warnings.h"
#include "models/kernel/event_loop.h"

namespace ssdtlm {

class SimulationSession::ContextGuard : public KernelContextGuard {
 public:
  using KernelContextGuard::KernelContextGuard;
};

// Several host drivers onto the platform's single host socket: requests go through unchanged;
// each response goes back to the driver that issued its payload.
class SimulationSession::HostMux : public sc_core::sc_module {
 public:
  std::vector<std::unique_ptr<tlm_utils::simple_target_socket_tagged<HostMux>>> host_sockets;
  tlm_utils::simple_initiator_socket<HostMux> device_socket;

  HostMux(sc_core::sc_module_name name, std::size_t hosts) : sc_core::sc_module(name), device_socket("device_socket") {
    for (std::size_t i = 0; i < hosts; ++i) {
      host_sockets.push_back(std::make_unique<tlm_utils::simple_target_socket_tagged<HostMux>>(
          sc_core::sc_gen_unique_name("host_socket")));
      host_sockets.back()->register_nb_transport_fw(this, &HostMux::nb_transport_fw, static_cast<int>(i));
    }
    device_socket.register_nb_transport_bw(this, &HostMux::nb_transport_bw);
  }

 private:
  tlm::tlm_sync_enum nb_transport_fw(int host, tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase,
                                     sc_core::sc_time& delay) {
    // A driver reuses its payloads, so the map stays as small as the total queue depth.
    owner_[&gp] = host;
    return device_socket->nb_transport_fw(gp, phase, delay);
  }
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_core::sc_time& delay) {
    return (*host_sockets[owner_.at(&gp)])->nb_transport_bw(gp, phase, delay);
  }
  std::unordered_map<const tlm::tlm_generic_payload*, int> owner_;
};

// One command issued by issue_command: its payload (the port sends it like a host driver
// sends a request) and what became of it.
struct SimulationSession::Command {
  tlm::tlm_generic_payload gp;
  HostCommand command;
  std::uint64_t issued_ps = 0;
  std::uint64_t completed_ps = 0;
  bool completed = false;
  bool failed = false;

  Command() { gp.set_extension(&command); }
  ~Command() { gp.clear_extension(&command); }  // a member, not heap-owned
  Command(const Command&) = delete;
  Command& operator=(const Command&) = delete;
};

// The host port of issue_command: sends each command to the host interface when the session's
// action queue runs it, and records its completion in the host statistics (stats.json,
// requests.csv) like a workload's request.
class SimulationSession::CommandPort : public sc_core::sc_module {
 public:
  tlm_utils::simple_initiator_socket<CommandPort> socket;

  CommandPort(sc_core::sc_module_name name, HostStatistics& statistics, std::function<void()> on_completed)
      : sc_core::sc_module(name), socket("socket"), statistics_(statistics), on_completed_(std::move(on_completed)) {
    socket.register_nb_transport_bw(this, &CommandPort::nb_transport_bw);
  }

  void submit(Command& command) {
    command.command.submit_time_ps = command.issued_ps;
    command.command.issuer_tag = reinterpret_cast<std::uint64_t>(&command);
    command.gp.set_response_status(tlm::TLM_INCOMPLETE_RESPONSE);
    tlm::tlm_phase phase = tlm::BEGIN_REQ;
    sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
    socket->nb_transport_fw(command.gp, phase, delay);
  }

 private:
  tlm::tlm_sync_enum nb_transport_bw(tlm::tlm_generic_payload& gp, tlm::tlm_phase& phase, sc_core::sc_time&) {
    if (phase != tlm::BEGIN_RESP) return tlm::TLM_ACCEPTED;
    Command& command = *reinterpret_cast<Command*>(gp.get_extension<HostCommand>()->issuer_tag);
    command.completed = true;
    command.completed_ps = sim_now_ps();
    command.failed = gp.is_response_error();
    statistics_.record(command.command.request, command.issued_ps, command.completed_ps);
    on_completed_();
    return tlm::TLM_COMPLETED;
  }

  HostStatistics& statistics_;
  std::function<void()> on_completed_;
};

namespace {

// A workload placed in simulated time: open-loop arrivals are shifted by the start time, and
// the host stops issuing at the stop time (or at start + the spec's duration).
class ScheduledSource : public RequestSource {
 public:
  ScheduledSource(std::unique_ptr<RequestSource> inner, std::uint64_t start_ns, std::uint64_t stop_ns)
      : inner_(std::move(inner)), start_ns_(start_ns), stop_ns_(stop_ns) {}
  bool next(HostRequest& request) override {
    if (!inner_->next(request)) return false;
    request.arrival_ns += start_ns_;
    return true;
  }
  ArrivalMode arrival_mode() const override { return inner_->arrival_mode(); }
  std::uint32_t queue_depth() const override { return inner_->queue_depth(); }
  std::uint64_t stop_after_ns() const override {
    const std::uint64_t own = inner_->stop_after_ns();
    std::uint64_t stop = own != 0 ? start_ns_ + own : 0;
    if (stop_ns_ != 0) stop = stop != 0 ? std::min(stop, stop_ns_) : stop_ns_;
    return stop;
  }
  void completed(const HostRequest& request, std::uint64_t now_ns) override {
    inner_->completed(request, now_ns - start_ns_);
  }
  bool finished() const override { return inner_->finished(); }
  std::uint64_t measured_from_ns() const override {
    const std::uint64_t own = inner_->measured_from_ns();
    return own != 0 ? start_ns_ + own : 0;
  }
  std::uint64_t warmup_requests() const override { return inner_->warmup_requests(); }
  WindowLimits window_limits() const override { return inner_->window_limits(); }
  std::string describe() const override { return inner_->describe(); }
  nlohmann::json report() const override { return inner_->report(); }

 private:
  std::unique_ptr<RequestSource> inner_;
  std::uint64_t start_ns_;
  std::uint64_t stop_ns_;
};

sc_core::sc_time from_ps(std::uint64_t ps) { return sc_core::sc_time::from_value(ps); }

}  // namespace

struct SimulationSession::Workload {
  WorkloadSpec spec;
  std::uint64_t start_ns = 0;
  std::uint64_t stop_ns = 0;
  std::uint64_t seed = 0;
  std::unique_ptr<RequestSource> source;
  std::unique_ptr<HostDriver> driver;
};

SimulationSession::SimulationSession(const nlohmann::json& effective, const std::string& source) {
  config_ = resolve_ssd_config(effective, source);
  context_ = new sc_core::sc_simcontext();
  ContextGuard guard(context_);
  platform_ = std::make_unique<SsdPlatform>("ssd", config_);
  // Python callbacks (sim.at) run on a loop of their own without run-ahead: each runs with the
  // kernel at its time, and the platform's loop stops ahead of it (docs/architecture.md, "The simulation kernel:
  // one event loop").
  actions_ = std::make_unique<TimedCallbackQueue>("session_actions", EventLoop::RunAhead::Off);
  if (platform_->ftl().takes_range_commands()) {
    command_port_ = std::make_unique<CommandPort>("command_port", platform_->host_statistics(),
                                                  [this]() { command_completed(); });
  }
}

SimulationSession::~SimulationSession() {
  {
    ContextGuard guard(context_);
    for (auto& workload : workloads_) workload->driver.reset();
    command_port_.reset();
    commands_.clear();
    mux_.reset();
    actions_.reset();
    platform_.reset();
  }
  KernelContextGuard::destroy(context_);
}

std::size_t SimulationSession::add_workload(const WorkloadSpec& spec, std::uint64_t start_ns, std::uint64_t stop_ns,
                                            std::uint64_t seed) {
  if (started_) throw config_error("workload", "workloads must be added before the simulation starts");
  if (stop_ns != 0 && stop_ns <= start_ns) {
    throw config_error("workload stop", "must be after the start (" + std::to_string(start_ns) + " ns)");
  }
  auto workload = std::make_unique<Workload>();
  workload->spec = spec;
  workload->start_ns = start_ns;
  workload->stop_ns = stop_ns;
  workload->seed = seed;
  // Built now so device-dependent errors (size, range) surface at add_workload.
  workload->source = std::make_unique<ScheduledSource>(
      make_request_source(spec, platform_->logical_bytes(), config_.host_interface.logical_block_bytes, seed), start_ns,
      stop_ns);
  check_workload_range_commands(spec, config_, platform_->logical_bytes());
  workloads_.push_back(std::move(workload));
  return workloads_.size() - 1;
}

void SimulationSession::open_request_records(const std::string& path) { platform_->open_request_records(path); }
void SimulationSession::check_request_records_written() { platform_->check_outputs_written(); }

void SimulationSession::open_vcd(const std::string& path) {
  if (started_) throw config_error("stats.vcd", "the VCD must be opened before the simulation starts");
  platform_->open_vcd(path);
}

void SimulationSession::close_vcd() {
  ContextGuard guard(context_);
  platform_->close_vcd();
}

void SimulationSession::set_precondition(PreconditionMode mode) {
  if (started_) throw config_error("precondition", "must be set before the simulation starts");
  precondition_ = mode;
}

void SimulationSession::start_if_needed() {
  if (started_) return;
  ContextGuard guard(context_);
  const std::uint32_t capacity = config_.host_interface.queue_pairs * config_.host_interface.queue_entries;
  // The command port (ftl.mode = mjolnir) is one more host after the workloads. No host at
  // all: the mux (with no host side) still terminates the host interface's socket.
  const std::size_t hosts = workloads_.size() + (command_port_ ? 1 : 0);
  if (hosts != 1) mux_ = std::make_unique<HostMux>("host_mux", hosts);
  const EventLoopScope scope(platform_->event_loop());  // the hosts' timers join the platform's loop
  for (std::size_t i = 0; i < workloads_.size(); ++i) {
    Workload& w = *workloads_[i];
    const std::uint32_t depth = w.source->queue_depth() > 0 ? w.source->queue_depth() : config_.host_queue_depth;
    // One workload is named and wired exactly like SsdPlatform::attach_workload (`ssdtlm run`).
    const std::string name = workloads_.size() == 1 ? "host" : "host" + std::to_string(i);
    w.driver = std::make_unique<HostDriver>(name.c_str(), *w.source, depth, capacity, platform_->host_statistics(),
                                            [this]() { workload_finished(); },
                                            sc_core::sc_time(double(w.start_ns), sc_core::SC_NS));
    if (mux_) {
      w.driver->socket.bind(*mux_->host_sockets[i]);
    } else {
      w.driver->socket.bind(platform_->host_interface().host_socket);
    }
  }
  if (command_port_) {
    if (mux_) {
      command_port_->socket.bind(*mux_->host_sockets[workloads_.size()]);
    } else {
      command_port_->socket.bind(platform_->host_interface().host_socket);
    }
  }
  if (mux_) mux_->device_socket.bind(platform_->host_interface().host_socket);
  platform_->precondition(precondition_);
  started_ = true;
}

void SimulationSession::workload_finished() {
  ++finished_workloads_;
  finish_host_if_done();
}

void SimulationSession::command_completed() {
  --commands_outstanding_;
  finish_host_if_done();
  pause_if_done();
}

void SimulationSession::finish_host_if_done() {
  if (host_finished_ || finished_workloads_ < workloads_.size() || commands_outstanding_ != 0) return;
  if (workloads_.empty() && commands_.empty()) return;  // nothing has run yet
  host_finished_ = true;
  // As `ssdtlm run` ends its workload: the measurement stops at the last host completion, the
  // FTL drains, and the run ends there (a pause here, so the caller may continue). Commands
  // issued later still run, outside the measurement.
  platform_->host_workload_finished([this]() {
    drained_ = true;
    pause_if_done();
  });
}

void SimulationSession::pause_if_done() {
  if (pause_when_done_ && workloads_done()) pause_simulation();
}

bool SimulationSession::workloads_done() const { return drained_ && commands_outstanding_ == 0; }

std::uint64_t SimulationSession::issue_command(HostRequest request) {
  check_range_command(request, config_);
  ContextGuard guard(context_);
  auto command = std::make_unique<Command>();
  request.id = commands_.size();
  request.arrival_ns = 0;
  request.stream = 0;
  command->command.request = request;
  command->issued_ps = sim_now_ps();
  Command* issued = command.get();
  commands_.push_back(std::move(command));
  ++commands_outstanding_;
  // Sent from inside the kernel at the current instant (the port exists from the first run on).
  actions_->schedule_at(sim_now(), [this, issued]() { command_port_->submit(*issued); });
  return request.id;
}

nlohmann::json SimulationSession::command_status(std::uint64_t handle) const {
  if (handle >= commands_.size()) throw config_error("command", "no command " + std::to_string(handle) + " was issued");
  const Command& c = *commands_[handle];
  const HostRequest& r = c.command.request;
  nlohmann::json status = {{"id", r.id},
                           {"op", to_string(r.op)},
                           {"offset_bytes", r.offset_bytes},
                           {"size_bytes", r.size_bytes},
                           {"destination_bytes", r.destination_bytes},
                           {"issued_ps", c.issued_ps},
                           {"completed_ps", nullptr},
                           {"status", "pending"}};
  if (c.completed) {
    status["completed_ps"] = c.completed_ps;
    status["status"] = c.failed ? "error" : "ok";
  }
  return status;
}

std::vector<std::optional<std::uint64_t>> SimulationSession::page_contents(std::uint64_t first_page,
                                                                          std::uint64_t pages) const {
  const FtlFirmware& ftl = platform_->ftl();
  if (!ftl.keeps_page_contents()) throw config_error("ftl.mode", "page contents are read from the multi-reference store: ftl.mode = mjolnir");
  if (first_page > config_.mjolnir.namespace_pages || pages > config_.mjolnir.namespace_pages - first_page) {
    throw config_error("length", "pages [" + std::to_string(first_page) + ", +" + std::to_string(pages) +
                                     ") exceed the namespace of " + std::to_string(config_.mjolnir.namespace_pages) +
                                     " pages");
  }
  std::vector<std::optional<std::uint64_t>> contents;
  contents.reserve(pages);
  for (std::uint64_t page = first_page; page < first_page + pages; ++page) contents.push_back(ftl.page_content(page));
  return contents;
}

void SimulationSession::kernel_start(const sc_core::sc_time* duration) {
  {
    ContextGuard guard(context_);
    platform_->timeline().resume();  // if the kernel ran out of events in an earlier slice
  }
  run_session_kernel(context_, duration, failed_);
}

bool SimulationSession::run_until(std::uint64_t until_ps, bool stop_when_done) {
  start_if_needed();
  if (stop_when_done && workloads_done()) return true;
  const std::uint64_t now = now_ps();
  if (until_ps > now) {
    pause_when_done_ = stop_when_done;
    const sc_core::sc_time duration = from_ps(until_ps - now);
    kernel_start(&duration);
    pause_when_done_ = false;
  }
  return workloads_done();
}

bool SimulationSession::run_to_completion() {
  start_if_needed();
  if (workloads_.empty() && commands_.empty()) return false;
  if (workloads_done()) return true;
  pause_when_done_ = true;
  kernel_start(nullptr);
  pause_when_done_ = false;
  return workloads_done();
}

std::uint64_t SimulationSession::now_ps() const {
  ContextGuard guard(context_);
  return sim_now_ps();
}

bool SimulationSession::pending_activity() const {
  ContextGuard guard(context_);
  return sc_core::sc_pending_activity();
}

nlohmann::json SimulationSession::workload_status() const {
  nlohmann::json list = nlohmann::json::array();
  for (std::size_t i = 0; i < workloads_.size(); ++i) {
    const Workload& w = *workloads_[i];
    list.push_back({{"index", i},
                    {"spec", to_json(w.spec)},
                    {"compact", to_compact(w.spec)},
                    {"start_ns", w.start_ns},
                    {"stop_ns", w.stop_ns},
                    {"seed", w.seed},
                    {"submitted", w.driver ? w.driver->submitted() : 0},
                    {"outstanding", w.driver ? w.driver->outstanding() : 0},
                    {"done", w.driver ? w.driver->done() : false}});
  }
  return list;
}

nlohmann::ordered_json SimulationSession::fio_json(const std::string& ssdtlm_version) const {
  ContextGuard guard(context_);
  return platform_fio_json(*platform_, workloads_.size() == 1 ? &workloads_.front()->spec : nullptr, ssdtlm_version);
}

nlohmann::json SimulationSession::statistics() const {
  ContextGuard guard(context_);
  nlohmann::json stats = platform_->statistics();
  // What `ssdtlm run` reports about its one workload (e.g. a trace's skipped lines); one entry
  // per workload when there are several.
  if (workloads_.size() == 1) {
    stats["workload"] = workloads_.front()->source->report();
  } else if (!workloads_.empty()) {
    for (const auto& workload : workloads_) stats["workloads"].push_back(workload->source->report());
  }
  set_ssd_run_warnings(stats);  // again, with the workloads' reports
  return stats;
}

void SimulationSession::stop_timeline() {
  ContextGuard guard(context_);
  platform_->timeline().stop();
}

void SimulationSession::write_timeline_csv(const std::string& path) const { platform_->write_timeline_csv(path); }

void SimulationSession::set_gc_watermarks(double low_fraction, double high_fraction) {
  auto check = [](double value, const char* key) {
    if (!(value >= 0.0 && value <= 0.5)) {
      throw config_error(key, "expected a fraction of a plane's blocks in [0, 0.5], got " + std::to_string(value));
    }
  };
  check(low_fraction, "ftl.gc.free_block_low_watermark");
  check(high_fraction, "ftl.gc.free_block_high_watermark");
  if (high_fraction < low_fraction) {
    throw config_error("ftl.gc.free_block_high_watermark",
                       "must be >= ftl.gc.free_block_low_watermark (" + std::to_string(low_fraction) + ")");
  }
  // Rounded up to whole blocks, as resolve_ssd_config does.
  const std::uint32_t blocks = config_.geometry.blocks_per_plane;
  auto to_blocks = [blocks](double fraction) {
    return static_cast<std::uint32_t>(std::ceil(fraction * blocks - 1e-9));
  };
  // The same room rule as resolve_ssd_config: a cycle must be able to reach the high mark.
  const auto& g = config_.geometry;
  const double units = double(g.dies()) * g.planes_per_die;
  const double needed = double(platform_->core().logical_pages()) +
                        units * (to_blocks(high_fraction) + 2.0) * g.pages_per_block;
  if (needed > double(g.total_pages())) {
    throw config_error("ftl.gc.free_block_high_watermark",
                       "too high for this device's spare capacity (" + std::to_string(to_blocks(high_fraction)) +
                           " blocks per plane)");
  }
  platform_->core().set_gc_watermarks(to_blocks(low_fraction), to_blocks(high_fraction));
}

void SimulationSession::schedule(std::uint64_t at_ps, std::function<void()> action) {
  ContextGuard guard(context_);
  const sc_core::sc_time at = from_ps(at_ps);
  if (at < sim_now()) throw config_error("schedule", "time is in the past");
  actions_->schedule_at(at, std::move(action));
}

void SimulationSession::set_foreground_gc(bool foreground) {
  if (!platform_->ftl().switch_foreground_gc(foreground)) {
    throw config_error("ftl.gc.foreground", "does not apply with ftl.mode = mjolnir");
  }
}

nlohmann::json SimulationSession::power_loss() {
  ContextGuard guard(context_);
  return platform_->power_loss();
}

}  // namespace ssdtlm
