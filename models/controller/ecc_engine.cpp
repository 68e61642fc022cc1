#include "models/controller/ecc_engine.h"

#include <cmath>

#include "models/common/config/config_error.h"

#ifndef SSDTLM_HAVE_RTL
#define SSDTLM_HAVE_RTL 0
#endif
#if SSDTLM_HAVE_RTL
#include "platforms/rtl_engine_factory.h"
#endif

namespace ssdtlm {

EccEngine::EccEngine(sc_core::sc_module_name name) : sc_core::sc_module(name), socket("socket") {
  socket.register_b_transport(this, &EccEngine::b_transport);
}

TlmEccEngine::TlmEccEngine(sc_core::sc_module_name name, const EccConfig& config)
    : EccEngine(name), config_(config) {}

std::uint64_t TlmEccEngine::duration_ps(std::uint32_t bytes) const {
  std::uint64_t ps = config_.latency_ns * 1000;
  if (config_.throughput_mbps > 0.0) {
    ps += static_cast<std::uint64_t>(std::ceil(double(bytes) * 1e6 / config_.throughput_mbps - 1e-6));
  }
  return ps;
}

void TlmEccEngine::b_transport(tlm::tlm_generic_payload& payload, sc_core::sc_time& delay) {
  EccCommand* command = payload.get_extension<EccCommand>();
  if (command == nullptr) {
    payload.set_response_status(tlm::TLM_GENERIC_ERROR_RESPONSE);
    return;
  }
  command->sectors = ecc_sectors(command->bytes);
  command->corrected_bits = 0;
  command->uncorrectable_sectors = 0;
  command->rtl_cycles = 0;
  delay += sc_core::sc_time::from_value(duration_ps(command->bytes));
  payload.set_response_status(tlm::TLM_OK_RESPONSE);
}

bool rtl_blocks_built() { return SSDTLM_HAVE_RTL != 0; }

std::unique_ptr<EccEngine> make_ecc_engine(const char* name, const EccConfig& config) {
  if (config.engine == "tlm") return std::make_unique<TlmEccEngine>(name, config);
#if SSDTLM_HAVE_RTL
  if (config.engine == "rtl") return make_rtl_ecc_engine(name, config);
#endif
  const std::string why = rtl_blocks_built() ? "" : " (this build has no RTL blocks: SSDTLM_RTL=OFF)";
  throw config_error("controller.ecc_engine", "engine '" + config.engine + "' is not available" + why);
}

}  // namespace ssdtlm
