#pragma once
// What the controller makes of the raw bit errors a die reports for a page read (NAND fault
// model, docs/reliability.md): the worst ECC codeword decides. Up to the read-retry threshold
// the ECC corrects in one pass; above it the page is read again with shifted read voltages
// (another page command + tR + data out through the die queue and channel bus, so contention
// applies), up to the configured number of steps; whatever is still above the ECC's
// correction limit after that is uncorrectable.
#include <cstdint>

#include "models/nand/nand_reliability_config.h"

namespace ssdtlm {

enum class ReadOutcome : std::uint8_t { Clean, Corrected, Retry, Uncorrectable };

inline ReadOutcome classify_read(const NandReliabilityConfig& config, std::uint32_t worst_codeword_errors,
                                 std::uint32_t retry_step) {
  if (worst_codeword_errors == 0) return ReadOutcome::Clean;
  if (worst_codeword_errors > config.read_retry_threshold_bits && retry_step < config.read_retry_max_steps) {
    return ReadOutcome::Retry;
  }
  if (worst_codeword_errors > config.ecc_correctable_bits) return ReadOutcome::Uncorrectable;
  return ReadOutcome::Corrected;
}

// Controller-wide counts of the fault model's read outcomes and failed operations.
struct ReliabilityCounters {
  std::uint64_t read_retry_steps = 0;     // re-reads issued
  std::uint64_t reads_retried = 0;        // page reads that needed at least one retry step
  std::uint64_t corrected_reads = 0;      // page reads with bit errors the ECC corrected
  std::uint64_t corrected_bits = 0;
  std::uint64_t uncorrectable_reads = 0;
  std::uint64_t program_failures = 0;
  std::uint64_t erase_failures = 0;
};

}  // namespace ssdtlm
