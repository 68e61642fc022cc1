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
  // flight then finish (unmeasured) so the flash array is consistent when the run ends.
  host_done_ = true;
  host_done_time_ = sim_now();
  busy_at_host_done_ = busy_times_now();
  counters_at_host_done_ = drain_counters_now();
  timeline_->stop();
  ftl_->host_finished(std::move(then));
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

SsdPlatform::DrainCounters SsdPlatform::drain_counters_now() const {
  const FtlCpuStatistics& ftl = flash_statistics();
  const auto total = [&ftl](std::initializer_list<FlashOpcode> opcodes) {
    std::uint64_t n = 0;
    for (int origin = 0; origin < kOpOriginCount; ++origin) {
      for (FlashOpcode opcode : opcodes) n += ftl.flash_commands[origin][static_cast<int>(opcode)];
    }
    return n;
  };
  DrainCounters counters;
  counters.flash_reads = total({FlashOpcode::Read, FlashOpcode::CacheRead});
  counters.flash_programs = total({FlashOpcode::Program, FlashOpcode::CacheProgram, FlashOpcode::Copyback});
  counters.flash_erases = total({FlashOpcode::Erase});
  counters.gc_victims = ftl.gc_victims;
  counters.gc_pages_moved = ftl_->gc_pages_moved();
  return counters;
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

nlohmann::json SsdPlatform::statistics() const {
  const std::uint64_t now_ps = sim_now_ps();
  const std::uint64_t sim_ps = measured_window_ps();
  nlohmann::json stats;
  stats["sim_time_ns"] = sim_ps / 1000;
  // Both truncated from ps, so that sim_time_ns + drain_time_ns is the end of the run in ns.
  stats["drain_time_ns"] = now_ps / 1000 - sim_ps / 1000;
  const DrainCounters end = drain_counters_now();
  const DrainCounters& start = host_done_ ? counters_at_host_done_ : end;
  stats["drain"] = {{"flash_reads", end.flash_reads - start.flash_reads},
                    {"flash_programs", end.flash_programs - start.flash_programs},
                    {"flash_erases", end.flash_erases - start.flash_erases},
                    {"gc_victims", end.gc_victims - start.gc_victims},
                    {"gc_pages_moved", end.gc_pages_moved - start.gc_pages_moved}};
  stats["interrupted"] = interrupted_;
  stats["host"]["read"] = host_statistics_.op_to_json(HostOp::Read, sim_ps);
  stats["host"]["write"] = host_statistics_.op_to_json(HostOp::Write, sim_ps);
  stats["host"]["trim"] = host_statistics_.op_to_json(HostOp::Trim, sim_ps);
  if (host_statistics_.op(HostOp::Flush).count > 0) stats["host"]["flush"] = host_statistics_.op_to_json(HostOp::Flush, sim_ps);
  stats["host"]["requests"] = host_statistics_.completed();
  // fio's ramp_time: the per-op figures cover the completions after this time.
  if (host_statistics_.measured_from_ps() != 0) stats["host"]["measured_from_ns"] = host_statistics_.measured_from_ps() / 1000;
  // The request source's own account (trace replay: format, passes, bad lines by kind).
  if (source_) stats["workload"] = source_->report();

  const auto& ftl = flash_statistics();
  auto by_origin = [&](std::initializer_list<FlashOpcode> opcodes) {
    nlohmann::json j;
    std::uint64_t total = 0;
    for (int origin = 0; origin < kOpOriginCount; ++origin) {
      std::uint64_t n = 0;
      for (auto opcode : opcodes) n += ftl.flash_commands[origin][static_cast<int>(opcode)];
      j[to_string(static_cast<OpOrigin>(origin))] = n;
      total += n;
    }
    j["total"] = total;
    return j;
  };
  stats["flash"]["reads"] = by_origin({FlashOpcode::Read, FlashOpcode::CacheRead});
  stats["flash"]["programs"] = by_origin({FlashOpcode::Program, FlashOpcode::CacheProgram, FlashOpcode::Copyback});
  stats["flash"]["erases"] = by_origin({FlashOpcode::Erase});
  stats["flash"]["copybacks"] = by_origin({FlashOpcode::Copyback});
  const double host_programs = stats["flash"]["programs"]["host"].get<double>();
  const double all_programs = stats["flash"]["programs"]["total"].get<double>();
  stats["write_amplification"] = host_programs > 0 ? all_programs / host_programs : 0.0;

  const auto& counters = core_->counters();
  stats["gc"] = {
      {"invocations", ftl.gc_cycles},
      {"victims", ftl.gc_victims},
      {"pages_moved", ftl_->gc_pages_moved()},
      {"busy_time_ns", ftl.gc_busy_ps / 1000},
      {"mean_valid_fraction_of_victims",
       ftl.gc_victims ? double(counters.victim_valid_pages) / (double(ftl.gc_victims) * config_.geometry.pages_per_block) : 0.0},
      {"host_writes_waited", ftl.host_writes_waited_for_gc},
  };
  if (config_.ftl_cpu.gc_preemption == FtlCpuConfig::GcPreemption::Semi) {
    // Only with semi-preemption, so that stats.json of `none` runs stays as it was.
    stats["gc"]["semi"] = {
        {"steps", ftl.gc_steps},
        {"merged_host_reads", ftl.gc_merged_host_reads},
        {"merged_host_writes", ftl.gc_merged_host_writes},
        {"held_host_reads", ftl.gc_held_host_reads},
        {"preemption_points_by_state",
         {ftl.gc_preemption_points[0], ftl.gc_preemption_points[1], ftl.gc_preemption_points[2],
          ftl.gc_preemption_points[3]}},
    };
  }
  if (config_.controller.suspend_enabled) {
    stats["flash"]["suspend"] = {{"program_suspensions", controller_->program_suspensions()},
                                 {"erase_suspensions", controller_->erase_suspensions()},
                                 {"reads_during_suspension", controller_->reads_during_suspension()}};
  }
  ftl_->add_statistics(stats);
  if (ftl_->takes_range_commands()) {
    for (HostOp op : {HostOp::RangeCopy, HostOp::RangeMove, HostOp::RangeDelete, HostOp::Snapshot}) {
      stats["host"][to_string(op)] = host_statistics_.op_to_json(op, sim_ps);
    }
  }
  stats["ftl"] = {{"logical_pages", core_->logical_pages()},
                  {"reads_unmapped", ftl.host_reads_unmapped},
                  {"reads_from_buffer", ftl.host_reads_from_buffer},
                  {"reads_waited_for_buffered_writes", ftl.host_reads_waited_for_buffered_writes},
                  {"data_checks", ftl.data_checks}};
  if (ftl_->has_sort_buffer()) {
    stats["ftl"]["sort_buffer"] = {{"pages", core_->host_sort_buffer_pages()},
                                   {"flushes", ftl.sort_buffer_flushes},
                                   {"pages_programmed", ftl.sort_buffer_pages_programmed},
                                   {"rewrites_absorbed", counters.host_writes_absorbed}};
  }

  // Per-die and per-channel utilization over the measured window (up to the last host completion).
  const BusyTimes busy = measured_busy_times();
  const auto utilization = [sim_ps](sc_core::sc_time busy_time) {
    return sim_ps ? double(busy_time.value()) / double(sim_ps) : 0.0;
  };
  nlohmann::json dies = nlohmann::json::array();
  double die_sum = 0.0;
  for (const sc_core::sc_time& die_busy : busy.die) {
    const double u = utilization(die_busy);
    dies.push_back(u);
    die_sum += u;
  }
  nlohmann::json channels = nlohmann::json::array();
  for (const sc_core::sc_time& channel_busy : busy.channel) channels.push_back(utilization(channel_busy));
  if (controller_->ecc_enabled()) {
    const auto& ecc = controller_->ecc_counters();
    nlohmann::json ecc_utilization = nlohmann::json::array();
    for (const sc_core::sc_time& ecc_busy : busy.ecc) ecc_utilization.push_back(utilization(ecc_busy));
    stats["ecc"] = {{"engine", config_.controller.ecc.engine},
                    {"encodes", ecc.encodes},
                    {"decodes", ecc.decodes},
                    {"rtl_cycles", ecc.rtl_cycles},
                    {"corrected_bits", ecc.corrected_bits},
                    {"uncorrectable_sectors", ecc.uncorrectable_sectors},
                    {"utilization", ecc_utilization}};
  }
  stats["die_utilization"] = dies;
  stats["die_utilization_mean"] = config_.geometry.dies() ? die_sum / config_.geometry.dies() : 0.0;
  stats["channel_utilization"] = channels;

  // Erase-count spread over every block in service (bad blocks left out; the multi-reference
  // store retires none and counts its own erases).
  const auto all_blocks = config_.geometry.total_blocks();
  std::uint64_t blocks = 0;
  std::uint64_t min_erases = ~0ull, max_erases = 0;
  double sum = 0.0, sum_sq = 0.0;
  for (BlockId b = 0; b < all_blocks; ++b) {
    if (ftl_->retired(b)) continue;
    ++blocks;
    const std::uint64_t e = ftl_->erase_count(b);
    min_erases = std::min(min_erases, e);
    max_erases = std::max(max_erases, e);
    sum += double(e);
    sum_sq += double(e) * double(e);
  }
  const double mean = blocks ? sum / double(blocks) : 0.0;
  stats["erase_count"] = {{"min", blocks ? min_erases : 0},
                          {"mean", mean},
                          {"max", max_erases},
                          {"stddev", blocks ? std::sqrt(std::max(0.0, sum_sq / double(blocks) - mean * mean)) : 0.0}};
  if (config_.controller.reliability.enabled() || config_.ftl_core.dynamic_wear_leveling ||
      config_.ftl_core.static_wear_leveling) {
    stats["reliability"] = reliability_statistics(*controller_, *dies_, *core_, *ftl_, *host_interface_,
                                                  config_.ftl_core.factory_bad_blocks.size());
  }
  stats["precondition"] = precondition_result_.to_json();
  stats["precondition"].erase("wall_seconds");  // wall figures go to wall.json, keeping stats.json reproducible
  // After a power loss the run stopped with programs in flight: the recovery's own check
  // (recovery.lost_pages) replaces the end-of-run data check.
  if (config_.data_mode && recovery_.is_null()) stats["data_integrity"] = verify_all_data();
  if (power_) {  // only with power.enabled, so other runs' stats.json stays as it was
    stats["power"] = {{"checkpoints_started", power_->checkpoints_started()},
                      {"checkpoints_completed", power_->checkpoints_completed()},
                      {"checkpoint_pages", power_->checkpoint_pages()},
                      {"host_logical_pages", power_->host_logical_pages()},
                      {"trim_table_pages", config_.ftl_core.extra_logical_pages},
                      {"trim_table_writes", ftl.trim_table_writes},
                      {"erases_waited_for_durability", ftl.erases_waited_for_durability},
                      {"model_bytes", power_->bytes()}};
  }
  if (!recovery_.is_null()) stats["recovery"] = recovery_;
  if (ftl.host_flushes > 0) {
    stats["ftl"]["flushes"] = {{"commands", ftl.host_flushes}, {"waited", ftl.flushes_waited}};
  }
  set_ssd_run_warnings(stats);
  return stats;
}

void SsdPlatform::write_timeline_csv(const std::string& path) const { timeline_->write_csv(path); }

}  // namespace ssdtlm
