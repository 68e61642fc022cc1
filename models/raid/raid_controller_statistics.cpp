// RaidController: what it reports (the "raid" part of a RAID run's stats.json) and the
// per-member response-time trace.
#include "models/common/output_file.h"
#include "models/raid/raid_controller_internal.h"

namespace ssdtlm {

void RaidController::open_member_trace(const std::string& path, std::uint64_t start_ns, std::uint64_t window_ns) {
  member_trace_ = open_output_file(path, "the member trace");
  member_trace_path_ = path;
  *member_trace_ << "device,op,bytes,issue_ms,latency_ms\n";
  trace_start_ps_ = start_ns * 1000;
  trace_end_ps_ = (start_ns + window_ns) * 1000;
}

void RaidController::check_member_trace_written() {
  if (member_trace_) check_output_written(*member_trace_, member_trace_path_, "the member trace");
}

nlohmann::json RaidController::statistics() const {
  nlohmann::json j;
  j["level"] = to_string(config_.level);
  j["layout"] = layout_->name();
  j["members"] = config_.members;
  j["spares"] = config_.spares;
  j["stripe_unit_bytes"] = config_.stripe_unit_bytes;
  j["stripes"] = planner_->addressing().stripes;
  j["capacity_bytes"] = capacity_bytes();
  nlohmann::json modes;
  for (int m = 0; m < kStripeModeCount; ++m) modes[to_string(static_cast<StripeMode>(m))] = stripe_modes_[m];
  j["stripe_operations"] = modes;
  j["lost_data_operations"] = lost_data_operations_;
  // NAND fault model in the members (docs/reliability.md), or reads of data the array lost.
  if (member_read_errors_ != 0 || unrecoverable_reads_ != 0) {
    j["read_errors"] = {{"member_reads_failed", member_read_errors_},
                        {"reconstructed_reads", reconstructed_reads_},
                        {"unrecoverable_reads", unrecoverable_reads_},
                        {"reconstructed_writes", reconstructed_writes_},
                        {"unrecoverable_writes", unrecoverable_writes_},
                        {"stale_parity_rows", integrity_->stale_rows()},
                        {"unreadable_blocks", integrity_->unreadable_blocks()}};
  }
  j["stripe_lock_waits"] = locks_.waits();
  j["parity_engine"] = {{"jobs", parity_engine_.jobs()},
                        {"xor_bytes", parity_engine_.xor_bytes()},
                        {"rs_bytes", parity_engine_.rs_bytes()},
                        {"busy_ns", parity_engine_.busy_ps() / 1000}};
  if (config_.parity_engine.kind == "rtl") j["parity_engine"]["rtl_cycles"] = parity_engine_.rtl_cycles();
  nlohmann::json reasons = nlohmann::json::object();
  for (const auto& entry : rounds_by_reason_) reasons[entry.first] = entry.second;
  j["gc_coordination"] = {{"policy", coordinator_->name()},
                          {"rounds", gc_rounds_},
                          {"force_commands", gc_force_commands_},
                          {"rounds_by_reason", reasons},
                          {"round_times_us", round_times_us_}};
  if (config_.member_wa_window_ns != 0) j["member_wa_windows"] = member_wa_windows();
  j["failures"] = failures_;
  j["rebuild"] = {{"started_us", rebuild_started_us_ < 0 ? nlohmann::json(nullptr) : nlohmann::json(rebuild_started_us_)},
                  {"completed_us", rebuild_completed_us_ < 0 ? nlohmann::json(nullptr) : nlohmann::json(rebuild_completed_us_)},
                  {"stripes_rebuilt", rebuild_steps_},
                  {"running", rebuilding_slot_ != kNoMember}};
  nlohmann::json slots = nlohmann::json::array();
  for (MemberId slot = 0; slot < config_.members; ++slot) slots.push_back(slot_device_[slot]);
  j["slot_devices"] = slots;
  nlohmann::json devices_json = nlohmann::json::array();
  for (MemberId d = 0; d < devices(); ++d) {
    const MemberStats& s = member_stats_[d];
    devices_json.push_back({{"device", d},
                            {"failed", bool(failed_[d])},
                            {"reads", s.reads},
                            {"writes", s.writes},
                            {"flushes", s.flushes},
                            {"bytes_read", s.bytes_read},
                            {"bytes_written", s.bytes_written},
                            {"latency_us", s.latency.to_json_us()}});
  }
  j["devices"] = devices_json;
  if (data_) {
    const RaidDataCounters& c = data_->counters();
    j["data_integrity"] = {{"blocks_checked", c.blocks_checked},
                           {"mismatches", c.mismatches},
                           {"blocks_reconstructed", c.blocks_reconstructed},
                           {"unrecoverable_rows", c.unrecoverable_rows},
                           {"missing_member_contents", c.missing_contents}};
  }
  return j;
}

}  // namespace ssdtlm
