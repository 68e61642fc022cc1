#include "platforms/raid_platform.h"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <thread>
#include <vector>

#include "models/common/config/config_error.h"
#include "models/raid/ftl_gc_channel.h"
#include "models/raid/parity_math.h"
#include "platforms/rtl_engine_factory.h"
#include "platforms/run_warnings.h"
#include "platforms/spare_reservation.h"
#include "models/kernel/event_loop.h"
#include "platforms/run_to_time.h"

namespace ssdtlm {

RaidPlatform::RaidPlatform(sc_core::sc_module_name name, const RaidConfig& config)
    : sc_core::sc_module(name), config_(config), loop_(std::make_unique<EventLoop>("event_loop")) {
  const EventLoopScope scope(*loop_);
  register_rtl_engine_kinds();
  const std::uint32_t members = config_.controller.members;
  for (std::uint32_t d = 0; d < config_.devices.size(); ++d) {
    const std::string device_name = d < members ? "member" + std::to_string(d) : "spare" + std::to_string(d - members);
    devices_.push_back(std::make_unique<SsdPlatform>(device_name.c_str(), config_.devices[d]));
    // No member's timeline is written: not sampled at all (each kept a row per interval in
    // memory for the whole run, and woke the kernel every interval).
    devices_.back()->timeline().stop();
  }
  // Every member contributes the same number of stripe units: the smallest member's share.
  std::uint64_t member_bytes = ~0ull;
  for (std::uint32_t d = 0; d < members; ++d) member_bytes = std::min(member_bytes, devices_[d]->logical_bytes());
  RaidControllerConfig controller_config = config_.controller;
  controller_config.member_capacity_bytes = member_bytes;
  const std::uint64_t used = member_bytes / controller_config.stripe_unit_bytes * controller_config.stripe_unit_bytes;
  if (used == 0) {
    throw config_error("raid.stripe_unit_bytes", "larger than a member's logical capacity (" +
                                                     std::to_string(member_bytes) + " B)");
  }
  for (std::uint32_t d = members; d < devices_.size(); ++d) {
    if (devices_[d]->logical_bytes() < used) {
      throw config_error("member_overrides." + std::to_string(d),
                         "spare is smaller (" + std::to_string(devices_[d]->logical_bytes()) +
                             " B) than what each member holds (" + std::to_string(used) + " B)");
    }
  }
  for (std::uint32_t d = 0; d < devices_.size(); ++d) {
    if (devices_[d]->ftl().array_member() == nullptr) {  // no GC side channel, no content hooks
      throw config_error("member_overrides." + std::to_string(d) + ".ftl.mode",
                         "mjolnir members are not supported behind a RAID controller; use ftl.mode = page");
    }
  }
  controller_ = std::make_unique<RaidController>("raid", controller_config);
  for (std::uint32_t d = 0; d < devices_.size(); ++d) {
    SsdPlatform& device = *devices_[d];
    controller_->member_socket.bind(device.host_interface().host_socket);
    ArrayMemberFirmware& member = *device.ftl().array_member();
    controller_->attach_gc_channel(d, std::make_unique<FtlGcChannel>(member, device.core(), config_.gc_thresholds[d]));
    if (RaidDataModel* data = controller_->data_model()) {
      // Data mode has block == page, so a member's logical page is its block number.
      member.set_host_content_hooks(
          [data, d](Lpn lpn) { return data->content_to_write(d, lpn); },
          [data, d](Lpn lpn, std::uint64_t tag) { data->content_read(d, lpn, tag); });
    }
  }
  if (config_.fail_member_scheduled) {
    controller_->schedule_member_failure(config_.fail_member,
                                         sc_core::sc_time(double(config_.fail_member_at_ns), sc_core::SC_NS));
  }
}

RaidPlatform::~RaidPlatform() = default;

void RaidPlatform::attach_workload(std::unique_ptr<RequestSource> source) {
  source_ = std::move(source);
  const EventLoopScope scope(*loop_);
  const std::uint32_t depth = source_->queue_depth() > 0 ? source_->queue_depth() : config_.host_queue_depth;
  // The array's window is every member's: their counters are taken at its start and end.
  host_statistics_.window().on_open([this]() {
    for (auto& device : devices_) device->begin_measured_window();
  });
  host_driver_ = std::make_unique<HostDriver>("host", *source_, depth, config_.host_queue_entries, host_statistics_,
                                              [this]() {
                                                workload_end_ps_ = sim_now_ps();
                                                for (auto& device : devices_) {
                                                  // A workload that ended inside its warm-up measured nothing.
                                                  if (host_statistics_.window().has_warmup()) device->begin_measured_window();
                                                  device->end_measured_window();
                                                }
                                                controller_->stop_background_work();
                                                drain();
                                              });
  host_driver_->socket.bind(controller_->host_socket);
  drain_timer_ = std::make_unique<TimedCallbackQueue>("drain");
}

void RaidPlatform::drain() {
  bool idle = controller_->background_idle();
  for (auto& device : devices_) idle = idle && device->ftl().units_collecting() == 0;
  if (!idle) {
    drain_timer_->schedule_in(sc_core::sc_time(10, sc_core::SC_US), [this]() { drain(); });
    return;
  }
  finished_ = true;
  if (end_with_pause_) {
    pause_simulation();
  } else {
    stop_simulation();
  }
}

void RaidPlatform::precondition(PreconditionMode mode) {
  if (mode != PreconditionMode::None && controller_->data_model() != nullptr) {
    throw config_error("--precondition", "a data-mode array starts from empty members (its parity must match the data); "
                                         "use --precondition none");
  }
  precondition_mode_ = mode;
  // Members are independent until the timed run starts: each one's preconditioning touches
  // only its own FtlCore and NandDie arrays (the mirror's data oracle is absent: data-mode
  // arrays are refused above) and draws from its own seeded generator. So the members are
  // preconditioned on all cores at once, with the same final state as one after the other
  // (docs/performance.md, "RAID and the second core"). An error is rethrown in member order.
  const std::uint32_t members = config_.controller.members;
  const unsigned threads = std::min<unsigned>(members, std::max(1u, std::thread::hardware_concurrency()));
  std::atomic<std::uint32_t> next{0};
  std::vector<std::exception_ptr> errors(members);
  auto precondition_members = [&] {
    for (std::uint32_t d = next++; d < members; d = next++) {
      try {
        devices_[d]->precondition(mode);
      } catch (...) {
        errors[d] = std::current_exception();
      }
    }
  };
  std::vector<std::thread> helpers;
  for (unsigned t = 1; t < threads; ++t) helpers.emplace_back(precondition_members);
  precondition_members();
  for (std::thread& helper : helpers) helper.join();
  for (const std::exception_ptr& error : errors) {
    if (error) std::rethrow_exception(error);
  }
}

void RaidPlatform::run(const sc_core::sc_time& limit) { run_kernel_for_ps(limit.value()); }

bool RaidPlatform::workload_done() const { return !host_driver_ || host_driver_->done(); }

void RaidPlatform::check_outputs_written() {
  host_statistics_.check_request_records_written();
  controller_->check_member_trace_written();
}

void RaidPlatform::open_member_trace(const std::string& path) {
  if (config_.member_trace_window_ns == 0) return;
  controller_->open_member_trace(path, config_.member_trace_start_ns, config_.member_trace_window_ns);
}

void RaidPlatform::set_progress_callback(std::function<void()> callback) {
  if (host_driver_) host_driver_->set_progress_callback(std::move(callback));
}

namespace {

// Mean and standard deviation over reads and writes together, from each one's count, mean
// and standard deviation (pooled moments).
nlohmann::json pooled_latency(const HostOpStatistics& a, const HostOpStatistics& b) {
  const double n = double(a.count + b.count);
  if (n == 0) return {{"count", 0}, {"mean_us", 0.0}, {"stddev_us", 0.0}};
  const double ma = a.latency.mean_ns(), mb = b.latency.mean_ns();
  const double sa = a.latency.stddev_ns(), sb = b.latency.stddev_ns();
  const double mean = (double(a.count) * ma + double(b.count) * mb) / n;
  const double second = (double(a.count) * (sa * sa + ma * ma) + double(b.count) * (sb * sb + mb * mb)) / n;
  return {{"count", a.count + b.count},
          {"mean_us", mean / 1000.0},
          {"stddev_us", std::sqrt(std::max(0.0, second - mean * mean)) / 1000.0},
          {"max_us", std::max(a.latency.max_ns(), b.latency.max_ns()) / 1000.0}};
}

}  // namespace

std::uint64_t RaidPlatform::measured_window_ps() const {
  return workload_end_ps_ != 0 ? workload_end_ps_ : sim_now_ps();
}

nlohmann::json RaidPlatform::statistics() const {
  // Array rates over the workload's span; the drain after it only lets members finish.
  const std::uint64_t now_ps = sim_now_ps();
  const std::uint64_t sim_ps = measured_window_ps();
  nlohmann::json stats;
  stats["sim_time_ns"] = sim_ps / 1000;
  stats["drain_time_ns"] = (now_ps - sim_ps) / 1000;
  stats["interrupted"] = interrupted_;
  stats["array"]["read"] = host_statistics_.op_to_json(HostOp::Read, sim_ps);
  stats["array"]["write"] = host_statistics_.op_to_json(HostOp::Write, sim_ps);
  if (host_statistics_.op(HostOp::Flush).count > 0) stats["array"]["flush"] = host_statistics_.op_to_json(HostOp::Flush, sim_ps);
  stats["array"]["all"] = pooled_latency(host_statistics_.op(HostOp::Read), host_statistics_.op(HostOp::Write));
  stats["array"]["requests"] = host_statistics_.completed();
  stats["window"] = {{"start_ns", host_statistics_.measured_from_ps() / 1000}};
  stats["warmup"] = {{"requests", host_statistics_.completed() - host_statistics_.measured()},
                     {"ended", host_statistics_.window().opened()}};
  if (host_statistics_.measured_from_ps() != 0) stats["array"]["measured_from_ns"] = host_statistics_.measured_from_ps() / 1000;
  stats["array"]["precondition"] = to_string(precondition_mode_);
  if (source_) stats["array"]["workload"] = source_->describe();
  stats["raid"] = controller_->statistics();
  nlohmann::json devices = nlohmann::json::array();
  for (std::uint32_t d = 0; d < devices_.size(); ++d) {
    nlohmann::json ssd = devices_[d]->statistics();
    ssd.erase("host");  // no host driver of its own: the controller's view is under "raid"
    // The array's window (sim_time_ns, drain_time_ns) and "interrupted" are the run's; a member
    // has no host of its own, its counters split at the array's window ("warmup", "window",
    // "drain").
    for (const char* key : {"drain_time_ns", "interrupted"}) ssd.erase(key);
    devices.push_back({{"device", d},
                       {"role", d < config_.controller.members ? "member" : "spare"},
                       {"ssd", ssd}});
  }
  stats["devices"] = devices;
  if (controller_->data_model() != nullptr) stats["data_integrity"] = verify_array_data();
  RunFacts facts;
  facts.precondition = to_string(precondition_mode_);
  facts.host_writes = host_statistics_.op(HostOp::Write).count;
  facts.reader = "member";
  facts.warmup_ended = host_statistics_.window().opened();
  for (const nlohmann::json& device : devices) {
    if (facts.spare_mostly_reserved.empty() && device["ssd"].contains("capacity")) {
      // The member's keys as a RAID document spells them.
      const SpareKeys keys{"ssd.nand.blocks_per_plane", "ssd.ftl.spare_factor", "ssd.ftl.gc.free_block_high_watermark",
                           "ssd.ftl.gc.frontier"};
      const std::string message = spare_mostly_reserved_message(device["ssd"]["capacity"], keys);
      if (!message.empty()) facts.spare_mostly_reserved = "device " + device["device"].dump() + ": " + message;
    }
    facts.gc_victims += device["ssd"]["gc"]["victims"].get<std::uint64_t>();
    facts.reads_unmapped += device["ssd"]["ftl"]["reads_unmapped"].get<std::uint64_t>();
  }
  if (source_) facts.add_workload_report(source_->report());
  nlohmann::json warnings = run_warnings(facts);
  if (!warnings.empty()) stats["warnings"] = std::move(warnings);
  return stats;
}

nlohmann::json RaidPlatform::verify_array_data() const {
  const RaidDataModel* data = controller_->data_model();
  if (data == nullptr) return nlohmann::json::object();
  const RaidIoPlanner& planner = controller_->planner();
  const StripeLayout& layout = controller_->layout();
  const std::uint64_t stripes = planner.addressing().stripes;
  const std::uint32_t rows = planner.blocks_per_unit();
  const StripeIntegrity& integrity = controller_->integrity();
  std::uint64_t checked = 0, mismatches = 0, parity_rows = 0, parity_mismatches = 0, unrecoverable = 0, known_lost = 0;
  auto content = [&](MemberId device, std::uint64_t block) -> std::uint64_t {
    // What the member holds; each member's own data check proves its flash holds the same.
    return devices_[device]->oracle()->expected(static_cast<Lpn>(block));
  };
  for (std::uint64_t stripe = 0; stripe < stripes; ++stripe) {
    const StripePlacement placement = layout.place(stripe);
    for (std::uint32_t row = 0; row < rows; ++row) {
      const std::uint64_t block = planner.member_block(stripe, row);
      StripeRow r;
      r.data.assign(placement.data_units, 0);
      r.data_lost.assign(placement.data_units, false);
      bool intact = true;
      // What the controller knows it lost (StripeIntegrity): a stale row's parity is not
      // compared, and a block it would rebuild or a unit holding a guess is not a mismatch
      // (reads of them are answered with an error status).
      const bool stale = integrity.row_stale(block);
      std::vector<bool> guessed(placement.data_units, false);
      for (std::uint32_t k = 0; k < placement.data_units; ++k) {
        MemberId device = kNoMember;
        bool readable = false;
        for (std::uint32_t c = 0; c < placement.copies && !readable; ++c) {
          const MemberId d = controller_->serving_device(placement.data_member(k, c), stripe);
          if (d == kNoMember) continue;
          readable = !integrity.unit_unreadable(placement.data_member(k, c), block);
          if (device == kNoMember || readable) device = d;
        }
        r.data_lost[k] = device == kNoMember;
        guessed[k] = device != kNoMember && !readable;
        intact = intact && !r.data_lost[k];
        if (device != kNoMember) r.data[k] = content(device, block);
        // Every surviving mirror copy must agree.
        for (std::uint32_t c = 1; c < placement.copies && device != kNoMember; ++c) {
          const MemberId copy = controller_->serving_device(placement.data_member(k, c), stripe);
          if (integrity.unit_unreadable(placement.data_member(k, c), block)) continue;
          if (copy != kNoMember && copy != device) {
            ++parity_rows;
            if (content(copy, block) != r.data[k]) ++parity_mismatches;
          }
        }
      }
      if (placement.p != kNoMember) {
        const MemberId p = controller_->serving_device(placement.p, stripe);
        const MemberId q = placement.q != kNoMember ? controller_->serving_device(placement.q, stripe) : kNoMember;
        r.has_q = placement.q != kNoMember;
        r.p_lost = p == kNoMember;
        r.q_lost = r.has_q && q == kNoMember;
        if (!r.p_lost) r.p = content(p, block);
        if (r.has_q && !r.q_lost) r.q = content(q, block);
        if (intact && !stale && !r.p_lost && !(r.has_q && r.q_lost)) {
          ++parity_rows;
          if (r.p != xor_parity(r.data) || (r.has_q && r.q != q_parity(r.data))) ++parity_mismatches;
        }
        if ((stale && !intact) || !recover(r)) ++unrecoverable;
      }
      for (std::uint32_t k = 0; k < placement.data_units; ++k) {
        const std::uint64_t array_block = (stripe * placement.data_units + k) * rows + row;
        ++checked;
        if (guessed[k] || (stale && r.data_lost[k])) {
          ++known_lost;
        } else if (r.data_lost[k] || r.data[k] != data->expected(array_block)) {
          ++mismatches;
        }
      }
    }
  }
  nlohmann::json result = {{"array_blocks_checked", checked},
                            {"array_block_mismatches", mismatches},
                            {"redundancy_rows_checked", parity_rows},
                            {"redundancy_mismatches", parity_mismatches},
                            {"unrecoverable_rows", unrecoverable},
                            {"controller", controller_->statistics()["data_integrity"]}};
  if (!integrity.empty()) {
    result["stale_parity_rows"] = integrity.stale_rows();
    result["known_lost_blocks"] = known_lost;  // blocks whose reads fail: neither checked as right nor wrong
  }
  return result;
}

}  // namespace ssdtlm
