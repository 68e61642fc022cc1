#pragma once
// ChannelBus: the ONFI / Toggle bus of one channel as a resource shared by the dies on it.
// One requester holds the bus at a time for one tenure (a command/address phase, a data
// transfer, or both); the others wait and are granted first-come first-served when it is
// released. The bus does not schedule anything itself: FlashController asks for a tenure at the
// simulated moment a die needs the bus and releases it when the tenure's time is up, so
// transfers of two dies never overlap while their array operations do.
//
// No SystemC processes and no allocation after construction: waiters sit in a ring sized for
// the most requesters that can wait at once.
#include <cstdint>
#include <vector>

#include <systemc>

namespace ssdtlm {

class ChannelBus {
 public:
  using RequesterId = std::uint32_t;
  static constexpr RequesterId kNobody = ~RequesterId(0);

  ChannelBus(std::uint32_t channel, std::size_t max_requesters);

  // True when the bus is granted at once (it was free); otherwise the requester waits in line.
  // A requester asks for at most one tenure at a time. Times in ps (the controller's hot path
  // builds no sc_time); the sc_time overloads are for tests and callers outside it.
  bool request(RequesterId requester, std::uint64_t now_ps) {
    if (holder_ == kNobody) {
      grant(requester, now_ps);
      return true;
    }
    wait(requester);
    return false;
  }
  bool request(RequesterId requester, const sc_core::sc_time& now) { return request(requester, now.value()); }
  // Ends the holder's tenure and grants the bus to the longest waiting requester, returned
  // (kNobody if none waits).
  RequesterId release(std::uint64_t now_ps) {
    busy_time_ps_ += now_ps - held_since_ps_;
    holder_ = kNobody;
    return waiting_count_ == 0 ? kNobody : grant_next(now_ps);
  }
  RequesterId release(const sc_core::sc_time& now) { return release(now.value()); }
  // Books a whole tenure that nobody else could have wanted (the controller's relayed step
  // tails): as a granted request and its release `duration_ps` later, at once.
  void record_tenure(std::uint64_t duration_ps) {
    busy_time_ps_ += duration_ps;
    ++tenures_;
  }

  std::uint32_t channel() const { return channel_; }
  bool busy() const { return holder_ != kNobody; }
  RequesterId holder() const { return holder_; }
  std::size_t waiting() const { return waiting_count_; }
  // Time the bus has been held, including the current tenure up to `now`.
  std::uint64_t busy_time_ps(std::uint64_t now_ps) const {
    return holder_ == kNobody ? busy_time_ps_ : busy_time_ps_ + (now_ps - held_since_ps_);
  }
  sc_core::sc_time busy_time(const sc_core::sc_time& now) const {
    return sc_core::sc_time::from_value(busy_time_ps(now.value()));
  }
  std::uint64_t tenures() const { return tenures_; }

 private:
  void grant(RequesterId requester, std::uint64_t now_ps) {
    holder_ = requester;
    held_since_ps_ = now_ps;
    ++tenures_;
  }
  void wait(RequesterId requester);             // queues behind the holder
  RequesterId grant_next(std::uint64_t now_ps);  // to the longest waiting

  std::uint32_t channel_;
  RequesterId holder_ = kNobody;
  std::uint64_t held_since_ps_ = 0;
  std::uint64_t busy_time_ps_ = 0;
  std::uint64_t tenures_ = 0;
  std::vector<RequesterId> waiters_;  // ring buffer
  std::size_t waiting_head_ = 0;
  std::size_t waiting_count_ = 0;
};

}  // namespace ssdtlm
