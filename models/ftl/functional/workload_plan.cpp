// --workload SPEC for the functional engine: the synthetic address distributions of
// models/host/workload (uniform, hotcold:r=,f=, zipf:theta=), and the place where trace replay
// plugs in.
#include <vector>

#include "models/common/config/config_error.h"
#include "models/common/rng.h"
#include "models/ftl/functional/write_stream.h"
#include "models/host/workload/address_distribution.h"

namespace ssdtlm {
namespace {

class DistributionWriteStream final : public WriteStream {
 public:
  DistributionWriteStream(std::unique_ptr<AddressDistribution> distribution, std::uint64_t seed)
      : distribution_(std::move(distribution)), rng_(seed) {}
  void next(Lpn* out, std::size_t count) override {
    for (std::size_t i = 0; i < count; ++i) out[i] = static_cast<Lpn>(distribution_->sample(rng_));
  }
  std::string describe() const override { return distribution_->describe(); }

 private:
  std::unique_ptr<AddressDistribution> distribution_;
  Rng rng_;
};

// "uniform" drawn in a tight loop, the same draws as the shared UniformDistribution
// (rng.below(count)) without a virtual call per page: at 20 million writes per second the call
// is a tenth of the budget.
class UniformWriteStream final : public WriteStream {
 public:
  UniformWriteStream(std::unique_ptr<AddressDistribution> distribution, std::uint64_t count, std::uint64_t seed)
      : distribution_(std::move(distribution)), count_(count), rng_(seed) {}
  void next(Lpn* out, std::size_t count) override {
    for (std::size_t i = 0; i < count; ++i) out[i] = static_cast<Lpn>(rng_.below(count_));
  }
  std::string describe() const override { return distribution_->describe(); }

 private:
  std::unique_ptr<AddressDistribution> distribution_;
  std::uint64_t count_;
  Rng rng_;
};

}  // namespace

WorkloadPlan plan_workload(const std::string& spec, const std::string& where) {
  if (spec.rfind("trace:", 0) == 0) {
    // Hook for the trace reader (models/host/trace): return a plan whose footprint_pages is the
    // trace's distinct written pages (the engine then sizes the device from --spare-factor) and
    // whose stream replays the trace's page writes, repeated as often as needed.
    throw config_error(where, "trace workloads are not available in the functional engine yet");
  }
  // Parse now so that a bad spec fails before anything runs.
  make_address_distribution(spec, 2, where);
  WorkloadPlan plan;
  plan.make_stream = [spec, where](std::uint64_t logical_pages, std::uint64_t seed) -> std::unique_ptr<WriteStream> {
    auto distribution = make_address_distribution(spec, logical_pages, where);
    if (spec == "uniform") return std::make_unique<UniformWriteStream>(std::move(distribution), logical_pages, seed);
    return std::make_unique<DistributionWriteStream>(std::move(distribution), seed);
  };
  return plan;
}

}  // namespace ssdtlm
