#pragma once
// One allocation unit's GC cycle as FtlCpu runs it: whether a cycle runs, the victim being
// collected and which engine collects it. What an engine needs to move the victim's pages is
// the engine's own (ClassicGcEngine, SemiPreemptiveGcEngine).
#include <cstdint>

#include <systemc>

#include "models/ftl/core/ftl_core.h"

namespace ssdtlm {

struct GcJob {
  UnitId unit = 0;
  bool cycle_active = false;
  sc_core::sc_time cycle_start;
  GcPlan plan;
  std::uint32_t forced_target_free_blocks = 0;  // forced GC: collect until this many are free
  bool semi = false;  // the current victim is collected by the semi-preemptive engine
};

}  // namespace ssdtlm
