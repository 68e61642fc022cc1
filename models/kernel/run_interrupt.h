#pragma once
// A request to end a run early from outside the simulation (Ctrl-C in the `ssdtlm` command):
// the command's SIGINT handler sets it (a lock-free atomic store, which a signal handler may
// do); the event loop reads it once per simulated instant and stops the kernel there, and
// preconditioning reads it between chunks of page writes. The caller then reports what was
// simulated so far. One relaxed load per instant: no cost worth measuring on the hot path.
#include <atomic>

namespace ssdtlm {
namespace detail {
inline std::atomic<bool> run_interrupt_requested{false};
static_assert(std::atomic<bool>::is_always_lock_free, "set from a signal handler");
}  // namespace detail

inline void request_run_interrupt() noexcept { detail::run_interrupt_requested.store(true, std::memory_order_relaxed); }
inline bool run_interrupt_requested() noexcept { return detail::run_interrupt_requested.load(std::memory_order_relaxed); }
inline void clear_run_interrupt() noexcept { detail::run_interrupt_requested.store(false, std::memory_order_relaxed); }

}  // namespace ssdtlm
