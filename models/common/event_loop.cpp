#include "models/common/event_loop.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace ssdtlm {
namespace {

// SSDTLM_RUN_AHEAD=0 switches run-ahead off for the whole process (read once).
bool run_ahead_from_environment() {
  const char* value = std::getenv("SSDTLM_RUN_AHEAD");
  return value == nullptr || std::strcmp(value, "0") != 0;
}

}  // namespace

EventLoop::EventLoop(sc_core::sc_module_name name, RunAhead run_ahead)
    : sc_core::sc_module(name), run_ahead_(run_ahead == RunAhead::Allowed) {
  static const bool environment_allows = run_ahead_from_environment();
  if (!environment_allows) run_ahead_enabled_ = false;
  SC_HAS_PROCESS(EventLoop);
  SC_METHOD(run);
  sensitive << wakeup_;
  dont_initialize();
}

namespace {
__extension__ typedef unsigned __int128 KeyValue;  // NOLINT: GCC/Clang extension, one compare per key
template <typename Key>
bool earlier(const Key& a, const Key& b) {
  return ((KeyValue{a.at_ps} << 64) | a.order) < ((KeyValue{b.at_ps} << 64) | b.order);
}
}  // namespace

std::uint32_t EventLoop::new_slot() {
  if (slot_count_ % kChunkSlots == 0) chunks_.push_back(std::make_unique<LoopCallback[]>(kChunkSlots));
  sc_assert(slot_count_ < kRelayBit);
  routes_.emplace_back();
  return slot_count_++;
}

void EventLoop::relay(std::uint32_t tagged) {
  const std::uint32_t slot = tagged & ~kRelayBit;
  RelayRoute& route = routes_[slot];
  const std::uint64_t at_ps = route.next_ps[route.taken++];
  const std::uint32_t next = route.taken == route.count ? slot : tagged;  // the last hop: a plain entry
  ++relays_run_;
  // As schedule_at_ps from a running callback: the current instant's FIFO, or the queue.
  if (at_ps == now_ps_) {
    now_fifo_.push_back(next);
  } else {
    enqueue(at_ps, /*deferred=*/false, next);
  }
}

void EventLoop::enqueue_deferred(std::uint32_t slot) { enqueue(sim_now_ps(), /*deferred=*/true, slot); }

void EventLoop::enqueue(std::uint64_t at_ps, bool deferred, std::uint32_t slot) {
  if (next_sequence_ >= sequence_limit_) renumber_sequences();
  insert_sorted(Key{(deferred ? kDeferredBit : 0) | (next_sequence_++ << 32) | slot, at_ps});
  if (running_ == this) return;  // the running loop arms its wake-up when its pass ends
  // Another loop is running (possibly ahead of the kernel): it must not pass this entry,
  // which the kernel learns about only through this loop's event.
  if (running_ != nullptr && at_ps < running_->limit_ps_) running_->limit_ps_ = at_ps;
  arm(at_ps);
}

void EventLoop::renumber_sequences() {
  std::uint64_t sequence = 0;  // the queue is sorted, earliest last
  for (auto key = pending_.rbegin(); key != pending_.rend(); ++key) {
    key->order = (key->order & kDeferredBit) | (sequence++ << 32) | key->slot();
  }
  next_sequence_ = sequence;
}

// The queue is a vector sorted latest first, earliest last: taking the earliest is a pop_back.
// It holds a few entries per die in flight (3 on average in bench (a), 7 at 64 dies), and a new
// entry is usually the latest, so an insertion compares once or twice and moves a few entries;
// a binary heap spent twice the instructions per entry here. Large queues are searched by
// bisection (moving their tail stays a single memmove).
void EventLoop::insert_sorted(const Key& key) {
  const std::size_t size = pending_.size();
  std::size_t position = 0;  // the first entry earlier than `key`
  if (size <= 16) {
    const Key* const queue = pending_.data();
    while (position < size && earlier(key, queue[position])) ++position;
  } else {
    position = static_cast<std::size_t>(
        std::partition_point(pending_.begin(), pending_.end(), [&key](const Key& entry) { return earlier(key, entry); }) -
        pending_.begin());
  }
  pending_.insert(pending_.begin() + static_cast<std::ptrdiff_t>(position), key);
}

void EventLoop::pop_earliest() { pending_.pop_back(); }

void EventLoop::arm(std::uint64_t at_ps) {
  if (at_ps >= armed_at_ps_) return;  // an earlier (or the same) wake-up is already pending
  armed_at_ps_ = at_ps;
  wakeup_.notify(sc_core::sc_time::from_value(at_ps - sc_core::sc_time_stamp().value()));
}

std::uint64_t EventLoop::run_ahead_limit_ps(std::uint64_t kernel_now_ps) const {
  const std::uint64_t this_instant_only = kernel_now_ps + 1;
  if (!run_ahead_ || !run_ahead_enabled_ || slice_context_ != simcontext()) return this_instant_only;
  // Zero when another process is runnable now or a delta notification is pending; else the
  // time to the earliest timed notification (sc_max_time() - now when there is none).
  const std::uint64_t to_next_ps = sc_core::sc_time_to_pending_activity(simcontext()).value();
  if (to_next_ps == 0) return this_instant_only;
  return std::min(kernel_now_ps + to_next_ps, slice_end_ps_);
}

