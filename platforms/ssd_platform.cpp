#include "platforms/ssd_platform.h"

#include <algorithm>
#include <cmath>

#include "models/common/config/config_error.h"
#include "models/kernel/run_interrupt.h"
#include "platforms/die_state_materializer.h"
#include "platforms/ftl_firmware_factory.h"
#include "platforms/reliability_statistics.h"
#include "platforms/rtl_engine_factory.h"
#include "platforms/run_to_time.h"
#include "platforms/run_warnings.h"
#include "platforms/window_counters.h"

namespace ssdtlm {

// Keeps the dies' page states (and, in data mode, contents) in step with decisions the FTL
// core makes on the untimed path, so the timed run starts from a consistent flash array.
class SsdPlatform::DieMirror : public FtlCore::Observer {
 public:
  DieMirror(NandDies& dies, const FlashGeometry& geometry, DataOracle* oracle)
      : dies_(dies), geometry_(geometry), oracle_(oracle) {}
  void on_program(Ppn ppn, Lpn lpn, OpOrigin origin) override {
    std::uint64_t tag = 0;
    if (oracle_ != nullptr) tag = origin == OpOrigin::Host ? oracle_->record_write(lpn) : oracle_->expected(lpn);
    const BlockId block = geometry_.block_of_page(ppn);
    dies_[geometry_.die_of_block(block)]
        .backdoor_program(geometry_.plane_of_block(block), geometry_.index_in_plane(block), geometry_.page_in_block(ppn), tag);
  }
  void on_erase(BlockId block) override {
    dies_[geometry_.die_of_block(block)].backdoor_erase(geometry_.plane_of_block(block), geometry_.index_in_plane(block));
  }

