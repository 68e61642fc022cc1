// single: one write frontier per unit for host and GC writes ([Van Houdt 2013] sec 2.1). When it is
// full and no free block is left, GC picks a victim, buffers its j valid pages, erases it and
// writes them back first; the remaining b - j pages take host writes.
#include "models/ftl/core/frontier_layout.h"

namespace ssdtlm {
namespace {

class SingleFrontier final : public FrontierLayout {
 public:
  const char* name() const override { return "single"; }
  std::uint32_t host_frontiers() const override { return 1; }
  bool separate_gc_frontier() const override { return false; }
};

}  // namespace

std::unique_ptr<FrontierLayout> make_single_frontier(PolicyParams&) {
  return std::make_unique<SingleFrontier>();
}

}  // namespace ssdtlm
