#include "models/controller/ecc_engine.h"
#include "models/controller/ecc_engine_kinds.h"

#include <cmath>
#include <map>

#include "models/common/config/config_error.h"

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

namespace {

std::map<std::string, EccEngineMaker>& ecc_engine_makers() {
  static std::map<std::string, EccEngineMaker> makers;
  return makers;
}

}  // namespace

void register_ecc_engine_kind(const std::string& kind, EccEngineMaker make) { ecc_engine_makers()[kind] = make; }

std::unique_ptr<EccEngine> make_ecc_engine(const char* name, const EccConfig& config) {
  if (config.engine == "tlm") return std::make_unique<TlmEccEngine>(name, config);
  const auto maker = ecc_engine_makers().find(config.engine);
  if (maker != ecc_engine_makers().end()) return maker->second(name, config);
  throw config_error("controller.ecc_engine", "engine '" + config.engine + "' is not available");
}

}  // namespace ssdtlm
