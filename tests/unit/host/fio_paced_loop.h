#pragma once
// A paced request source (ArrivalMode::Paced) driven without SystemC, as HostDriver drives it:
// at most queue_depth() requests in flight, each issued at max(its slot's freeing, its
// arrival_ns), every request served in a fixed time, completions handed back in time order.
// The stream then shows what a job file means: sizes, offsets, issue times, per-flow depths.
#include <cstdint>
#include <map>
#include <vector>

#include "models/host/workload/request_source.h"

namespace ssdtlm::testing {

struct IssuedRequest {
  HostRequest request;
  std::uint64_t issue_ns = 0;
  std::uint64_t complete_ns = 0;
  std::uint32_t flow_in_flight = 0;  // the flow's requests in flight once this one is issued
};

inline std::vector<IssuedRequest> run_paced(RequestSource& source, std::uint64_t service_ns,
                                            std::size_t limit = 2'000'000) {
  std::vector<IssuedRequest> issued;
  std::multimap<std::uint64_t, std::size_t> in_flight;  // completion time -> index in `issued`
  std::map<std::uint32_t, std::uint32_t> flow_in_flight;
  std::uint64_t now_ns = 0;
  bool finished = false;
  while (issued.size() < limit) {
    while (!finished && in_flight.size() < source.queue_depth()) {
      HostRequest request;
      if (!source.next(request)) {
        finished = source.finished();
        break;
      }
      IssuedRequest entry;
      entry.request = request;
      entry.issue_ns = std::max(now_ns, request.arrival_ns);
      entry.complete_ns = entry.issue_ns + service_ns;
      entry.flow_in_flight = ++flow_in_flight[request.stream];
      in_flight.emplace(entry.complete_ns, issued.size());
      issued.push_back(entry);
    }
    if (in_flight.empty()) break;
    const auto next = in_flight.begin();
    now_ns = next->first;
    const HostRequest& done = issued[next->second].request;
    --flow_in_flight[done.stream];
    in_flight.erase(next);
    source.completed(done, now_ns);
  }
  return issued;
}

}  // namespace ssdtlm::testing
