#include "platforms/preconditioning.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "models/common/config/config_error.h"
#include "models/common/rng.h"
#include "models/kernel/run_interrupt.h"
#include "models/ftl/functional/gc_phase_spread.h"
#include "models/ftl/functional/replay_writes.h"

namespace ssdtlm {
namespace {

// Uniform random page writes drawn from the preconditioning's own generator, in the order
// drawn: replay_writes() pulls them a chunk ahead to prefetch map entries, but only as many as
// it performs, so the generator's sequence (and the resulting state) is that of drawing one
// number per write.
class UniformWrites : public WriteStream {
 public:
  UniformWrites(Rng& rng, std::uint64_t logical_pages) : rng_(rng), logical_pages_(logical_pages) {}
  void next(Lpn* out, std::size_t count) override {
    for (std::size_t i = 0; i < count; ++i) out[i] = static_cast<Lpn>(rng_.below(logical_pages_));
  }
  std::string describe() const override { return "uniform (preconditioning)"; }

 private:
  Rng& rng_;
  std::uint64_t logical_pages_;
};

// Reports progress to the monitor and watches for an interrupt every kPreconditionReportPages
// host page writes.
class PreconditionPacer {
 public:
  PreconditionPacer(const PreconditionMonitor& monitor, std::uint64_t pages_expected)
      : monitor_(monitor), pages_expected_(pages_expected) {}
  // After `pages` more writes; false once the run is to stop.
  bool wrote(std::uint64_t pages) {
    written_ += pages;
    if (monitor_) monitor_(written_, pages_expected_);
    return !run_interrupt_requested();
  }

 private:
  const PreconditionMonitor& monitor_;
  std::uint64_t pages_expected_;
  std::uint64_t written_ = 0;
};

// replay_writes() of `count` writes in pieces of kPreconditionReportPages: the same writes in
// the same order (replay_writes draws only the writes it performs), with a report after each
// piece. False when interrupted.
bool replay_writes_paced(FtlCore& core, WriteStream& writes, std::uint64_t count, PreconditionPacer& pacer) {
  for (std::uint64_t done = 0; done < count;) {
    const std::uint64_t piece = std::min(kPreconditionReportPages, count - done);
    replay_writes(core, writes, piece);
    done += piece;
    if (!pacer.wrote(piece)) return false;
  }
  return true;
}

}  // namespace

PreconditionMode parse_precondition_mode(const std::string& text, const std::string& where) {
  if (text == "none") return PreconditionMode::None;
  if (text == "fill") return PreconditionMode::Fill;
  if (text == "steady") return PreconditionMode::Steady;
  throw config_error(where, "expected none, fill or steady, got \"" + text + "\"");
}

const char* to_string(PreconditionMode mode) {
  switch (mode) {
    case PreconditionMode::Fill: return "fill";
    case PreconditionMode::Steady: return "steady";
    default: return "none";
  }
}

nlohmann::json PreconditionResult::to_json() const {
  return {{"mode", to_string(mode)},
          {"host_page_writes", host_page_writes},
          {"flash_page_writes", flash_page_writes},
          {"erases", erases},
          {"steady_write_amplification", steady_write_amplification},
          {"wall_seconds", wall_seconds}};  // the only wall figure: excluded from comparisons by its name
}

PreconditionResult precondition(FtlCore& core, PreconditionMode mode, std::uint64_t seed,
                                const PreconditionMonitor& monitor) {
  PreconditionResult result;
  result.mode = mode;
  if (mode == PreconditionMode::None) return result;
  const auto wall_start = std::chrono::steady_clock::now();
  const FtlCounters before = core.counters();
  const std::uint64_t logical_pages = core.fillable_logical_pages();  // not the FTL's metadata pages
  constexpr int kMinimumSteadyRounds = 8;
  const std::uint64_t round = std::max<std::uint64_t>(1, logical_pages / 8);
  PreconditionPacer pacer(monitor, logical_pages + (mode == PreconditionMode::Steady ? kMinimumSteadyRounds * round : 0));
  for (std::uint64_t lpn = 0; lpn < logical_pages && !result.interrupted;) {
    const std::uint64_t piece_end = std::min(logical_pages, lpn + kPreconditionReportPages);
    const std::uint64_t piece = piece_end - lpn;
    for (; lpn < piece_end; ++lpn) core.write_host_functional(static_cast<Lpn>(lpn));
    result.interrupted = !pacer.wrote(piece);
  }

  if (mode == PreconditionMode::Steady && !result.interrupted) {
    // Its own stream so the timed workload's random choices do not depend on preconditioning.
    Rng rng(seed ^ 0x5354454144590000ull);
    UniformWrites writes(rng, logical_pages);
    double previous_wa = 0.0;
    for (int rounds = 1; rounds <= 64; ++rounds) {
      const FtlCounters start = core.counters();
      if (!replay_writes_paced(core, writes, round, pacer)) {
        result.interrupted = true;
        break;
      }
      const FtlCounters& end = core.counters();
      const double host = double(end.host_page_writes - start.host_page_writes);
      const double wa = (host + double(end.gc_page_writes - start.gc_page_writes)) / host;
      result.steady_write_amplification = wa;
      if (rounds >= kMinimumSteadyRounds && previous_wa > 0 && std::fabs(wa - previous_wa) <= 0.01 * previous_wa) break;
      previous_wa = wa;
    }
    if (!result.interrupted) {
      const std::uint64_t host_before_spread = core.counters().host_page_writes;
      spread_gc_phases(core, rng);
      pacer.wrote(core.counters().host_page_writes - host_before_spread);  // the last report counts them
    }
  }
  const FtlCounters& after = core.counters();
  result.host_page_writes = after.host_page_writes - before.host_page_writes;
  result.flash_page_writes = result.host_page_writes + (after.gc_page_writes - before.gc_page_writes);
  result.erases = after.erases - before.erases;
  result.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  return result;
}

}  // namespace ssdtlm
