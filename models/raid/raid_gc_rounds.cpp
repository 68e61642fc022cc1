// RaidController as the GcCoordinationContext: which devices are in service, their GC state
// over the side channel, and GC rounds (a forced collection on every device in service).
#include "models/raid/raid_controller_internal.h"
#include "models/kernel/event_loop.h"

namespace ssdtlm {
namespace {
constexpr std::size_t kMaxRoundTimes = 100000;
}

std::vector<MemberId> RaidController::devices_in_service() const {
  std::vector<MemberId> in_service;
  for (MemberId slot = 0; slot < config_.members; ++slot) {
    const MemberId d = slot_device_[slot];
    if (!failed_[d]) in_service.push_back(d);
  }
  if (rebuild_target_ != kNoMember) in_service.push_back(rebuild_target_);
  return in_service;
}

MemberGcStatus RaidController::device_status(MemberId d) const {
  return gc_channels_[d] ? gc_channels_[d]->status() : MemberGcStatus{};
}

bool RaidController::gc_round_active() {
  // A round lasts until its force commands are delivered and at least the minimum interval:
  // the rate limit of force commands. What the members do with them is theirs to decide.
  if (!round_active_) return false;
  const sc_core::sc_time now = sim_now();
  if (now < round_delivered_ ||
      now < round_started_ + sc_core::sc_time(double(config_.gc.min_round_interval_ns), sc_core::SC_NS)) {
    return true;
  }
  round_active_ = false;
  return false;
}

void RaidController::start_gc_round(const std::string& reason) {
  if (stopping_) return;
  round_active_ = true;
  round_started_ = sim_now();
  round_delivered_ = round_started_ + sc_core::sc_time(double(config_.gc.side_channel_latency_ns), sc_core::SC_NS);
  ++gc_rounds_;
  if (round_times_us_.size() < kMaxRoundTimes) round_times_us_.push_back(round_started_.to_seconds() * 1e6);
  bool counted = false;
  for (auto& entry : rounds_by_reason_) {
    if (entry.first == reason) {
      ++entry.second;
      counted = true;
    }
  }
  if (!counted) rounds_by_reason_.emplace_back(reason, 1);
  // Delivered through the timer even without latency: a coordinator decides inside a member's
  // completion, and the forced GC must not start inside that call chain.
  for (const MemberId d : devices_in_service()) {
    if (!gc_channels_[d]) continue;
    ++gc_force_commands_;
    ++forces_in_transit_;
    timer_.schedule_at(round_delivered_, [this, d]() {
      --forces_in_transit_;
      if (!failed_[d]) gc_channels_[d]->force_gc();
    });
  }
}

RaidController::MemberPagesSample RaidController::member_pages_now() const {
  MemberPagesSample sample;
  sample.time_us = sim_now().to_seconds() * 1e6;
  for (const auto& channel : gc_channels_) {
    if (!channel) continue;
    const MemberGcStatus status = channel->status();
    sample.host_pages += status.host_pages_written;
    sample.gc_pages += status.gc_pages_written;
  }
  return sample;
}

void RaidController::sample_member_pages() {
  if (member_pages_samples_.size() >= kMaxRoundTimes) return;
  member_pages_samples_.push_back(member_pages_now());
  // Windows on a fixed grid from time 0; a quiet window merges into the next sample.
  const std::uint64_t window_ps = config_.member_wa_window_ns * 1000;
  next_pages_sample_ps_ = (sim_now().value() / window_ps + 1) * window_ps;
}

nlohmann::json RaidController::member_wa_windows() const {
  nlohmann::json windows = nlohmann::json::array();
  const auto add_window = [&windows](const MemberPagesSample& from, const MemberPagesSample& to) {
    const std::uint64_t host = to.host_pages - from.host_pages;
    const std::uint64_t gc = to.gc_pages - from.gc_pages;
    windows.push_back({{"start_us", from.time_us},
                       {"end_us", to.time_us},
                       {"host_pages", host},
                       {"gc_pages", gc},
                       {"write_amplification", host ? nlohmann::json(double(host + gc) / double(host)) : nlohmann::json(nullptr)}});
  };
  for (std::size_t i = 1; i < member_pages_samples_.size(); ++i) {
    add_window(member_pages_samples_[i - 1], member_pages_samples_[i]);
  }
  // The last window ends now (the end of the run when the statistics are taken).
  if (!member_pages_samples_.empty()) {
    const MemberPagesSample now = member_pages_now();
    const MemberPagesSample& last = member_pages_samples_.back();
    if (now.host_pages + now.gc_pages > last.host_pages + last.gc_pages) add_window(last, now);
  }
  return windows;
}

void RaidController::schedule_in_ns(std::uint64_t delay_ns, std::function<void()> callback) {
  timer_.schedule_in(sc_core::sc_time(double(delay_ns), sc_core::SC_NS), std::move(callback));
}

}  // namespace ssdtlm
