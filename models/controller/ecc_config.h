#pragma once
// Resolved parameters of FlashController's ECC engines (controller.ecc_engine, controller.ecc.*,
// rtl.*); the engines themselves are in ecc_engine.h.
#include <cstdint>
#include <string>

namespace ssdtlm {

struct EccConfig {
  std::string engine = "tlm";          // "tlm" or "rtl"
  std::uint64_t latency_ns = 0;        // tlm: fixed time per page operation
  double throughput_mbps = 0.0;        // tlm: bytes per microsecond; 0 is unlimited
  std::uint64_t rtl_clock_period_ps = 2500;
  std::uint64_t rtl_overhead_ps = 0;   // rtl: transactor overhead per page operation
  // False for the default tlm engine with no latency and no throughput limit: the controller
  // then leaves ECC out of the timeline entirely (and runs exactly as without an engine).
  bool charges_time() const { return engine != "tlm" || latency_ns > 0 || throughput_mbps > 0.0; }
};

}  // namespace ssdtlm
