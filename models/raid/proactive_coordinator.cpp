// `proactive` (Harmonia's proactive soft-limit): the controller pulls every member's GC state
// each poll interval. A member at its soft threshold starts a round; so does a member within
// `proactive_idle_margin_blocks` of it while the array is idle, because a round that starts
// in a lull delays no host request (the paper's "optimal point in the I/O stream"), as long
// as one of its planes is below the forced target (otherwise the round would do nothing).
#include "models/raid/gc_coordinator.h"

namespace ssdtlm {
namespace {

class ProactiveCoordinator final : public GcCoordinator {
 public:
  ProactiveCoordinator(const GcCoordinationConfig& config, GcCoordinationContext& context)
      : config_(config), context_(context) {}
  const char* name() const override { return "proactive"; }

  void start() override { schedule_poll(); }

 private:
  void schedule_poll() {
    context_.schedule_in_ns(config_.poll_interval_ns, [this]() {
      poll();
      schedule_poll();
    });
  }

  void poll() {
    if (context_.gc_round_active()) return;
    const bool idle = context_.host_requests_outstanding() == 0;
    for (const MemberId device : context_.devices_in_service()) {
      const MemberGcStatus status = context_.device_status(device);
      if (status.at_soft_threshold()) {
        context_.start_gc_round("soft-threshold-poll");
        return;
      }
      // A round only helps if some plane is below the forced target: planes at it do no work.
      if (idle && status.below_forced_target() &&
          status.min_free_blocks <= status.soft_threshold_blocks + config_.proactive_idle_margin_blocks) {
        context_.start_gc_round("idle-lookahead");
        return;
      }
    }
  }

  GcCoordinationConfig config_;
  GcCoordinationContext& context_;
};

}  // namespace

std::unique_ptr<GcCoordinator> make_proactive_coordinator(const GcCoordinationConfig& config,
                                                          GcCoordinationContext& context) {
  return std::make_unique<ProactiveCoordinator>(config, context);
}

}  // namespace ssdtlm
