#pragma once
// Preconditioning at scale: instead of mirroring each of the billions of page programs and
// erases the FTL core decides on into the dies (SsdPlatform's DieMirror: a virtual call, five
// divisions and a rule check per program, half the preconditioning's time), the core runs alone
// and the dies' array state is set once at the end from the core's block table.
//
// Why the result is the same. Without data mode a die's array state is, per block, a write
// pointer (pages programmed since the last erase) and an erase count (nand_array_state.h). The
// mirror programs every page the core programs, in order, and erases every block the core
// erases, starting from a fresh die and a fresh core; so after it each block's write pointer is
// the core's FtlCore::programmed_pages() and its erase count the core's erase count.
// tests/unit/platform/precondition_materialize_test.cpp compares both ways block by block.
//
// Not used (the mirror stays) in data mode (each page's tag is its contents), with power-loss
// recording (it keeps per-page metadata), for a core that has run before preconditioning, and
// for the functional engine's in-place layout (programs out of page order).
#include "models/nand/nand_dies.h"
#include "models/ftl/core/ftl_core.h"

namespace ssdtlm {

// True when `core` is fresh (nothing written, erased or trimmed yet) and programs pages in
// order, i.e. when materialize_die_state() after preconditioning equals mirroring it.
bool die_state_materializable(const FtlCore& core);

// Sets every die's per-block write pointer and erase count from the core (zero time, not
// counted as flash operations). The dies must be as fresh as the core was (all zero).
void materialize_die_state(const FtlCore& core, NandDies& dies);

}  // namespace ssdtlm
