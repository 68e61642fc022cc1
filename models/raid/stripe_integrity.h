#pragma once
// StripeIntegrity: what the array controller knows it can no longer rebuild correctly, so that
// a read answers with an error status instead of returning data computed from a guess. Pure
// C++ (no SystemC), driven with the plans the controller executes.
//
// Two records, both keyed by member block (row `r` of stripe `s` is member block
// s * blocks_per_unit + r on every member):
//   * stale rows: the row's parity does not match its data units. A host write whose old data
//     could neither be read nor rebuilt (more member read errors than the parity covers)
//     computes the parity from a guess; reconstructing any unit of the row from it would
//     return wrong data. A row is consistent again once its parity is computed from data that
//     was all read or written (full-row, reconstruct-write, or a degraded write that lost
//     nothing it did not overwrite).
//   * unreadable units: a slot's block holds other than the data last written to it (a spare
//     rebuilt from a stale row, or a rebuild whose reads failed beyond the parity's reach).
//     A mirror's read of it goes to another copy; with parity the read fails (the parity,
//     when consistent, was computed with the guess); a host write of the block makes it
//     readable again.
// Both stay empty in a run without member read errors or unrecoverable losses, and every
// query then costs one emptiness test.
#include <cstdint>
#include <unordered_set>

#include "models/raid/raid_io_plan.h"
#include "models/raid/raid_io_planner.h"

namespace ssdtlm {

// The outcome of checking a host read's plan.
struct ReadPlanVerdict {
  MemberId exclude = kNoMember;  // a mirror copy the plan reads an unreadable block from: plan again without it
  bool fails = false;            // a block it needs cannot be returned (stale row, unreadable, no redundancy)
};

class StripeIntegrity {
 public:
  explicit StripeIntegrity(const RaidIoPlanner& planner) : planner_(planner) {}

  bool empty() const { return stale_rows_.empty() && unreadable_.empty(); }
  bool row_stale(std::uint64_t member_block) const { return stale_rows_.count(member_block) != 0; }
  bool unit_unreadable(MemberId slot, std::uint64_t member_block) const {
    return !unreadable_.empty() && unreadable_.count(key(slot, member_block)) != 0;
  }
  std::uint64_t stale_rows() const { return stale_rows_.size(); }
  std::uint64_t unreadable_blocks() const { return unreadable_.size(); }

  // A host read planned with `plan` (after any re-plan around failed devices).
  ReadPlanVerdict check_read(const IoPlan& plan) const;
  // A host write's plan as executed (its read phase done, writes about to be issued).
  void record_write(const IoPlan& plan);
  // A rebuild step's plan as executed (after any re-plan around failed reads): with
  // plan.lost_data, or from a stale row, the unit it writes is a guess.
  void record_rebuild(const IoPlan& plan);

 private:
  std::uint64_t key(MemberId slot, std::uint64_t member_block) const {
    return member_block * planner_.layout().members() + slot;
  }
  void mark_unreadable(MemberId slot, std::uint64_t member_block) { unreadable_.insert(key(slot, member_block)); }
  void mark_readable(MemberId slot, std::uint64_t member_block) {
    if (!unreadable_.empty()) unreadable_.erase(key(slot, member_block));
  }
  // The slot whose device `device` is in a task's snapshot `devices` among the copies of data index k.
  MemberId slot_of_copy(const StripePlacement& placement, std::uint32_t k, const MemberId* devices,
                        MemberId device) const;

  const RaidIoPlanner& planner_;
  std::unordered_set<std::uint64_t> stale_rows_;
  std::unordered_set<std::uint64_t> unreadable_;  // key(slot, member block)
};

}  // namespace ssdtlm
