#pragma once
// When the requests of an open-loop workload arrive: fixed gaps, Poisson, or Poisson bursts
// separated by silences. Times are kept in double ns internally and floored on output, so
// that a rate that does not divide a second (3 IOPS) does not drift.
#include <cstdint>
#include <memory>

#include "models/common/rng.h"
#include "models/host/workload/workload_spec.h"

namespace ssdtlm {

class ArrivalClock {
 public:
  virtual ~ArrivalClock() = default;
  // Arrival of the next request in ns from the workload's start; non-decreasing.
  virtual std::uint64_t next_arrival_ns(Rng& rng) = 0;
};

// For spec.arrival of Fixed, Poisson or Bursty (a closed loop has no clock).
std::unique_ptr<ArrivalClock> make_arrival_clock(const WorkloadSpec& spec);

}  // namespace ssdtlm
