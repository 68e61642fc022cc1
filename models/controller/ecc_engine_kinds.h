#pragma once
// The table of ECC engine kinds behind make_ecc_engine (controller.ecc_engine). The controller
// knows only its own "tlm" engine; the layer that builds platforms registers the others
// (platforms/rtl_engine_factory.h registers "rtl"), so the controller never depends on the RTL
// blocks above it.
#include <memory>
#include <string>

#include "models/controller/ecc_engine.h"

namespace ssdtlm {

using EccEngineMaker = std::unique_ptr<EccEngine> (*)(const char* name, const EccConfig& config);

// Adds (or replaces) the maker of controller.ecc_engine = `kind`; make_ecc_engine then builds
// that kind by calling it. A kind nobody registered is a ConfigError.
void register_ecc_engine_kind(const std::string& kind, EccEngineMaker make);

}  // namespace ssdtlm
