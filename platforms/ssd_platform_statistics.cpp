// SsdPlatform's stats.json: the host's figures over the measured window, the device's counters
// as differences of snapshots (window_counters.h), and the states (erase counts, capacity) at
// the end.
#include <algorithm>
#include <cmath>

#include "platforms/reliability_statistics.h"
#include "platforms/run_warnings.h"
#include "platforms/spare_reservation.h"
#include "platforms/ssd_platform.h"
#include "platforms/window_counters.h"

namespace ssdtlm {
namespace {

// Leaves of device_counters() that are a state of the device, not a count.
const std::vector<std::string> kStateCounters = {"reliability.factory_bad_blocks", "reliability.grown_bad_blocks"};

}  // namespace

nlohmann::json SsdPlatform::device_counters() const {
  const FtlCpuStatistics& ftl = flash_statistics();
  const auto by_origin = [&ftl](std::initializer_list<FlashOpcode> opcodes) {
    nlohmann::json j;
    std::uint64_t total = 0;
    for (int origin = 0; origin < kOpOriginCount; ++origin) {
      std::uint64_t n = 0;
      for (FlashOpcode opcode : opcodes) n += ftl.flash_commands[origin][static_cast<int>(opcode)];
      j[to_string(static_cast<OpOrigin>(origin))] = n;
      total += n;
    }
    j["total"] = total;
    return j;
  };
  nlohmann::json c;
  c["flash"]["reads"] = by_origin({FlashOpcode::Read, FlashOpcode::CacheRead});
  c["flash"]["programs"] = by_origin({FlashOpcode::Program, FlashOpcode::CacheProgram, FlashOpcode::Copyback});
  c["flash"]["erases"] = by_origin({FlashOpcode::Erase});
  c["flash"]["copybacks"] = by_origin({FlashOpcode::Copyback});
  if (config_.controller.suspend_enabled) {
    c["flash"]["suspend"] = {{"program_suspensions", controller_->program_suspensions()},
                             {"erase_suspensions", controller_->erase_suspensions()},
                             {"reads_during_suspension", controller_->reads_during_suspension()}};
  }
  c["gc"] = {
      {"invocations", ftl.gc_cycles},
      {"victims", ftl.gc_victims},
      {"pages_moved", ftl_->gc_pages_moved()},
      {"busy_time_ns", ftl.gc_busy_ps / 1000},
      {"host_writes_waited", ftl.host_writes_waited_for_gc},
      {"victim_valid_pages", core_->counters().victim_valid_pages},  // for the mean valid fraction
  };
  if (config_.ftl_cpu.gc_preemption == FtlCpuConfig::GcPreemption::Semi) {
    // Only with semi-preemption, so that stats.json of `none` runs stays as it was.
    c["gc"]["semi"] = {
        {"steps", ftl.gc_steps},
        {"merged_host_reads", ftl.gc_merged_host_reads},
        {"merged_host_writes", ftl.gc_merged_host_writes},
        {"held_host_reads", ftl.gc_held_host_reads},
        {"preemption_points_by_state",
         {ftl.gc_preemption_points[0], ftl.gc_preemption_points[1], ftl.gc_preemption_points[2],
          ftl.gc_preemption_points[3]}},
    };
  }
  c["ftl"] = {{"reads_unmapped", ftl.host_reads_unmapped},
              {"reads_from_buffer", ftl.host_reads_from_buffer},
              {"reads_waited_for_buffered_writes", ftl.host_reads_waited_for_buffered_writes},
              {"data_checks", ftl.data_checks}};
  if (ftl_->has_sort_buffer()) {
    c["ftl"]["sort_buffer"] = {{"flushes", ftl.sort_buffer_flushes},
                               {"pages_programmed", ftl.sort_buffer_pages_programmed},
                               {"rewrites_absorbed", core_->counters().host_writes_absorbed}};
  }
  if (ftl.host_flushes > 0) c["ftl"]["flushes"] = {{"commands", ftl.host_flushes}, {"waited", ftl.flushes_waited}};
  if (controller_->ecc_enabled()) {
    const auto& ecc = controller_->ecc_counters();
    c["ecc"] = {{"encodes", ecc.encodes},
                {"decodes", ecc.decodes},
                {"rtl_cycles", ecc.rtl_cycles},
                {"corrected_bits", ecc.corrected_bits},
                {"uncorrectable_sectors", ecc.uncorrectable_sectors}};
  }
  if (config_.controller.reliability.enabled() || config_.ftl_core.dynamic_wear_leveling ||
      config_.ftl_core.static_wear_leveling) {
    c["reliability"] = reliability_statistics(*controller_, *dies_, *core_, *ftl_, *host_interface_,
                                              config_.ftl_core.factory_bad_blocks.size());
  }
  if (power_) {
    c["power"] = {{"checkpoints_started", power_->checkpoints_started()},
                  {"checkpoints_completed", power_->checkpoints_completed()},
                  {"checkpoint_pages", power_->checkpoint_pages()},
                  {"trim_table_writes", ftl.trim_table_writes},
                  {"erases_waited_for_durability", ftl.erases_waited_for_durability}};
  }
  return c;
}

nlohmann::json SsdPlatform::statistics() const {
  const WindowSnapshot now = snapshot_now();
  // Before a warm-up has ended the window has not started: it is empty so far.
  const bool warmup_pending = host_statistics_.window().has_warmup() && !window_begun_;
  const WindowSnapshot& start = warmup_pending ? now : window_start_;
  const WindowSnapshot& end = host_done_ ? window_end_ : now;
  const std::uint64_t end_ps = end.time_ps;
  const std::uint64_t window_ps = end_ps - std::min(end_ps, start.time_ps);

  // The device's counters from the window's start to now (drain included).
  nlohmann::json stats = counters_since(now.counters, start.counters, kStateCounters);
  stats["sim_time_ns"] = end_ps / 1000;
  // Both truncated from ps, so that sim_time_ns + drain_time_ns is the end of the run in ns.
  stats["drain_time_ns"] = now.time_ps / 1000 - end_ps / 1000;
  stats["warmup"] = stretch_counts(start.counters, nullptr);
  stats["warmup"]["requests"] = host_statistics_.completed() - host_statistics_.measured();
  // False when the workload ended inside its warm-up: nothing was measured.
  stats["warmup"]["ended"] = host_statistics_.window().opened();
  stats["window"] = stretch_counts(end.counters, start.counters);
  stats["window"]["start_ns"] = start.time_ps / 1000;
  stats["drain"] = stretch_counts(now.counters, end.counters);
  stats["write_amplification"] = write_amplification_between(end.counters, start.counters);
  stats["write_amplification_with_drain"] = write_amplification_between(now.counters, start.counters);
  stats["interrupted"] = interrupted_;

  stats["host"]["read"] = host_statistics_.op_to_json(HostOp::Read, end_ps);
  stats["host"]["write"] = host_statistics_.op_to_json(HostOp::Write, end_ps);
  stats["host"]["trim"] = host_statistics_.op_to_json(HostOp::Trim, end_ps);
  if (host_statistics_.op(HostOp::Flush).count > 0) stats["host"]["flush"] = host_statistics_.op_to_json(HostOp::Flush, end_ps);
  stats["host"]["requests"] = host_statistics_.completed();
  if (host_statistics_.measured_from_ps() != 0) stats["host"]["measured_from_ns"] = host_statistics_.measured_from_ps() / 1000;
  // The request source's own account (trace replay: format, passes, bad lines by kind).
  if (source_) stats["workload"] = source_->report();
  if (ftl_->takes_range_commands()) {
    for (HostOp op : {HostOp::RangeCopy, HostOp::RangeMove, HostOp::RangeDelete, HostOp::Snapshot}) {
      stats["host"][to_string(op)] = host_statistics_.op_to_json(op, end_ps);
    }
  }

  nlohmann::json& gc = stats["gc"];
  const std::uint64_t victims = gc["victims"].get<std::uint64_t>();
  gc["mean_valid_fraction_of_victims"] =
      victims ? double(gc["victim_valid_pages"].get<std::uint64_t>()) / (double(victims) * config_.geometry.pages_per_block)
              : 0.0;
  gc.erase("victim_valid_pages");
  ftl_->add_statistics(stats);
  stats["ftl"]["logical_pages"] = core_->logical_pages();
  if (ftl_->has_sort_buffer()) stats["ftl"]["sort_buffer"]["pages"] = core_->host_sort_buffer_pages();

  // Per-die and per-channel utilization over the measured window.
  const auto utilization = [window_ps](sc_core::sc_time busy_end, sc_core::sc_time busy_start) {
    return window_ps ? double(busy_end.value() - busy_start.value()) / double(window_ps) : 0.0;
  };
  const auto busy_at_start = [&start](const std::vector<sc_core::sc_time>& times, std::size_t i) {
    return i < times.size() ? times[i] : sc_core::SC_ZERO_TIME;
  };
  nlohmann::json dies = nlohmann::json::array();
  double die_sum = 0.0;
  for (std::size_t d = 0; d < end.busy.die.size(); ++d) {
    const double u = utilization(end.busy.die[d], busy_at_start(start.busy.die, d));
    dies.push_back(u);
    die_sum += u;
  }
  nlohmann::json channels = nlohmann::json::array();
  for (std::size_t c = 0; c < end.busy.channel.size(); ++c) {
    channels.push_back(utilization(end.busy.channel[c], busy_at_start(start.busy.channel, c)));
  }
  if (controller_->ecc_enabled()) {
    nlohmann::json ecc_utilization = nlohmann::json::array();
    for (std::size_t c = 0; c < end.busy.ecc.size(); ++c) {
      ecc_utilization.push_back(utilization(end.busy.ecc[c], busy_at_start(start.busy.ecc, c)));
    }
    stats["ecc"]["engine"] = config_.controller.ecc.engine;
    stats["ecc"]["utilization"] = ecc_utilization;
  }
  stats["die_utilization"] = dies;
  stats["die_utilization_mean"] = config_.geometry.dies() ? die_sum / config_.geometry.dies() : 0.0;
  stats["channel_utilization"] = channels;

  // Erase-count spread over every block in service (bad blocks left out; the multi-reference
  // store retires none and counts its own erases): the wear at the end, a state of the drive.
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
  // Capacity, and for the page-mapped FTL how much of the spare can hold data.
  nlohmann::json& capacity = stats["capacity"];
  if (config_.ftl_mode == SsdConfig::FtlMode::Page) {
    capacity = to_json(spare_reservation(config_.ftl_core, core_->allocator().frontiers_per_unit()));
  }
  capacity["logical_bytes"] = logical_bytes();
  capacity["physical_bytes"] = config_.geometry.total_pages() * config_.geometry.page_size_bytes;
  stats["precondition"] = precondition_result_.to_json();
  stats["precondition"].erase("wall_seconds");  // wall figures go to wall.json, keeping stats.json reproducible
  // After a power loss the run stopped with programs in flight: the recovery's own check
  // (recovery.lost_pages) replaces the end-of-run data check.
  if (config_.data_mode && recovery_.is_null()) stats["data_integrity"] = verify_all_data();
  if (power_) {  // only with power.enabled, so other runs' stats.json stays as it was
    stats["power"]["host_logical_pages"] = power_->host_logical_pages();
    stats["power"]["trim_table_pages"] = config_.ftl_core.extra_logical_pages;
    stats["power"]["model_bytes"] = power_->bytes();
  }
  if (!recovery_.is_null()) stats["recovery"] = recovery_;
  set_ssd_run_warnings(stats);
  return stats;
}

}  // namespace ssdtlm
