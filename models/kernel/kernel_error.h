#pragma once
// Bad input met inside a SystemC process (a strict trace's malformed line, a request beyond the
// device with beyond=reject,strict) must reach the command as the ConfigError it is. An
// exception escaping a process reaches the caller of sc_start only as an sc_report "uncaught
// exception", its type lost, so it would read as a simulation error (exit 3).
#include <exception>

namespace ssdtlm {

// stop_simulation() because of `error`, caught in a model callback; run_kernel() rethrows it
// once the kernel has stopped (the first error when several are caught).
void stop_simulation_with_error(std::exception_ptr error);

}  // namespace ssdtlm
