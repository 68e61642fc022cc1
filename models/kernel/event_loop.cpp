#include "models/kernel/event_loop.h"
#include "models/kernel/kernel_error.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

#include "models/kernel/run_interrupt.h"

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

EventLoop::Slot* EventLoop::new_slot() {
  if (slot_count_ % kChunkSlots == 0) chunks_.push_back(std::make_unique<Slot[]>(kChunkSlots));
  return &chunks_.back()[slot_count_++ % kChunkSlots];
}

void EventLoop::EntryFifo::grow() {
  capacity = capacity == 0 ? 16 : 2 * capacity;
  auto larger = std::make_unique<Entry[]>(capacity);
  std::copy(items.get(), items.get() + tail, larger.get());
  items = std::move(larger);
}

void EventLoop::relay(Entry tagged) {
  RelayRoute& route = slot_of(tagged)->route;
  const std::uint64_t at_ps = route.next_ps[route.taken++];
  const Entry next = route.taken == route.count ? tagged & ~kRelayTag : tagged;  // the last hop: a plain entry
  ++relays_run_;
  // As schedule_at_ps from a running callback: the current instant's FIFO, or the queue.
  if (at_ps == now_ps_) {
    now_fifo_.push(next);
  } else {
    insert_sorted(at_ps, kPlain, next);
  }
}

void EventLoop::enqueue_deferred(Entry entry) { enqueue_from_outside(sim_now_ps(), kDeferredBit, entry); }

void EventLoop::enqueue_from_outside(std::uint64_t at_ps, std::uint64_t kind, Entry entry) {
  insert_sorted(at_ps, kind, entry);
  // Another loop may be running (possibly ahead of the kernel): it must not pass this entry,
  // which the kernel learns about only through this loop's event.
  if (running_ != nullptr && at_ps < running_->limit_ps_) running_->limit_ps_ = at_ps;
  arm(at_ps);
}

// The queue is an array sorted latest first, earliest last: taking the earliest shortens it by
// one. It holds a few entries per die in flight, and a new entry is most often the earliest or
// the second earliest (a step end scheduled by the callback that just ran often goes straight to
// the end), so an
// insertion scans from the earliest end (insert_sorted, inline), moving each earlier entry up by
// one, and usually compares once or twice, where a binary heap would sift through log2(n) levels per entry.
// Large queues are searched by bisection here (moving their tail is a single memmove); a full
// queue grows here first.
void EventLoop::insert_sorted_by_bisection(std::uint64_t at_ps, std::uint64_t kind, Entry entry) {
  if (queued_ == key_capacity_) grow_queue();
  if (queued_ <= kLinearQueue) {
    insert_sorted(at_ps, kind, entry);
    return;
  }
  const Key key{at_ps, kind | next_sequence_++, entry};
  Key* const queue = keys_.get();
  Key* const first_earlier =
      std::partition_point(queue, queue + queued_, [&key](const Key& queued) { return key.earlier_than(queued); });
  const auto position = static_cast<std::size_t>(first_earlier - queue);
  std::memmove(static_cast<void*>(first_earlier + 1), first_earlier, (queued_ - position) * sizeof(Key));
  ++queued_;
  queue[position] = key;
}

void EventLoop::grow_queue() {
  key_capacity_ = key_capacity_ == 0 ? 16 : 2 * key_capacity_;
  auto larger = std::make_unique<Key[]>(key_capacity_);
  std::copy(keys_.get(), keys_.get() + queued_, larger.get());
  keys_ = std::move(larger);
}

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
    if (queued_ != 0) arm(keys_[queued_ - 1].at_ps);
    return;
  }
  limit_ps_ = has_stop_request_ ? 0 : run_ahead_limit_ps(kernel_now_ps);
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
    Entry entry;
    if (queued_ != 0 && keys_[queued_ - 1].at_ps <= now_ps_) {
      if (!keys_[queued_ - 1].deferred() || now_fifo_.empty()) {
        entry = keys_[--queued_].entry;
      } else {
        entry = now_fifo_.pop();
      }
    } else if (!now_fifo_.empty()) {
      entry = now_fifo_.pop();
    } else if (!deferred_fifo_.empty()) {
      entry = deferred_fifo_.pop();
    } else {
      // The instant is done. Advance: not past the limit (0 after a stop_simulation()), not after
      // the kernel's sc_stop() from a callback or an error report.
      if (queued_ == 0) break;
      const Key& next = keys_[queued_ - 1];
      if (next.at_ps >= limit_ps_ || context.sim_status() != sc_core::SC_SIM_OK) break;
      if (run_interrupt_requested()) {  // Ctrl-C: the run ends with this instant
        request_stop(StopKind::Stop);
        break;
      }
      now_ps_ = next.at_ps;
      if (next.deferred()) continue;
      entry = next.entry;  // the instant's first entry
      --queued_;
    }
    if ((entry & kRelayTag) != 0) {
      relay(entry);
      continue;
    }
    ++callbacks_run_;
    // In place: chunks never move, and the slot is not reused before it is released below.
    Slot* const slot = slot_of(entry);
    slot->callback.call_and_reset();
    release_slot(slot);
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
  if (queued_ != 0) {
    arm(keys_[queued_ - 1].at_ps);
  } else if (now_ps_ > kernel_now_ps) {
    arm(now_ps_);  // nothing left: wake once at the last callback's time so the kernel's time ends there
  }
}

namespace {
std::exception_ptr& pending_kernel_error() {
  static std::exception_ptr error;
  return error;
}
}  // namespace

void stop_simulation_with_error(std::exception_ptr error) {
  if (!pending_kernel_error()) pending_kernel_error() = std::move(error);  // the first error is the cause
  stop_simulation();
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
  // slice (tests/unit/kernel/event_loop_test.cpp checks the loop agrees with the kernel).
  EventLoop::slice_end_ps_ = duration != nullptr ? sc_core::sc_time_stamp().value() + duration->value() : EventLoop::kNever;
  if (duration != nullptr) {
    sc_core::sc_start(*duration, policy);
  } else {
    sc_core::sc_start();
  }
  if (std::exception_ptr error = std::exchange(pending_kernel_error(), nullptr)) std::rethrow_exception(error);
}

}  // namespace ssdtlm
