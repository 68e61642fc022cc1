#pragma once
// NandDies: the built-in dies of one flash device (one NandDie per die of the geometry, each
// with its fault model when the reliability configuration enables one). The platform creates
// them and binds each die's target socket to the controller's die socket of the same id, or
// hands the die to a user's target that wraps or replaces it (platforms/die_wiring.h).
// Preconditioning, the die state materializer and the statistics reach the dies through here.
#include <cstddef>

#include <systemc>

#include "models/common/flash_geometry.h"
#include "models/nand/nand_die.h"
#include "models/nand/nand_reliability_config.h"
#include "models/nand/nand_timing.h"

namespace ssdtlm {

class NandDies : public sc_core::sc_module {
 public:
  NandDies(sc_core::sc_module_name name, const FlashGeometry& geometry, const NandTiming& timing, bool data_mode,
           const NandReliabilityConfig& reliability = {});

  NandDie& operator[](DieId id) { return dies_[id]; }
  const NandDie& operator[](DieId id) const { return dies_[id]; }
  std::size_t size() const { return dies_.size(); }

 private:
  sc_core::sc_vector<NandDie> dies_;
};

}  // namespace ssdtlm
