#pragma once
// Factories of the RTL blocks that stand in for TLM models (built only with SSDTLM_RTL=ON).
// The platform never includes a Verilated header: each block hides its model behind one of
// these TLM-facing classes.
#include <memory>

#include "models/controller/ecc_engine.h"
#include "models/raid/parity_engine.h"

namespace ssdtlm {

// models/rtl/ecc/rtl_ecc_engine.h: the Hamming SEC-DED block as a FlashController ECC engine.
std::unique_ptr<EccEngine> make_rtl_ecc_engine(const char* name, const EccConfig& config);

// models/rtl/raid/rtl_parity_job_timer.h: the P/Q block as the RAID controller's parity engine.
std::unique_ptr<ParityJobTimer> make_rtl_parity_job_timer(const ParityEngineConfig& config);

}  // namespace ssdtlm
