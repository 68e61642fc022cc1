#pragma once
// NandFaultModel: the physics of one die's failures (docs/reliability.md, "NAND faults and
// wear leveling"), kept apart from NandDie's timing and rules and from NandArrayState's
// contents. NandDie asks it, per operation, whether a program or erase fails and how many raw
// bit errors each ECC codeword of a page read has; the controller decides what those errors
// cost (read retry) and whether they are correctable.
//
// Randomness: one xoshiro stream per die, seeded from the run's seed and the die id, drawn in
// the die's operation order; a run is therefore reproducible bit for bit.
#include <cstdint>
#include <vector>

#include "models/common/flash_geometry.h"
#include "models/common/rng.h"
#include "models/nand/nand_reliability_config.h"

namespace ssdtlm {

struct ReadBitErrors {
  std::uint32_t worst_codeword = 0;  // most bit errors in one codeword of the read
  std::uint32_t total = 0;           // over all codewords of the read
};

class NandFaultModel {
 public:
  NandFaultModel(const NandReliabilityConfig& config, const FlashGeometry& geometry, DieId die);

  bool factory_bad(std::uint32_t plane, std::uint32_t block) const {
    return !bad_.empty() && bad_[index(plane, block)] != 0;
  }
  // Program/erase cycles of a block that has been erased `erase_count` times in this run.
  std::uint32_t pe_cycles(std::uint32_t erase_count) const { return config_.initial_pe_cycles + erase_count; }
  // RBER(pe, t) of the model (see NandReliabilityConfig), for `age_hours` of retention.
  double rber(std::uint32_t pe_cycles, double age_hours) const;

  bool program_fails(std::uint32_t erase_count);
  bool erase_fails(std::uint32_t erase_count);
  // A page of the block was programmed at `now_ps`: the first one after an erase starts the
  // block's retention clock.
  void on_program(std::uint32_t plane, std::uint32_t block, std::uint32_t page, std::uint64_t now_ps);
  // Bit errors of reading `bytes` of a page of the block at `now_ps`, at read-retry step
  // `retry_step` (0 = the normal read).
  ReadBitErrors draw_read_errors(std::uint32_t plane, std::uint32_t block, std::uint32_t erase_count,
                                 std::uint64_t now_ps, std::uint32_t bytes, std::uint32_t retry_step);

  // Poisson(lambda) by inversion; lambda above 16 is split into equal parts whose draws are
  // summed (a sum of independent Poisson variables is Poisson), so exp(-lambda) never
  // underflows and the result is exact, not a normal approximation.
  static std::uint32_t poisson(Rng& rng, double lambda);

 private:
  std::size_t index(std::uint32_t plane, std::uint32_t block) const {
    return std::size_t(plane) * blocks_per_plane_ + block;
  }
  bool draw(double probability);

  NandReliabilityConfig config_;
  std::uint32_t blocks_per_plane_;
  Rng rng_;
  std::vector<std::uint8_t> bad_;               // per block of the die; empty: none bad
  std::vector<std::uint64_t> first_program_ps_; // per block, bit errors only
};

}  // namespace ssdtlm
