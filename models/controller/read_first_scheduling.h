#pragma once
// Reads go before queued programs and erases (they are short and the host waits on them):
// the oldest read that may legally pass every older command runs first; with none, the oldest
// command. Reads keep their order among themselves.
#include "models/controller/scheduling_policy.h"

namespace ssdtlm {

class ReadFirstScheduling : public SchedulingPolicy {
 public:
  const char* name() const override { return "read-first"; }
  std::size_t pick(const DieQueue& queue) const override;
};

}  // namespace ssdtlm
