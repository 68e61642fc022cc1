// RaidController: member failure and rebuild onto a spare.
//
// A rebuild walks the stripes in order with a window of rebuild_stripes_in_flight steps; each
// step locks its stripe exclusively, reads the survivors, recomputes the lost unit on the
// parity engine and writes it to the spare. Host operations planned while it runs see the
// slot's unit on the spare for rebuilt stripes and as lost (rebuilt from parity) for the
// others, so every read returns the data last written before, during and after the rebuild.
#include <sstream>

#include "models/raid/raid_controller_internal.h"
#include "models/kernel/event_loop.h"

namespace ssdtlm {

void RaidController::schedule_member_failure(MemberId slot, const sc_core::sc_time& at) {
  const sc_core::sc_time when = std::max(at, sim_now());
  timer_.schedule_at(when, [this, slot]() { fail_member(slot); });
}

void RaidController::fail_member(MemberId slot) {
  if (slot >= config_.members) {
    SC_REPORT_ERROR("ssdtlm/raid", ("fail_member: no member slot " + std::to_string(slot)).c_str());
    return;
  }
  const MemberId d = slot_device_[slot];
  if (failed_[d]) return;
  failed_[d] = true;
  std::uint32_t failed_slots = 0;
  for (MemberId s = 0; s < config_.members; ++s) failed_slots += failed_[slot_device_[s]] ? 1 : 0;
  failures_.push_back({{"slot", slot}, {"device", d}, {"at_us", sim_now().to_seconds() * 1e6}});
  if (failed_slots > tolerated_failures(config_.level)) {
    std::ostringstream message;
    message << to_string(config_.level) << " lost member slot " << slot << ": " << failed_slots
            << " failed members exceed what the level tolerates; reads of its data will fail";
    SC_REPORT_WARNING("ssdtlm/raid", message.str().c_str());
  }
  if (slot == rebuilding_slot_) {
    SC_REPORT_WARNING("ssdtlm/raid", "the spare being rebuilt failed; the rebuild is abandoned");
    return;
  }
  slots_awaiting_rebuild_.push_back(slot);
  if (rebuilding_slot_ == kNoMember && !free_spares_.empty()) {
    timer_.schedule_in(sc_core::sc_time(double(config_.rebuild_start_delay_ns), sc_core::SC_NS),
                       [this]() { start_rebuild(); });
  }
}

void RaidController::start_rebuild() {
  if (rebuilding_slot_ != kNoMember || free_spares_.empty() || slots_awaiting_rebuild_.empty()) return;
  rebuilding_slot_ = slots_awaiting_rebuild_.front();
  slots_awaiting_rebuild_.pop_front();
  rebuild_target_ = free_spares_.front();
  free_spares_.erase(free_spares_.begin());
  rebuild_next_stripe_ = 0;
  rebuild_cursor_ = 0;
  rebuilt_ahead_.clear();
  if (rebuild_started_us_ < 0) rebuild_started_us_ = sim_now().to_seconds() * 1e6;
  launch_rebuild_steps();
}

void RaidController::launch_rebuild_steps() {
  const std::uint64_t stripes = planner_->addressing().stripes;
  while (!stopping_ && rebuilding_slot_ != kNoMember && rebuild_in_flight_ < config_.rebuild_stripes_in_flight && rebuild_next_stripe_ < stripes) {
    ArrayOp& op = new_op();
    op.kind = ArrayOp::Kind::Rebuild;
    op.request = HostRequest{};
    op.first_stripe = op.last_stripe = rebuild_next_stripe_++;
    op.exclusive = true;
    ++rebuild_in_flight_;
    lock_and_plan(op);
  }
}

void RaidController::rebuild_step_done(std::uint64_t stripe) {
  --rebuild_in_flight_;
  ++rebuild_steps_;
  if (stripe == rebuild_cursor_) {
    ++rebuild_cursor_;
    while (rebuilt_ahead_.erase(rebuild_cursor_) != 0) ++rebuild_cursor_;
  } else {
    rebuilt_ahead_.insert(stripe);
  }
  if (rebuild_cursor_ < planner_->addressing().stripes) return;  // finish() launches the next steps
  // The spare now holds every unit of the slot: it serves the slot from here on.
  slot_device_[rebuilding_slot_] = rebuild_target_;
  rebuilding_slot_ = kNoMember;
  rebuild_target_ = kNoMember;
  rebuild_completed_us_ = sim_now().to_seconds() * 1e6;
  if (!slots_awaiting_rebuild_.empty()) start_rebuild();
}

}  // namespace ssdtlm
