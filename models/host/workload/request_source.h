#pragma once
// A stream of host requests: synthetic generators and trace replays implement it. The host
// driver pulls one request at a time, so nothing ever holds a whole workload in memory.
#include <cstdint>
#include <memory>
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
  virtual std::uint32_t queue_depth() const = 0;  // closed loop; open loop: 0 = unbounded
  // Simulated time after which the host stops issuing (0 = no limit).
  virtual std::uint64_t stop_after_ns() const { return 0; }
  virtual std::string describe() const = 0;
};

}  // namespace ssdtlm
