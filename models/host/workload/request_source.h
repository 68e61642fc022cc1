#pragma once
// A stream of host requests: synthetic generators and trace replays implement it. The host
// driver pulls one request at a time, so nothing ever holds a whole workload in memory.
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "models/common/host_request.h"

namespace ssdtlm {

enum class ArrivalMode : std::uint8_t {
  ClosedLoop,  // keep queue_depth requests outstanding, ignore arrival_ns
  OpenLoop,    // issue each request at its arrival_ns, whatever is outstanding
  // Closed loop of at most queue_depth requests in flight in which a request waits for its
  // arrival_ns when that is later than the moment its slot frees (fio's rate, thinktime,
  // startdelay), and the source hears of every completion (completed()), so that the flows
  // merged in one source each keep their own depth. next() returning false means "nothing
  // now"; finished() says whether anything will come later.
  Paced,
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
  // Paced sources: `request` completed at `now_ns` (ns from the workload's start).
  virtual void completed(const HostRequest& request, std::uint64_t now_ns) {
    (void)request;
    (void)now_ns;
  }
  // Paced sources, after next() returned false: true when no request will ever come again.
  virtual bool finished() const { return true; }
  // Completions before this time (ns from the workload's start) stay out of the statistics
  // (fio's ramp_time); 0: all count.
  virtual std::uint64_t measured_from_ns() const { return 0; }
  virtual std::string describe() const = 0;
  // What the run's stats.json should say about the workload itself, e.g. a trace's format and
  // how many lines were skipped by kind. Empty for synthetic sources.
  virtual nlohmann::json report() const { return nlohmann::json::object(); }
};

}  // namespace ssdtlm
