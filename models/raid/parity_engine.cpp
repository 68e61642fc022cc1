#include "models/raid/parity_engine.h"

#include <algorithm>

namespace ssdtlm {

ParityEngine::ParityEngine(const ParityEngineConfig& config)
    : config_(config), free_at_(std::max<std::uint32_t>(1, config.engines), sc_core::SC_ZERO_TIME) {}

std::uint64_t ParityEngine::job_ps(std::uint64_t xor_bytes, std::uint64_t rs_bytes) const {
  // MB/s = bytes per microsecond: ps = bytes / rate * 1e6.
  double ps = double(config_.setup_ns) * 1000.0;
  if (xor_bytes > 0) ps += double(xor_bytes) * 1e6 / config_.xor_mbps;
  if (rs_bytes > 0) ps += double(rs_bytes) * 1e6 / config_.rs_mbps;
  return static_cast<std::uint64_t>(ps + 0.5);
}

sc_core::sc_time ParityEngine::reserve(std::uint64_t xor_bytes, std::uint64_t rs_bytes) {
  const std::uint64_t ps = job_ps(xor_bytes, rs_bytes);
  auto engine = std::min_element(free_at_.begin(), free_at_.end());
  const sc_core::sc_time start = std::max(*engine, sc_core::sc_time_stamp());
  *engine = start + sc_core::sc_time(double(ps), sc_core::SC_PS);
  busy_ps_ += ps;
  ++jobs_;
  xor_bytes_ += xor_bytes;
  rs_bytes_ += rs_bytes;
  return *engine;
}

}  // namespace ssdtlm
