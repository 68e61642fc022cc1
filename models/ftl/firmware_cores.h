#pragma once
// The controller's firmware cores as a timing resource, shared by the page-mapping FTL
// (FtlCpu) and the multi-reference store (MultiReferenceCpu): each core is busy until a simulated time,
// and work goes to the earliest free one. Times are absolute simulated times.
#include <algorithm>
#include <cstdint>
#include <numeric>
#include <utility>
#include <vector>

#include <systemc>
#include "models/kernel/event_loop.h"

namespace ssdtlm {

class FirmwareCores {
 public:
  explicit FirmwareCores(std::uint32_t cores)
      : free_at_(std::max<std::uint32_t>(1, cores), sc_core::SC_ZERO_TIME) {}

  std::size_t count() const { return free_at_.size(); }

  // Runs `duration_ps` of work on the earliest free core (the first of equals), starting now or
  // when that core frees up; returns when the work ends.
  sc_core::sc_time occupy_earliest(std::uint64_t duration_ps) {
    auto earliest = std::min_element(free_at_.begin(), free_at_.end());
    const sc_core::sc_time start = std::max(*earliest, sim_now());
    *earliest = start + sc_core::sc_time::from_value(duration_ps);
    return *earliest;
  }

  // Runs `duration_ps` of work on the `cores` earliest free cores at once (e.g. scanner threads
  // that share a barrier): it starts when all of them are free, not before now. Returns {start, end}.
  std::pair<sc_core::sc_time, sc_core::sc_time> occupy_together(std::size_t cores, std::uint64_t duration_ps) {
    std::vector<std::size_t> order(free_at_.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [this](std::size_t a, std::size_t b) { return free_at_[a] < free_at_[b]; });
    const std::size_t taken = std::min(cores, order.size());
    sc_core::sc_time start = sim_now();
    for (std::size_t i = 0; i < taken; ++i) start = std::max(start, free_at_[order[i]]);
    const sc_core::sc_time end = start + sc_core::sc_time::from_value(duration_ps);
    for (std::size_t i = 0; i < taken; ++i) free_at_[order[i]] = end;
    return {start, end};
  }

 private:
  std::vector<sc_core::sc_time> free_at_;
};

}  // namespace ssdtlm
