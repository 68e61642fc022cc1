#include "models/raid/parity_engine.h"
#include "models/raid/parity_job_timer_kinds.h"

#include <algorithm>
#include <map>

#include "models/common/config/config_error.h"
#include "models/kernel/event_loop.h"

namespace ssdtlm {

std::uint64_t TlmParityJobTimer::job_ps(std::uint64_t xor_bytes, std::uint64_t rs_bytes,
                                        const std::vector<ParityRow>& /*rows*/) {
  // MB/s = bytes per microsecond: ps = bytes / rate * 1e6.
  double ps = double(config_.setup_ns) * 1000.0;
  if (xor_bytes > 0) ps += double(xor_bytes) * 1e6 / config_.xor_mbps;
  if (rs_bytes > 0) ps += double(rs_bytes) * 1e6 / config_.rs_mbps;
  return static_cast<std::uint64_t>(ps + 0.5);
}

namespace {

std::map<std::string, ParityJobTimerMaker>& parity_job_timer_makers() {
  static std::map<std::string, ParityJobTimerMaker> makers;
  return makers;
}

}  // namespace

void register_parity_job_timer_kind(const std::string& kind, ParityJobTimerMaker make) {
  parity_job_timer_makers()[kind] = make;
}

std::unique_ptr<ParityJobTimer> make_parity_job_timer(const ParityEngineConfig& config) {
  if (config.kind == "tlm") return std::make_unique<TlmParityJobTimer>(config);
  const auto maker = parity_job_timer_makers().find(config.kind);
  if (maker != parity_job_timer_makers().end()) return maker->second(config);
  throw config_error("raid.parity_engine", "engine '" + config.kind + "' is not available");
}

ParityEngine::ParityEngine(const ParityEngineConfig& config)
    : timer_(make_parity_job_timer(config)),
      free_at_(std::max<std::uint32_t>(1, config.engines), sc_core::SC_ZERO_TIME) {}

sc_core::sc_time ParityEngine::reserve(std::uint64_t xor_bytes, std::uint64_t rs_bytes,
                                       const std::vector<ParityRow>& rows) {
  const std::uint64_t ps = timer_->job_ps(xor_bytes, rs_bytes, rows);
  auto engine = std::min_element(free_at_.begin(), free_at_.end());
  const sc_core::sc_time start = std::max(*engine, sim_now());
  *engine = start + sc_core::sc_time(double(ps), sc_core::SC_PS);
  busy_ps_ += ps;
  ++jobs_;
  xor_bytes_ += xor_bytes;
  rs_bytes_ += rs_bytes;
  return *engine;
}

}  // namespace ssdtlm
