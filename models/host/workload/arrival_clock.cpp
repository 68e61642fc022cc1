#include "models/host/workload/arrival_clock.h"

#include <cmath>

namespace ssdtlm {
namespace {

constexpr double kNsPerSecond = 1e9;

// A time past 2^64 ns (a very low rate) saturates: converting it to an integer is undefined.
// HostDriver refuses any arrival beyond the kernel's time range anyway.
std::uint64_t saturated_ns(double ns) {
  constexpr double kTwoTo64 = 18446744073709551616.0;
  return ns < kTwoTo64 ? static_cast<std::uint64_t>(ns) : ~std::uint64_t{0};
}

// Exponential gap of mean `mean_ns`; 1 - u is in (0, 1], so the log is finite.
double exponential_ns(Rng& rng, double mean_ns) {
  return -std::log(1.0 - rng.uniform01()) * mean_ns;
}

class FixedClock final : public ArrivalClock {
 public:
  explicit FixedClock(double rate_iops) : gap_ns_(kNsPerSecond / rate_iops) {}
  std::uint64_t next_arrival_ns(Rng&) override {
    // index * gap rather than a running sum: no accumulated rounding.
    return saturated_ns(static_cast<double>(index_++) * gap_ns_);
  }

 private:
  double gap_ns_;
  std::uint64_t index_ = 0;
};

class PoissonClock final : public ArrivalClock {
 public:
  explicit PoissonClock(double rate_iops) : mean_gap_ns_(kNsPerSecond / rate_iops) {}
  std::uint64_t next_arrival_ns(Rng& rng) override {
    time_ns_ += exponential_ns(rng, mean_gap_ns_);
    return saturated_ns(time_ns_);
  }

 private:
  double mean_gap_ns_;
  double time_ns_ = 0;
};

// Poisson arrivals on a clock that only runs during the on periods: on-time t maps to wall
// time floor(t / on) * (on + off) + (t mod on), so bursts have exactly the configured lengths
// and the rate within a burst is exactly rate_iops.
class BurstyClock final : public ArrivalClock {
 public:
  BurstyClock(double rate_iops, std::uint64_t on_ns, std::uint64_t off_ns)
      : mean_gap_ns_(kNsPerSecond / rate_iops),
        on_ns_(static_cast<double>(on_ns)),
        period_ns_(static_cast<double>(on_ns + off_ns)) {}
  std::uint64_t next_arrival_ns(Rng& rng) override {
    on_time_ns_ += exponential_ns(rng, mean_gap_ns_);
    const double periods = std::floor(on_time_ns_ / on_ns_);
    return saturated_ns(periods * period_ns_ + (on_time_ns_ - periods * on_ns_));
  }

 private:
  double mean_gap_ns_;
  double on_ns_;
  double period_ns_;
  double on_time_ns_ = 0;
};

}  // namespace

std::unique_ptr<ArrivalClock> make_arrival_clock(const WorkloadSpec& spec) {
  switch (spec.arrival) {
    case ArrivalProcess::Fixed:
      return std::make_unique<FixedClock>(spec.rate_iops);
    case ArrivalProcess::Poisson:
      return std::make_unique<PoissonClock>(spec.rate_iops);
    case ArrivalProcess::Bursty:
      return std::make_unique<BurstyClock>(spec.rate_iops, spec.burst_on_ns, spec.burst_off_ns);
    default:
      return nullptr;
  }
}

}  // namespace ssdtlm
