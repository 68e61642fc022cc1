// RaidController: host operations whose member read failed with an error status (an
// uncorrectable page, NAND fault model; docs/reliability.md). The operation is planned again
// through the same planner as a member failure's degraded path, with the devices that failed it
// treated as lost for this operation only:
//   * a host read: the stripe's survivors (data and parity) are read and the block is rebuilt;
//   * a host write whose read-modify-write or reconstruct-write read failed (old data or old
//     parity): the affected stripes are read as for a degraded write (every surviving unit of
//     the rows), the failed device's old content is rebuilt from them and the parity computed
//     from the whole row; the writes are the first plan's, so the device that failed the read
//     still receives its new data or parity.
//   * a rebuild step: planned again without the failed devices; when the unit cannot be
//     recomputed the spare still receives a block, recorded as unreadable (StripeIntegrity).
// A device that fails again is added; when too many are out for the layout the host operation
// is answered with an error status. A host read also fails when a block it has to rebuild lies
// in a row whose parity went stale (StripeIntegrity): it never returns data computed from it.
#include <algorithm>

#include "models/raid/raid_controller.h"
#include "models/raid/raid_controller_internal.h"

namespace ssdtlm {
namespace {

// The controller's view of the array, less the devices that failed a read of this operation.
class ExcludingView : public DeviceView {
 public:
  ExcludingView(const DeviceView& base, const std::vector<MemberId>& excluded) : base_(base), excluded_(excluded) {}
  MemberId device(MemberId slot, std::uint64_t stripe) const override {
    const MemberId d = base_.device(slot, stripe);
    return std::find(excluded_.begin(), excluded_.end(), d) != excluded_.end() ? kNoMember : d;
  }
  std::uint32_t load(MemberId device) const override { return base_.load(device); }

 private:
  const DeviceView& base_;
  const std::vector<MemberId>& excluded_;
};

}  // namespace

bool RaidController::reconstruct_after_read_errors(ArrayOp& op) {
  op.read_error_this_phase = false;
  const ExcludingView view(*this, op.read_errors);
  if (op.kind == ArrayOp::Kind::Rebuild) {
    const StripeTask task = op.plan.tasks.front();
    planner_->plan_rebuild(task.stripe, task.rebuild_slot, task.rebuild_target, view, op.plan);
    issue_phase(op, op.plan.reads, HostOp::Read);
    return true;
  }
  if (op.kind == ArrayOp::Kind::HostWrite) {
    if (op.write_devices.empty()) {  // the first re-plan: keep what the write writes, and where
      op.planned_writes = op.plan.writes;
      op.write_devices = op.plan.slot_devices;
    }
    planner_->plan_write(op.request.offset_bytes, op.request.size_bytes, view, op.plan);
    op.plan.writes = op.planned_writes;
    op.plan.write_devices = op.write_devices;
    if (op.plan.lost_data) {
      // The old content cannot be rebuilt: the write still goes to every device, but the
      // parity of the affected rows is wrong; the host gets an error status.
      ++unrecoverable_writes_;
      op.failed = true;
    } else {
      ++reconstructed_writes_;
    }
    for (const StripeTask& task : op.plan.tasks) ++stripe_modes_[static_cast<int>(task.mode)];
    issue_phase(op, op.plan.reads, HostOp::Read);
    return true;
  }
  planner_->plan_read(op.request.offset_bytes, op.request.size_bytes, view, op.plan);
  if (!settle_read_plan(op)) {
    // Not rebuildable (no redundancy left for a block, or its row's parity is stale): the host
    // gets an error status, and data mode does not check the blocks it could not read.
    ++unrecoverable_reads_;
    op.failed = true;
    finish(op);
    return true;
  }
  ++reconstructed_reads_;
  for (const StripeTask& task : op.plan.tasks) ++stripe_modes_[static_cast<int>(task.mode)];
  issue_phase(op, op.plan.reads, HostOp::Read);
  return true;
}

bool RaidController::settle_read_plan(ArrayOp& op) {
  for (;;) {
    const ReadPlanVerdict verdict = integrity_->check_read(op.plan);
    if (verdict.exclude == kNoMember) return !verdict.fails;
    // The planner never picks an excluded device, so this ends within one pass per device.
    op.read_errors.push_back(verdict.exclude);
    planner_->plan_read(op.request.offset_bytes, op.request.size_bytes, ExcludingView(*this, op.read_errors), op.plan);
  }
}

}  // namespace ssdtlm
