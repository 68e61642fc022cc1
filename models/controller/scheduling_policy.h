#pragma once
// SchedulingPolicy: which queued command an idle die runs next. Implementations are stateless
// and live one per file; scheduling_registry.cpp picks one by name, so a new policy is one new
// file plus one registration line. FlashController asks it through DieScheduler (die_scheduler.h).
//
// Contract: `pick` returns an index into a non-empty queue (oldest first). It must obey
// may_overtake() (command_hazard.h) against every older command it passes.
#include <cstddef>

#include "models/controller/die_queue.h"

namespace ssdtlm {

class SchedulingPolicy {
 public:
  virtual ~SchedulingPolicy() = default;
  virtual const char* name() const = 0;
  virtual std::size_t pick(const DieQueue& queue) const = 0;
  // True for a policy whose pick is always 0, the oldest command, whatever the queue holds:
  // DieScheduler then answers for it without the call (asked once, at construction).
  virtual bool picks_oldest() const { return false; }
};

}  // namespace ssdtlm
