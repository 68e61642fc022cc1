#pragma once
// A RequestSource that replays a fixed list of requests: tests script exact scenarios with it.
#include <string>
#include <utility>
#include <vector>

#include "models/host/workload/request_source.h"

namespace ssdtlm::testing {

class VectorRequestSource : public RequestSource {
 public:
  VectorRequestSource(std::vector<HostRequest> requests, ArrivalMode mode, std::uint32_t queue_depth)
      : requests_(std::move(requests)), mode_(mode), queue_depth_(queue_depth) {}
  bool next(HostRequest& request) override {
    if (index_ >= requests_.size()) return false;
    request = requests_[index_];
    request.id = index_++;
    return true;
  }
  ArrivalMode arrival_mode() const override { return mode_; }
  std::uint32_t queue_depth() const override { return queue_depth_; }
  std::string describe() const override { return "vector of " + std::to_string(requests_.size()); }

 private:
  std::vector<HostRequest> requests_;
  ArrivalMode mode_;
  std::uint32_t queue_depth_;
  std::size_t index_ = 0;
};

inline HostRequest page_request(HostOp op, std::uint64_t page, std::uint32_t page_bytes, std::uint64_t arrival_ns = 0) {
  HostRequest r;
  r.op = op;
  r.offset_bytes = page * page_bytes;
  r.size_bytes = page_bytes;
  r.arrival_ns = arrival_ns;
  return r;
}

}  // namespace ssdtlm::testing
