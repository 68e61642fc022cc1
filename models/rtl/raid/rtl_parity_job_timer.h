#pragma once
// raid.parity_engine = rtl: each parity job runs the Verilated P/Q block (RtlRaidParity) once
// per stripe row the job computes, one 64-bit word per unit (data mode's content tag stands
// for the block), checks the block's P (and Q on RAID-6) against the parity the controller's
// own math produced, and takes cycles x rtl.clock_period_ns + rtl.transactor_overhead_ns.
// A mismatch is an SC_REPORT_ERROR: the RTL and the controller disagree on the parity.
#include <cstdint>
#include <vector>

#include "models/raid/parity_engine.h"
#include "models/rtl/raid/rtl_raid_parity.h"

namespace ssdtlm {

class RtlParityJobTimer : public ParityJobTimer {
 public:
  explicit RtlParityJobTimer(const ParityEngineConfig& config);
  std::uint64_t job_ps(std::uint64_t xor_bytes, std::uint64_t rs_bytes, const std::vector<ParityRow>& rows) override;
  std::uint64_t rtl_cycles() const override { return cycles_; }

 private:
  RtlRaidParity block_;
  std::uint64_t clock_period_ps_;
  std::uint64_t transactor_overhead_ps_;
  std::size_t block_words_;  // 64-bit words per unit of a row (one array block)
  std::uint64_t cycles_ = 0;
  std::vector<ParityUnit> units_;             // reused per chunk
  std::vector<std::uint64_t> unit_words_;     // the expanded blocks of one chunk, unit-major
  std::vector<std::uint64_t> p_out_, q_out_;  // the RTL's P and Q of one chunk
};

}  // namespace ssdtlm
