#pragma once
// Ctrl-C during `ssdtlm run` / `ssdtlm raid`: the first SIGINT only sets the run-interrupt flag
// (models/kernel/run_interrupt.h); the simulation stops at the next simulated instant (or the
// preconditioning at its next chunk) and the command writes what it has, with
// "interrupted": true in stats.json, then exits kInterruptedExitCode (128 + SIGINT, as a shell
// reports a process killed by it). A second Ctrl-C kills the process at once (the handler is
// reset after the first).
#include <nlohmann/json.hpp>

namespace ssdtlm::cli {

constexpr int kInterruptedExitCode = 130;

void install_run_interrupt_handler();
// After the interrupted run's files are written: says where it stopped (from its stats.json)
// on stderr; returns kInterruptedExitCode.
int report_interruption(const nlohmann::json& stats);

}  // namespace ssdtlm::cli
