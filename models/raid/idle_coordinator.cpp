// `idle` (Harmonia's proactive idle): the controller watches its own request stream; once no
// host request has been outstanding for `idle_threshold`, it forces a round on every member
// that is below its forced target. A round cannot be preempted, so a burst that starts during
// it waits for it: the threshold trades missed lulls against rounds cut short.
#include "models/raid/gc_coordinator.h"

namespace ssdtlm {
namespace {

class IdleCoordinator final : public GcCoordinator {
 public:
  IdleCoordinator(const GcCoordinationConfig& config, GcCoordinationContext& context)
      : config_(config), context_(context) {}
  const char* name() const override { return "idle"; }

  void start() override { on_array_idle(); }
  void on_array_busy() override { ++busy_epoch_; }
  void on_array_idle() override {
    const std::uint64_t epoch = busy_epoch_;
    context_.schedule_in_ns(config_.idle_threshold_ns, [this, epoch]() {
      if (epoch != busy_epoch_ || context_.host_requests_outstanding() != 0) return;  // not idle all along
      if (context_.gc_round_active()) return;
      for (const MemberId device : context_.devices_in_service()) {
        if (context_.device_status(device).below_forced_target()) {
          context_.start_gc_round("idle");
          return;
        }
      }
    });
  }

 private:
  GcCoordinationConfig config_;
  GcCoordinationContext& context_;
  std::uint64_t busy_epoch_ = 0;
};

}  // namespace

std::unique_ptr<GcCoordinator> make_idle_coordinator(const GcCoordinationConfig& config, GcCoordinationContext& context) {
  return std::make_unique<IdleCoordinator>(config, context);
}

}  // namespace ssdtlm
