#pragma once
// The document `ssdtlm wa` prints and Python's ssdtlm.wa() returns: the functional engine's
// JSON (functional_engine.h) with its "capacity" (spare_reservation.h) and, when whole-block
// watermarks and open frontiers leave less than half of the spare for data, "warnings":
// [{"kind": "spare_mostly_reserved", "message"}], as stats.json has them.
#include <nlohmann/json.hpp>

#include "models/ftl/functional/functional_engine.h"

namespace ssdtlm {

nlohmann::json wa_report(const WaOptions& options, const WaResult& result);

}  // namespace ssdtlm
