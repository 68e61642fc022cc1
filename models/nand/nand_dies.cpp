#include "models/nand/nand_dies.h"

#include <memory>

namespace ssdtlm {

NandDies::NandDies(sc_core::sc_module_name name, const FlashGeometry& geometry, const NandTiming& timing,
                   bool data_mode, const NandReliabilityConfig& reliability)
    : sc_core::sc_module(name), dies_("die") {
  dies_.init(geometry.dies(), [&](const char* die_name, std::size_t index) {
    return new NandDie(die_name, DieId(index), geometry, timing, data_mode);
  });
  if (!reliability.enabled()) return;
  for (DieId id = 0; id < geometry.dies(); ++id) {
    dies_[id].set_fault_model(std::make_unique<NandFaultModel>(reliability, geometry, id));
  }
}

}  // namespace ssdtlm
