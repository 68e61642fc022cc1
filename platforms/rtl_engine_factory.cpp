#include "platforms/rtl_engine_factory.h"

#include "models/common/config/config_error.h"

#ifndef SSDTLM_HAVE_RTL
#define SSDTLM_HAVE_RTL 0
#endif
#if SSDTLM_HAVE_RTL
#include "models/rtl/ecc/rtl_ecc_engine.h"
#include "models/rtl/raid/rtl_parity_job_timer.h"
#endif

namespace ssdtlm {

bool rtl_blocks_built() { return SSDTLM_HAVE_RTL != 0; }

void register_rtl_engine_kinds() {
  // Once per process (every platform's constructor calls this, possibly on several threads);
  // afterwards the kind tables are only read.
  static const bool registered = [] {
    register_ecc_engine_kind("rtl", make_rtl_ecc_engine);
    register_parity_job_timer_kind("rtl", make_rtl_parity_job_timer);
    return true;
  }();
  static_cast<void>(registered);
}

#if SSDTLM_HAVE_RTL

std::unique_ptr<EccEngine> make_rtl_ecc_engine(const char* name, const EccConfig& config) {
  return std::make_unique<RtlEccEngine>(name, config);
}

std::unique_ptr<ParityJobTimer> make_rtl_parity_job_timer(const ParityEngineConfig& config) {
  return std::make_unique<RtlParityJobTimer>(config);
}

#else

namespace {
const char* const kNoRtlBlocks = " (this build has no RTL blocks: SSDTLM_RTL=OFF)";
}  // namespace

std::unique_ptr<EccEngine> make_rtl_ecc_engine(const char* /*name*/, const EccConfig& config) {
  throw config_error("controller.ecc_engine", "engine '" + config.engine + "' is not available" + kNoRtlBlocks);
}

std::unique_ptr<ParityJobTimer> make_rtl_parity_job_timer(const ParityEngineConfig& config) {
  throw config_error("raid.parity_engine", "engine '" + config.kind + "' is not available" + kNoRtlBlocks);
}

#endif

}  // namespace ssdtlm
