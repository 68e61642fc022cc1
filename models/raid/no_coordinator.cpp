// `none`: members collect on their own only (the uncoordinated baseline of [Kim et al. 2011]).
#include "models/raid/gc_coordinator.h"

namespace ssdtlm {
namespace {

class NoCoordinator final : public GcCoordinator {
 public:
  const char* name() const override { return "none"; }
};

}  // namespace

std::unique_ptr<GcCoordinator> make_no_coordinator(const GcCoordinationConfig&, GcCoordinationContext&) {
  return std::make_unique<NoCoordinator>();
}

}  // namespace ssdtlm
