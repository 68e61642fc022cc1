#pragma once
// A stream of host requests: synthetic generators and trace replays implement it. The host
// driver pulls one request at a time, so nothing ever holds a whole workload in memory.
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "models/host/workload/host_request.h"

namespace ssdtlm {

enum class ArrivalMode : std::uint8_t {
  ClosedLoop,  // keep queue_depth requests outstanding, ignore arrival_ns
  OpenLoop,    // issue each request at its arrival_ns, whatever is outstanding
};

class RequestSource {
 public:
  virtual ~RequestSource() = default;
  // Fills `request` and returns true, or returns false when the workload is exhausted.
  virtual bool next(HostRequest& request) = 0;
  virtual ArrivalMode arrival_mode() const = 0;
  // Closed loop: requests kept outstanding, 0 = the host's own host.queue_depth.
  // Open loop: a cap on outstanding requests, 0 = unbounded.
  virtual std::uint32_t queue_depth() const = 0;
  // Simulated time after which the host stops issuing (0 = no limit).
  virtual std::uint64_t stop_after_ns() const { return 0; }
  virtual std::string describe() const = 0;
  // What the run's stats.json should say about the workload itself, e.g. a trace's format and
  // how many lines were skipped by kind. Empty for synthetic sources.
  virtual nlohmann::json report() const { return nlohmann::json::object(); }
};

}  // namespace ssdtlm
