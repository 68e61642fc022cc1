#pragma once
// DieScheduler: FlashController's choice of the command a die runs next. It holds the configured
// SchedulingPolicy (scheduling_registry.h) and, when that policy declares that it always picks
// the oldest command (SchedulingPolicy::picks_oldest: FIFO), answers 0 itself. The choice is made
// once, at construction, for the whole run: a FIFO controller's pick is then a test of one flag
// instead of a virtual call at every dispatch, and every other policy is asked as usual.
#include <cstddef>
#include <memory>
#include <string>
#include <utility>

#include "models/controller/die_queue.h"
#include "models/controller/scheduling_policy.h"

namespace ssdtlm {

class DieScheduler final {
 public:
  explicit DieScheduler(std::unique_ptr<SchedulingPolicy> policy)
      : policy_(std::move(policy)), oldest_first_(policy_->picks_oldest()) {}
  // The registered policy `policy_name` (throws ConfigError when there is none of that name).
  explicit DieScheduler(const std::string& policy_name);

  // Index of the command to run next in a non-empty queue (SchedulingPolicy::pick's contract).
  std::size_t pick(const DieQueue& queue) const { return oldest_first_ ? 0 : policy_->pick(queue); }

  // True when pick() answers without asking the policy (it always picks the oldest).
  bool oldest_first() const { return oldest_first_; }
  const SchedulingPolicy& policy() const { return *policy_; }

 private:
  std::unique_ptr<SchedulingPolicy> policy_;
  bool oldest_first_;
};

}  // namespace ssdtlm
