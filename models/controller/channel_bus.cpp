#include "models/controller/channel_bus.h"

#include <sstream>

namespace ssdtlm {

ChannelBus::ChannelBus(std::uint32_t channel, std::size_t max_requesters)
    : channel_(channel), waiters_(max_requesters, kNobody) {}

bool ChannelBus::request(RequesterId requester, std::uint64_t now_ps) {
  if (holder_ == kNobody) {
    grant(requester, now_ps);
    return true;
  }
  if (waiting_count_ == waiters_.size()) {
    std::ostringstream message;
    message << "channel " << channel_ << ": more than " << waiters_.size()
            << " requesters wait for the bus";
    SC_REPORT_FATAL("ssdtlm/controller", message.str().c_str());
    return false;
  }
  waiters_[(waiting_head_ + waiting_count_) % waiters_.size()] = requester;
  ++waiting_count_;
  return false;
}

ChannelBus::RequesterId ChannelBus::release(std::uint64_t now_ps) {
  busy_time_ps_ += now_ps - held_since_ps_;
  holder_ = kNobody;
  if (waiting_count_ == 0) return kNobody;
  const RequesterId next = waiters_[waiting_head_];
  waiting_head_ = (waiting_head_ + 1) % waiters_.size();
  --waiting_count_;
  grant(next, now_ps);
  return next;
}

void ChannelBus::grant(RequesterId requester, std::uint64_t now_ps) {
  holder_ = requester;
  held_since_ps_ = now_ps;
  ++tenures_;
}

}  // namespace ssdtlm
