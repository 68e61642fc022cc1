// double: the WFE takes host ("external") writes, the WFI GC ("internal") writes ([Van Houdt 2013]
// sec 2.1, after Van Houdt 2013). When the WFE is full, GC selects a victim with j valid
// pages: if the WFI has j erased pages they are copied there and the erased victim becomes the
// new WFE; otherwise the WFI is filled, the rest is written back into the erased victim, which
// becomes the new WFI, and GC runs again for the WFE. (FtlCore implements these steps for
// every layout with a GC frontier of its own.)
#include "models/ftl/core/frontier_layout.h"

namespace ssdtlm {
namespace {

class DoubleFrontier final : public FrontierLayout {
 public:
  const char* name() const override { return "double"; }
  std::uint32_t host_frontiers() const override { return 1; }
  bool separate_gc_frontier() const override { return true; }
};

}  // namespace

std::unique_ptr<FrontierLayout> make_double_frontier(PolicyParams&) {
  return std::make_unique<DoubleFrontier>();
}

}  // namespace ssdtlm
