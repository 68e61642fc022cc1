#include "platforms/rtl_engine_factory.h"

#include "models/rtl/ecc/rtl_ecc_engine.h"
#include "models/rtl/raid/rtl_parity_job_timer.h"

namespace ssdtlm {

std::unique_ptr<EccEngine> make_rtl_ecc_engine(const char* name, const EccConfig& config) {
  return std::make_unique<RtlEccEngine>(name, config);
}

std::unique_ptr<ParityJobTimer> make_rtl_parity_job_timer(const ParityEngineConfig& config) {
  return std::make_unique<RtlParityJobTimer>(config);
}

}  // namespace ssdtlm
