#pragma once
// The factories of the RTL blocks that stand in for TLM models. The controller and the RAID
// layer know only their own TLM engines and a table of engine kinds; the platform fills the
// table with the RTL ones, so models/rtl is reached from platforms alone (docs/architecture.md,
// "Layers"). The platform never includes a Verilated header: each block hides its model behind
// one of these TLM-facing classes.
#include <memory>

#include "models/controller/ecc_engine.h"
#include "models/controller/ecc_engine_kinds.h"
#include "models/raid/parity_engine.h"
#include "models/raid/parity_job_timer_kinds.h"

namespace ssdtlm {

// Whether this build has the Verilator blocks of models/rtl (CMake option SSDTLM_RTL).
bool rtl_blocks_built();

// Registers the "rtl" kinds of controller.ecc_engine and raid.parity_engine (idempotent; every
// platform calls it before building its parts). In a build without the blocks the kinds are
// still registered, and building one throws a ConfigError that says so.
void register_rtl_engine_kinds();

// models/rtl/ecc/rtl_ecc_engine.h: the Hamming SEC-DED block as a FlashController ECC engine.
std::unique_ptr<EccEngine> make_rtl_ecc_engine(const char* name, const EccConfig& config);

// models/rtl/raid/rtl_parity_job_timer.h: the P/Q block as the RAID controller's parity engine.
std::unique_ptr<ParityJobTimer> make_rtl_parity_job_timer(const ParityEngineConfig& config);

}  // namespace ssdtlm
