#include "models/raid/raid_io_plan.h"

namespace ssdtlm {

const char* to_string(StripeMode mode) {
  switch (mode) {
    case StripeMode::Read: return "read";
    case StripeMode::ReadDegraded: return "read_degraded";
    case StripeMode::WriteDirect: return "write_direct";
    case StripeMode::WriteFullRow: return "write_full_row";
    case StripeMode::WriteRmw: return "write_rmw";
    case StripeMode::WriteRcw: return "write_rcw";
    case StripeMode::WriteDegraded: return "write_degraded";
    case StripeMode::Rebuild: return "rebuild";
  }
  return "?";
}

}  // namespace ssdtlm
