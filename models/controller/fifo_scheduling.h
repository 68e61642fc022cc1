#pragma once
// Commands of a die run in arrival order.
#include "models/controller/scheduling_policy.h"

namespace ssdtlm {

class FifoScheduling : public SchedulingPolicy {
 public:
  const char* name() const override { return "fifo"; }
  std::size_t pick(const DieQueue& queue) const override;
  bool picks_oldest() const override { return true; }
};

}  // namespace ssdtlm
