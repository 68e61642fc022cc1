#include "models/controller/fifo_scheduling.h"

namespace ssdtlm {

std::size_t FifoScheduling::pick(const DieQueue& /*queue*/) const { return 0; }

}  // namespace ssdtlm
