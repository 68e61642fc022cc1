#include "sc_main/run_interruption.h"

#include <csignal>
#include <cstdio>

#include "models/kernel/run_interrupt.h"

namespace ssdtlm::cli {
namespace {

void on_sigint(int) { request_run_interrupt(); }

}  // namespace

void install_run_interrupt_handler() {
  struct sigaction action = {};
  action.sa_handler = on_sigint;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESETHAND;  // the second Ctrl-C gets the default action: termination
  sigaction(SIGINT, &action, nullptr);
}

int report_interruption(const nlohmann::json& stats) {
  std::fprintf(stderr, "ssdtlm: interrupted at %.3f ms of simulated time; stats.json covers the run so far\n",
               stats["sim_time_ns"].get<double>() / 1e6);
  return kInterruptedExitCode;
}

}  // namespace ssdtlm::cli
