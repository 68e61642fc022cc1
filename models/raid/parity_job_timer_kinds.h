#pragma once
// The table of parity job timer kinds behind make_parity_job_timer (raid.parity_engine). The RAID
// layer knows only its own "tlm" timer; the layer that builds platforms registers the others
// (platforms/rtl_engine_factory.h registers "rtl"), so the RAID layer never depends on the RTL
// blocks above it.
#include <memory>
#include <string>

#include "models/raid/parity_engine.h"

namespace ssdtlm {

using ParityJobTimerMaker = std::unique_ptr<ParityJobTimer> (*)(const ParityEngineConfig& config);

// Adds (or replaces) the maker of raid.parity_engine = `kind`; make_parity_job_timer then builds
// that kind by calling it. A kind nobody registered is a ConfigError.
void register_parity_job_timer_kind(const std::string& kind, ParityJobTimerMaker make);

}  // namespace ssdtlm
