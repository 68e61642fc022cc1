#pragma once
// The three instants of every host read, write, trim and flush, kept in memory for statistics
// that need every sample (fio's slat/clat/lat with exact percentiles, its queue-depth and
// bandwidth-sample figures): when the host submitted the request (its arrival, for an open
// loop request that waited in host software), when the controller had fetched its command
// (HostInterface, the end of the command's transfer over the link) and when it completed.
// 32 bytes per request, so it is off unless a caller asks for it (HostStatistics).
#include <algorithm>
#include <cstdint>
#include <vector>

#include "models/common/host_request.h"

namespace ssdtlm {

struct RequestTiming {
  std::uint64_t submit_ps = 0;
  std::uint64_t fetch_ps = 0;
  std::uint64_t complete_ps = 0;
  std::uint32_t size_bytes = 0;
  HostOp op = HostOp::Read;
};

class RequestTimingLog {
 public:
  // Range commands are left out: fio has no counterpart for them. A command no host interface
  // fetched (a RAID array's controller takes commands as they are submitted) has its fetch at
  // its submission.
  void record(const HostRequest& request, std::uint64_t submit_ps, std::uint64_t fetch_ps, std::uint64_t complete_ps) {
    if (is_range_command(request.op)) return;
    timings_.push_back({submit_ps, std::max(fetch_ps, submit_ps), complete_ps, request.size_bytes, request.op});
  }
  // In completion order.
  const std::vector<RequestTiming>& timings() const { return timings_; }

 private:
  std::vector<RequestTiming> timings_;
};

}  // namespace ssdtlm
