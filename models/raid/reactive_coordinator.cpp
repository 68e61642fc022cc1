// `reactive` (Harmonia's reactive soft-limit, the method the paper evaluates): a member that
// reaches its soft threshold says so once (status on its next completion, like an
// asynchronous event: the notice is sent when the member crosses the threshold, not again
// while it stays there); the controller then forces GC on every member. With a gather delay
// it first waits, so that members about to reach the threshold join the same round; the
// members' own hard-threshold GC covers the wait.
#include <vector>

#include "models/raid/gc_coordinator.h"

namespace ssdtlm {
namespace {

class ReactiveCoordinator final : public GcCoordinator {
 public:
  ReactiveCoordinator(const GcCoordinationConfig& config, GcCoordinationContext& context)
      : config_(config), context_(context) {}
  const char* name() const override { return "reactive"; }

  void on_member_completion(MemberId device) override {
    if (device >= at_soft_.size()) at_soft_.resize(device + 1, false);
    const bool at_soft = context_.device_status(device).at_soft_threshold();
    const bool crossed = at_soft && !at_soft_[device];
    at_soft_[device] = at_soft;
    if (!crossed || gathering_) return;
    if (config_.reactive_gather_ns == 0) {
      if (!context_.gc_round_active()) context_.start_gc_round("soft-threshold");
      return;
    }
    gathering_ = true;
    context_.schedule_in_ns(config_.reactive_gather_ns, [this]() {
      gathering_ = false;
      if (!context_.gc_round_active()) context_.start_gc_round("soft-threshold");
    });
  }

 private:
  GcCoordinationConfig config_;
  GcCoordinationContext& context_;
  std::vector<bool> at_soft_;  // per device: at or below its soft threshold at its last completion
  bool gathering_ = false;
};

}  // namespace

std::unique_ptr<GcCoordinator> make_reactive_coordinator(const GcCoordinationConfig& config,
                                                         GcCoordinationContext& context) {
  return std::make_unique<ReactiveCoordinator>(config, context);
}

}  // namespace ssdtlm
