// RaidController: host reads whose member read failed with an error status (an uncorrectable
// page, NAND fault model; docs/reliability.md). The read is planned again through the same
// planner as a member failure's degraded read, with the devices that failed it treated as lost
// for this operation only: the stripe's survivors (data and parity) are read and the block is
// rebuilt from them. A device that fails again is added; when too many are out for the layout
// the host read is answered with an error status.
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
  if (op.kind != ArrayOp::Kind::HostRead) return false;  // writes and rebuilds: not handled
  const ExcludingView view(*this, op.read_errors);
  planner_->plan_read(op.request.offset_bytes, op.request.size_bytes, view, op.plan);
  if (op.plan.lost_data) {
    // Not rebuildable (no redundancy left for a block): the host gets an error status, and
    // data mode does not check the blocks it could not read.
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

}  // namespace ssdtlm
