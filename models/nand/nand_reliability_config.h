#pragma once
// Resolved parameters of the NAND fault model (nand.reliability.*; docs/reliability.md,
// "NAND faults and wear leveling"). Every fault is off by default, and with all of them off no
// fault model is built at all, so runs stay bit-identical to a model without one.
#include <cstdint>
#include <vector>

#include "models/common/flash_geometry.h"

namespace ssdtlm {

struct NandReliabilityConfig {
  // Factory bad blocks: each block is bad with this probability (seeded draw), plus the blocks
  // listed (global block ids). The FTL never allocates them; the die rejects any access.
  double factory_bad_block_rate = 0.0;
  std::vector<BlockId> factory_bad_block_list;

  // Program / erase failure probability per operation: p(pe) = p + p_per_pe_cycle * pe, where
  // pe is the block's program/erase cycles (initial_pe_cycles + erases so far), capped at 1.
  double program_fail_probability = 0.0;
  double program_fail_probability_per_pe_cycle = 0.0;
  double erase_fail_probability = 0.0;
  double erase_fail_probability_per_pe_cycle = 0.0;

  // Raw bit error rate of a page read (bit errors per bit):
  //   RBER(pe, t) = rber_base + rber_wear * (pe / 1000)^rber_wear_exponent
  //                 + rber_retention_per_hour * t_hours * (1 + pe / 1000)
  // t_hours: simulated time since the block was first programmed after its last erase, plus
  // retention_offset_hours (the age the data is assumed to have when the run starts). The
  // (1 + pe/1000) factor makes worn cells leak charge faster. Capped at 0.5.
  double rber_base = 0.0;
  double rber_wear = 0.0;
  double rber_wear_exponent = 1.0;
  double rber_retention_per_hour = 0.0;
  double retention_offset_hours = 0.0;
  std::uint32_t initial_pe_cycles = 0;  // wear every block has before the run (aged device)

  // ECC and read retry (applied by the controller to the die's bit error counts).
  std::uint32_t ecc_codeword_bytes = 1024;  // errors are drawn per codeword
  std::uint32_t ecc_correctable_bits = 40;  // per codeword; more is uncorrectable
  // A read whose worst codeword has more than read_retry_threshold_bits errors is read again
  // with shifted read voltages (one retry step: page command + tR + data out through the
  // controller), up to read_retry_max_steps times; step s sees RBER * rber_factor^s.
  std::uint32_t read_retry_threshold_bits = 40;
  std::uint32_t read_retry_max_steps = 0;
  double read_retry_rber_factor = 0.5;

  std::uint64_t seed = 1;

  bool bit_errors_enabled() const {
    return rber_base > 0.0 || rber_wear > 0.0 || rber_retention_per_hour > 0.0;
  }
  bool failures_enabled() const {
    return program_fail_probability > 0.0 || program_fail_probability_per_pe_cycle > 0.0 ||
           erase_fail_probability > 0.0 || erase_fail_probability_per_pe_cycle > 0.0;
  }
  bool bad_blocks_enabled() const { return factory_bad_block_rate > 0.0 || !factory_bad_block_list.empty(); }
  bool enabled() const { return bit_errors_enabled() || failures_enabled() || bad_blocks_enabled(); }
};

// The factory bad blocks of a device: the seeded rate draw (one uniform per block, in block
// order) united with the explicit list; sorted, no duplicates. Same config + seed = same list.
std::vector<BlockId> factory_bad_blocks(const NandReliabilityConfig& config, const FlashGeometry& geometry);

}  // namespace ssdtlm
