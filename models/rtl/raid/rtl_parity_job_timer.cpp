#include "models/rtl/raid/rtl_parity_job_timer.h"

#include <algorithm>
#include <sstream>

#include <systemc>

namespace ssdtlm {
namespace {

// Word `i` of the block a content tag stands for: the tag with its bytes rotated by i mod 8.
// A byte rotation permutes the byte lanes, and both P (XOR) and Q (the same GF(2^8)
// coefficient on every lane of a unit) act lane by lane, so the parity of the expanded blocks
// is the expanded parity of the tags: the controller's tag parity still checks every word.
std::uint64_t block_word(std::uint64_t tag, std::size_t i) {
  const unsigned bits = 8u * static_cast<unsigned>(i % 8);
  return bits == 0 ? tag : (tag << bits) | (tag >> (64u - bits));
}

}  // namespace

RtlParityJobTimer::RtlParityJobTimer(const ParityEngineConfig& config)
    : block_("raid_parity", config.rtl_clock_period_ps),
      clock_period_ps_(config.rtl_clock_period_ps),
      transactor_overhead_ps_(config.rtl_transactor_overhead_ps),
      block_words_(std::max<std::size_t>(1, config.block_bytes / 8)) {}

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
    const std::size_t units = row.words.size();
    const std::uint64_t want_p = row.expected_p ^ row.base_p;
    const std::uint64_t want_q = row.expected_q ^ row.base_q;
    // The RTL takes units of at most kMaxUnitWords words: a larger block streams in chunks.
    for (std::size_t first = 0; first < block_words_; first += RtlRaidParity::kMaxUnitWords) {
      const std::size_t words = std::min(RtlRaidParity::kMaxUnitWords, block_words_ - first);
      unit_words_.resize(units * words);
      p_out_.resize(words);
      q_out_.resize(words);
      units_.clear();
      for (std::size_t u = 0; u < units; ++u) {
        std::uint64_t* unit = unit_words_.data() + u * words;
        for (std::size_t w = 0; w < words; ++w) unit[w] = block_word(row.words[u], first + w);
        units_.push_back(ParityUnit{unit, row.indices[u]});
      }
      cycles += block_.compute(units_, words, p_out_.data(), q_out_.data());
      for (std::size_t w = 0; w < words; ++w) {
        const bool p_ok = p_out_[w] == block_word(want_p, first + w);
        const bool q_ok = !row.has_q || q_out_[w] == block_word(want_q, first + w);
        if (p_ok && q_ok) continue;
        std::ostringstream message;
        message << std::hex << "RTL parity differs from the controller's at block word " << std::dec << first + w
                << std::hex << ": P " << p_out_[w] << " vs " << block_word(want_p, first + w);
        if (row.has_q) message << ", Q " << q_out_[w] << " vs " << block_word(want_q, first + w);
        SC_REPORT_ERROR("ssdtlm/raid-rtl-parity", message.str().c_str());
        break;
      }
    }
  }
  cycles_ += cycles;
  return cycles * clock_period_ps_ + transactor_overhead_ps_;
}

}  // namespace ssdtlm