void EventLoop::run() {
  ++activations_;
  const std::uint64_t kernel_now_ps = sc_core::sc_time_stamp().value();
  armed_at_ps_ = kNever;  // this activation consumed the pending notification
  now_ps_ = kernel_now_ps;
  if (stop_on_wake_) {
    // The previous pass ran ahead to a stop; the kernel has now caught up with it.
    stop_on_wake_ = false;
    if (stop_requested_ == StopKind::Stop) {
      sc_core::sc_stop();
    } else {
      sc_core::sc_pause();
    }
    if (!pending_.empty()) arm(pending_.back().at_ps);
    return;
  }
  limit_ps_ = run_ahead_limit_ps(kernel_now_ps);
  struct Running {  // restores running_ even when a callback throws
    EventLoop* previous;
    explicit Running(EventLoop* loop) : previous(running_) { running_ = loop; }
    ~Running() { running_ = previous; }
  } running(this);
  const sc_core::sc_simcontext& context = *simcontext();
  for (;;) {
    // The current instant, in the order of the keys (time, then plain before deferred, then
    // sequence): queued entries were scheduled before the instant began, so they go before the
    // FIFO of the same kind.
    std::uint32_t slot;
    if (!pending_.empty() && pending_.back().at_ps <= now_ps_ && !pending_.back().deferred()) {
      slot = pending_.back().slot();
      pop_earliest();
    } else if (now_head_ < now_fifo_.size()) {
      slot = now_fifo_[now_head_++];
    } else if (!pending_.empty() && pending_.back().at_ps <= now_ps_) {
      slot = pending_.back().slot();
      pop_earliest();
    } else if (deferred_head_ < deferred_fifo_.size()) {
      slot = deferred_fifo_[deferred_head_++];
    } else {
      // The instant is done. Advance: not past the limit, not after a stop (the kernel's
      // sc_stop() from a callback, an error report, or stop_simulation()).
      now_fifo_.clear();
      now_head_ = 0;
      deferred_fifo_.clear();
      deferred_head_ = 0;
      if (pending_.empty()) break;
      const std::uint64_t next_ps = pending_.back().at_ps;
      if (next_ps >= limit_ps_ || has_stop_request_ || context.sim_status() != sc_core::SC_SIM_OK) break;
      now_ps_ = next_ps;
      continue;
    }
    if ((slot & kRelayBit) != 0) {
      relay(slot);
      continue;
    }
    ++callbacks_run_;
    // In place: chunks never move, and the slot is not reused before it is freed below.
    LoopCallback& callback = slot_at(slot);
    callback();
    callback.reset();
    free_slots_.push_back(slot);
  }
  if (has_stop_request_) {
    has_stop_request_ = false;
    if (now_ps_ == kernel_now_ps) {
      if (stop_requested_ == StopKind::Stop) {
        sc_core::sc_stop();
      } else {
        sc_core::sc_pause();
      }
    } else {
      stop_on_wake_ = true;  // let the kernel reach the stop's time first
      arm(now_ps_);
      return;
    }
  }
  if (!pending_.empty()) {
    arm(pending_.back().at_ps);
  } else if (now_ps_ > kernel_now_ps) {
    arm(now_ps_);  // nothing left: wake once at the last callback's time so the kernel's time ends there
  }
}

void stop_simulation() {
  if (EventLoop* loop = EventLoop::running()) {
    loop->request_stop(EventLoop::StopKind::Stop);
  } else {
    sc_core::sc_stop();
  }
}

void pause_simulation() {
  if (EventLoop* loop = EventLoop::running()) {
    loop->request_stop(EventLoop::StopKind::Pause);
  } else {
    sc_core::sc_pause();
  }
}

void run_kernel(const sc_core::sc_time* duration, sc_core::sc_starvation_policy policy) {
  struct Slice {  // restores the enclosing slice (none, normally) even when the run throws
    const sc_core::sc_simcontext* context = EventLoop::slice_context_;
    std::uint64_t end_ps = EventLoop::slice_end_ps_;
    ~Slice() {
      EventLoop::slice_context_ = context;
      EventLoop::slice_end_ps_ = end_ps;
    }
  } previous;
  EventLoop::slice_context_ = sc_core::sc_get_curr_simcontext();
  // sc_start(d) runs what is due before now + d; what is due at now + d waits for the next
  // slice (tests/unit/common/event_loop_test.cpp checks the loop agrees with the kernel).
  EventLoop::slice_end_ps_ = duration != nullptr ? sc_core::sc_time_stamp().value() + duration->value() : EventLoop::kNever;
  if (duration != nullptr) {
    sc_core::sc_start(*duration, policy);
  } else {
    sc_core::sc_start();
  }
}

}  // namespace ssdtlm
