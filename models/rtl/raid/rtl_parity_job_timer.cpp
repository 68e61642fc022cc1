#include "models/rtl/raid/rtl_parity_job_timer.h"

#include <sstream>

#include <systemc>

#include "models/rtl/rtl_blocks.h"

namespace ssdtlm {

RtlParityJobTimer::RtlParityJobTimer(const ParityEngineConfig& config)
    : block_("raid_parity", config.rtl_clock_period_ps),
      clock_period_ps_(config.rtl_clock_period_ps),
      transactor_overhead_ps_(config.rtl_transactor_overhead_ps) {}

std::uint64_t RtlParityJobTimer::job_ps(std::uint64_t xor_bytes, std::uint64_t rs_bytes,
                                        const std::vector<ParityRow>& rows) {
  if (rows.empty()) {
    // The RTL needs the job's data: only data mode provides it (resolve_raid_config enforces
    // it), so a job without rows is a controller bug, not a timing question.
    std::ostringstream message;
    message << "rtl parity job of " << xor_bytes << " XOR / " << rs_bytes << " RS bytes has no rows to compute";
    SC_REPORT_ERROR("ssdtlm/raid-rtl-parity", message.str().c_str());
    return transactor_overhead_ps_;
  }
  std::uint64_t cycles = 0;
  for (const ParityRow& row : rows) {
    units_.clear();
    for (std::size_t u = 0; u < row.words.size(); ++u) units_.push_back(ParityUnit{&row.words[u], row.indices[u]});
    std::uint64_t p = 0, q = 0;
    cycles += block_.compute(units_, 1, &p, &q);
    const bool p_ok = (row.base_p ^ p) == row.expected_p;
    const bool q_ok = !row.has_q || (row.base_q ^ q) == row.expected_q;
    if (!p_ok || !q_ok) {
      std::ostringstream message;
      message << std::hex << "RTL parity differs from the controller's: P " << (row.base_p ^ p) << " vs "
              << row.expected_p;
      if (row.has_q) message << ", Q " << (row.base_q ^ q) << " vs " << row.expected_q;
      SC_REPORT_ERROR("ssdtlm/raid-rtl-parity", message.str().c_str());
    }
  }
  cycles_ += cycles;
  return cycles * clock_period_ps_ + transactor_overhead_ps_;
}

std::unique_ptr<ParityJobTimer> make_rtl_parity_job_timer(const ParityEngineConfig& config) {
  return std::make_unique<RtlParityJobTimer>(config);
}

}  // namespace ssdtlm
