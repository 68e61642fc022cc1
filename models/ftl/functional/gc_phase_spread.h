#pragma once
// Spreads the allocation units of a drive in GC steady state over their GC cycle, the last
// step of `steady` preconditioning (platforms/preconditioning.h).
//
// With watermark hysteresis a unit's GC runs in cycles: free blocks fall to the low watermark,
// then a cycle collects until they are above the high watermark. Uniform random writes striped
// round-robin keep every unit at the same point of that cycle, so after preconditioning they
// would all sit between two cycles and a following run shorter than one cycle would see no GC
// at all (write amplification 1), or every unit collecting at once. A drive that has run long
// has its units at independent points; this gives each unit a point of its own, evenly spread
// over (0, 1] of the descent from the cycle's end to the low watermark (one unit exactly at
// the watermark), so the GC work of a run of any length is the steady-state share from its
// first request.
//
// Each unit is first written to the end of its next GC cycle, then written the share of the
// descent its point asks for. The writes go into that unit only and overwrite logical pages it
// holds (drawn uniformly from its valid pages), so no unit's share of the logical space
// changes. Cost: at most two cycles of host writes per unit.
#include <cstdint>

#include "models/common/rng.h"
#include "models/ftl/core/ftl_core.h"

namespace ssdtlm {

// Needs FtlCore::host_sort_buffer_pages() == 0 (writes are placed at once); does nothing
// otherwise. Draws from `rng` only.
void spread_gc_phases(FtlCore& core, Rng& rng);

}  // namespace ssdtlm
