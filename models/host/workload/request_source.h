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

// The stop conditions of a workload with a warm-up (ramp=): they count from the end of the
// warm-up, and the host driver applies them (the source itself then has none).
struct WindowLimits {
  // Requests in the window: those in flight when the warm-up ends and those issued after it;
  // 0: no limit.
  std::uint64_t requests = 0;
  std::uint64_t duration_ns = 0;  // issuing stops this long after the warm-up's end; 0: no limit
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
  // A warm-up that ends at this time (ns from the workload's start): ramp=TIME, fio's
  // ramp_time. Its completions stay out of the statistics (measurement_window.h); 0: none.
  virtual std::uint64_t measured_from_ns() const { return 0; }
  // A warm-up of the first N completions (ramp=N); 0: none.
  virtual std::uint64_t warmup_requests() const { return 0; }
  // The stop conditions counted from the warm-up's end (see WindowLimits); none by default.
  virtual WindowLimits window_limits() const { return {}; }
  virtual std::string describe() const = 0;
  // What the run's stats.json should say about the workload itself, e.g. a trace's format and
  // how many lines were skipped by kind. Empty for synthetic sources.
  virtual nlohmann::json report() const { return nlohmann::json::object(); }
};

}  // namespace ssdtlm