 private:
  NandDies& dies_;
  const FlashGeometry& geometry_;
  DataOracle* oracle_;
};

SsdPlatform::SsdPlatform(sc_core::sc_module_name name, const SsdConfig& config, const DieTargetFactory& die_targets)
    : sc_core::sc_module(name), config_(config), loop_(EventLoop::construction_scope()) {
  if (loop_ == nullptr) {
    own_loop_ = std::make_unique<EventLoop>("event_loop");
    loop_ = own_loop_.get();
  }
  const EventLoopScope scope(*loop_);
  register_rtl_engine_kinds();
  core_ = std::make_unique<FtlCore>(config_.ftl_core);
  if (config_.data_mode) oracle_ = std::make_unique<DataOracle>();
  controller_ = std::make_unique<FlashController>("controller", config_.geometry, config_.nand_timing,
                                                  config_.bus_timing, config_.controller);
  dies_ = std::make_unique<NandDies>("nand", config_.geometry, config_.nand_timing, config_.controller.data_mode,
                                     config_.controller.reliability);
  bind_dies(*controller_, *dies_, die_targets ? die_targets : die_model_factory(config_, die_models_), die_models_);
  ftl_ = make_ftl_firmware(config_, *core_, oracle_.get());
  ftl_->flash_initiator_socket().bind(controller_->target_socket);
  if (config_.power.enabled) {  // ftl.mode = page only (ssd_config.cpp)
    power_ = std::make_unique<PowerLossRecorder>(config_.power, *core_, oracle_.get());
    core_->set_observer(power_.get());
    ftl_->set_power_loss_recorder(power_.get());
  }
  host_interface_ = std::make_unique<HostInterface>("host_interface", config_.host_interface,
                                                    config_.geometry.page_size_bytes, ftl_->host_logical_pages());
  host_interface_->ftl_socket.bind(ftl_->host_target_socket());
  timeline_ = std::make_unique<TimelineSampler>(
      "timeline", sc_core::sc_time(double(config_.stats.timeline_interval_ns), sc_core::SC_NS),
      config_.geometry.page_size_bytes, [this]() {
        TimelineCounters c;
        c.host_bytes_read = host_statistics_.bytes_read();
        c.host_bytes_written = host_statistics_.bytes_written();
        c.host_requests = host_statistics_.completed();
        const auto& flash = flash_statistics().flash_commands[static_cast<int>(OpOrigin::Gc)];
        c.gc_pages_written = flash[static_cast<int>(FlashOpcode::Program)] + flash[static_cast<int>(FlashOpcode::CacheProgram)] +
                             flash[static_cast<int>(FlashOpcode::Copyback)];
        c.free_blocks = free_blocks();
        c.erases = ftl_->blocks_erased();
        c.units_collecting = ftl_->units_collecting();
        return c;
      });
  host_statistics_.window().on_open([this]() { begin_measured_window(); });
}

std::uint64_t SsdPlatform::free_blocks() const { return ftl_->free_blocks(); }

void SsdPlatform::open_vcd(const std::string& path) {
  vcd_ = std::make_unique<ActivityVcdWriter>(path, *controller_, [this]() { return free_blocks(); });
}

void SsdPlatform::close_vcd() {
  if (vcd_) vcd_->close(sim_now_ps());
}

void SsdPlatform::start_of_simulation() {
  // Preconditioning is over: the VCD starts from the state it left.
  if (vcd_) vcd_->start();
}

void SsdPlatform::attach_workload(std::unique_ptr<RequestSource> source) {
  source_ = std::move(source);
  {
    const EventLoopScope scope(*loop_);
    const std::uint32_t depth = source_->queue_depth() > 0 ? source_->queue_depth() : config_.host_queue_depth;
    const std::uint32_t capacity = config_.host_interface.queue_pairs * config_.host_interface.queue_entries;
    host_driver_ = std::make_unique<HostDriver>("host", *source_, depth, capacity, host_statistics_, [this]() {
      host_workload_finished([]() { stop_simulation(); });
    });
    host_driver_->socket.bind(host_interface_->host_socket);
  }
}

void SsdPlatform::host_workload_finished(std::function<void()> then) {
  // The measurement ends with the last host completion; GC and buffered writes still in
  // flight then finish (counted as the drain) so the flash array is consistent when the run ends.
  end_measured_window();
  timeline_->stop();
  ftl_->host_finished(std::move(then));
}

void SsdPlatform::begin_measured_window() {
  if (window_begun_) return;
  window_begun_ = true;
  window_start_ = snapshot_now();
}

void SsdPlatform::end_measured_window() {
  if (host_done_) return;
  // A workload that ended inside its warm-up measured nothing: its window is empty.
  if (host_statistics_.window().has_warmup()) begin_measured_window();
  host_done_ = true;
  host_done_time_ = sim_now();
  window_end_ = snapshot_now();
}

SsdPlatform::WindowSnapshot SsdPlatform::snapshot_now() const {
  return {sim_now_ps(), device_counters(), busy_times_now()};
}

SsdPlatform::BusyTimes SsdPlatform::busy_times_now() const {
  BusyTimes busy;
  for (DieId d = 0; d < config_.geometry.dies(); ++d) busy.die.push_back(controller_->die_busy_time(d));
  for (std::uint32_t c = 0; c < config_.geometry.channels; ++c) {
    busy.channel.push_back(controller_->channel_busy_time(c));
    if (controller_->ecc_enabled()) busy.ecc.push_back(controller_->ecc_busy_time(c));
  }
  return busy;
}

const FtlCpuStatistics& SsdPlatform::flash_statistics() const {
  return ftl_->flash_statistics();
}

std::uint64_t SsdPlatform::logical_bytes() const {
  const std::uint64_t pages = power_ ? power_->host_logical_pages() : core_->logical_pages();
  return pages * config_.geometry.page_size_bytes;
}

SsdPlatform::~SsdPlatform() = default;

bool SsdPlatform::workload_done() const { return !host_driver_ || host_driver_->done(); }

void SsdPlatform::set_progress_callback(std::function<void()> callback) {
  if (host_driver_) host_driver_->set_progress_callback(std::move(callback));
}

void SsdPlatform::precondition(PreconditionMode mode, bool mirror_each_operation) {
  if (!ftl_->supports_preconditioning()) {
    if (mode != PreconditionMode::None) {
      throw config_error("--precondition " + std::string(to_string(mode)),
                         "ftl.mode = mjolnir starts from an empty store; use --precondition none");
    }
    return;
  }
  if (!mirror_each_operation && !oracle_ && !power_ && die_state_materializable(*core_)) {
    // The core alone, then the dies' state from its block table (die_state_materializer.h).
    core_->set_seal_blocks_on_close(true);
    precondition_result_ = ssdtlm::precondition(*core_, mode, config_.seed, precondition_monitor_);
    core_->set_seal_blocks_on_close(false);
    materialize_die_state(*core_, *dies_);
    core_->reset_counters();
    return;
  }
  DieMirror mirror(*dies_, config_.geometry, oracle_.get());
  core_->set_observer(&mirror);
  if (power_) {  // preconditioned pages get OOB metadata too, durable at once
    power_->set_next_observer(&mirror);
    power_->set_instant_durability(true);
    core_->set_observer(power_.get());
  }
  core_->set_seal_blocks_on_close(true);
  precondition_result_ = ssdtlm::precondition(*core_, mode, config_.seed, precondition_monitor_);
  core_->set_seal_blocks_on_close(false);
  core_->set_observer(power_.get());
  if (power_) {
    power_->set_next_observer(nullptr);
    power_->set_instant_durability(false);
  }
  core_->reset_counters();
}

void SsdPlatform::run(const sc_core::sc_time& limit) {
  // power.loss_at_us (an absolute time; `limit` is a duration from now): the run ends with a
  // power loss at that time, or when it drains earlier.
  const std::uint64_t now_ps = sim_now_ps();
  const std::uint64_t loss_ps = config_.power.loss_at_ps;
  std::uint64_t duration_ps = limit.value();
  const bool loss_pending = loss_ps > 0 && !power_lost();
  const bool loss_in_run = loss_pending && (duration_ps == 0 || loss_ps <= now_ps + duration_ps);
  if (loss_in_run) duration_ps = loss_ps > now_ps ? loss_ps - now_ps : 0;
  if (loss_in_run && duration_ps == 0) {
    power_loss();
    return;
  }
  run_kernel_for_ps(duration_ps);
  // An interrupted run stopped before the cut's time: it did not happen.
  if (run_interrupt_requested()) return;
  if (loss_in_run || (loss_pending && workload_done())) power_loss();
}

nlohmann::json SsdPlatform::verify_all_data() const {
  if (!config_.data_mode) return {{"checked_pages", 0}, {"mismatches", 0}};
  const auto& g = config_.geometry;
  return ftl_->verify_data([this, &g](Ppn ppn) {
    const BlockId block = g.block_of_page(ppn);
    return die(g.die_of_block(block))
        .backdoor_read(g.plane_of_block(block), g.index_in_plane(block), g.page_in_block(ppn));
  });
}

std::uint64_t SsdPlatform::measured_window_ps() const {
  return host_done_ ? host_done_time_.value() : sim_now_ps();
}

void SsdPlatform::write_timeline_csv(const std::string& path) const { timeline_->write_csv(path); }

}  // namespace ssdtlm
