#include "platforms/preconditioning.h"

#include <chrono>
#include <cmath>

#include "models/common/config/config_error.h"
#include "models/common/rng.h"
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

PreconditionResult precondition(FtlCore& core, PreconditionMode mode, std::uint64_t seed) {
  PreconditionResult result;
  result.mode = mode;
  if (mode == PreconditionMode::None) return result;
  const auto wall_start = std::chrono::steady_clock::now();
  const FtlCounters before = core.counters();
  const std::uint64_t logical_pages = core.fillable_logical_pages();  // not the FTL's metadata pages
  for (std::uint64_t lpn = 0; lpn < logical_pages; ++lpn) core.write_host_functional(static_cast<Lpn>(lpn));

  if (mode == PreconditionMode::Steady) {
    // Its own stream so the timed workload's random choices do not depend on preconditioning.
    Rng rng(seed ^ 0x5354454144590000ull);
    UniformWrites writes(rng, logical_pages);
    const std::uint64_t round = std::max<std::uint64_t>(1, logical_pages / 8);
    double previous_wa = 0.0;
    for (int rounds = 1; rounds <= 64; ++rounds) {
      const FtlCounters start = core.counters();
      replay_writes(core, writes, round);
      const FtlCounters& end = core.counters();
      const double host = double(end.host_page_writes - start.host_page_writes);
      const double wa = (host + double(end.gc_page_writes - start.gc_page_writes)) / host;
      result.steady_write_amplification = wa;
      if (rounds >= 8 && previous_wa > 0 && std::fabs(wa - previous_wa) <= 0.01 * previous_wa) break;
      previous_wa = wa;
    }
    spread_gc_phases(core, rng);
  }
  const FtlCounters& after = core.counters();
  result.host_page_writes = after.host_page_writes - before.host_page_writes;
  result.flash_page_writes = result.host_page_writes + (after.gc_page_writes - before.gc_page_writes);
  result.erases = after.erases - before.erases;
  result.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  return result;
}

}  // namespace ssdtlm
