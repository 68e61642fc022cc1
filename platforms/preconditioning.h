#pragma once
// Preconditioning through the untimed functional path: `fill` writes the logical space once
// sequentially; `steady` then overwrites uniformly at random until GC is in steady state (the
// write amplification of two consecutive rounds of 1/8 of the logical capacity agrees within
// 1%, after at least one full capacity of overwrites, at most eight), and finally spreads the
// allocation units over their GC cycle (spread_gc_phases, gc_phase_spread.h) so that a run of
// any length gets the steady-state share of GC from its first request. The timed simulation
// then starts from that state.
#include <cstdint>
#include <functional>
#include <string>

#include <nlohmann/json.hpp>

#include "models/ftl/core/ftl_core.h"

namespace ssdtlm {

enum class PreconditionMode { None, Fill, Steady };
PreconditionMode parse_precondition_mode(const std::string& text, const std::string& where);
const char* to_string(PreconditionMode mode);

struct PreconditionResult {
  PreconditionMode mode = PreconditionMode::None;
  std::uint64_t host_page_writes = 0;
  std::uint64_t flash_page_writes = 0;
  std::uint64_t erases = 0;
  double steady_write_amplification = 0.0;  // of the last round (steady only)
  double wall_seconds = 0.0;
  bool interrupted = false;  // stopped early by run_interrupt_requested() (Ctrl-C)
  nlohmann::json to_json() const;
};

// Watches preconditioning (progress display, Python's KeyboardInterrupt): called every
// kPreconditionReportPages page writes with the host page writes done so far and the number
// the mode is expected to write (fill: the logical space; steady: that plus its minimum number
// of overwrite rounds, so a longer steady phase passes 100 %). It may throw to abandon the run.
using PreconditionMonitor = std::function<void(std::uint64_t pages_written, std::uint64_t pages_expected)>;
constexpr std::uint64_t kPreconditionReportPages = std::uint64_t{1} << 16;

// Stops early, with `interrupted` set, once run_interrupt_requested() (checked every
// kPreconditionReportPages page writes); the core is then in a consistent, partly written state.
PreconditionResult precondition(FtlCore& core, PreconditionMode mode, std::uint64_t seed,
                                const PreconditionMonitor& monitor = nullptr);

}  // namespace ssdtlm
