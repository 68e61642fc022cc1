#pragma once
// The functional path's host-write loop with prefetching, shared by the functional engine
// (`ssdtlm wa`) and preconditioning (platforms/preconditioning.cpp).
#include <cstdint>

#include "models/ftl/core/ftl_core.h"
#include "models/ftl/functional/write_stream.h"

namespace ssdtlm {

// Performs the next `count` writes of `stream` with FtlCore::write_host_functional(), in order.
// Pulls exactly `count` page numbers from the stream.
void replay_writes(FtlCore& core, WriteStream& stream, std::uint64_t count);

}  // namespace ssdtlm
