#include "models/controller/channel_bus.h"

#include <sstream>

namespace ssdtlm {

ChannelBus::ChannelBus(std::uint32_t channel, std::size_t max_requesters)
    : channel_(channel), waiters_(max_requesters, kNobody) {}

void ChannelBus::wait(RequesterId requester) {
  if (waiting_count_ == waiters_.size()) {
    std::ostringstream message;
    message << "channel " << channel_ << ": more than " << waiters_.size()
            << " requesters wait for the bus";
    SC_REPORT_FATAL("ssdtlm/controller", message.str().c_str());
    return;
  }
  waiters_[(waiting_head_ + waiting_count_) % waiters_.size()] = requester;
  ++waiting_count_;
}

ChannelBus::RequesterId ChannelBus::grant_next(std::uint64_t now_ps) {
  const RequesterId next = waiters_[waiting_head_];
  waiting_head_ = (waiting_head_ + 1) % waiters_.size();
  --waiting_count_;
  grant(next, now_ps);
  return next;
}

}  // namespace ssdtlm
