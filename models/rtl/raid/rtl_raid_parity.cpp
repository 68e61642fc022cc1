#include "models/rtl/raid/rtl_raid_parity.h"

#include <stdexcept>

#include "Vraid_parity_engine.h"
#include "models/rtl/common/rtl_harness.h"

namespace ssdtlm {

struct RtlRaidParity::Impl {
  Impl(const std::string& instance, std::uint64_t period_ps) : harness(instance, period_ps) {}
  RtlHarness<Vraid_parity_engine> harness;
};

RtlRaidParity::RtlRaidParity(const std::string& instance, std::uint64_t clock_period_ps)
    : impl_(std::make_unique<Impl>(instance, clock_period_ps)) {}

RtlRaidParity::~RtlRaidParity() = default;

void RtlRaidParity::start_at(std::uint64_t ps) { impl_->harness.start_at(ps); }
std::uint64_t RtlRaidParity::clock_period_ps() const { return impl_->harness.period_ps(); }

std::uint64_t RtlRaidParity::compute(const std::vector<ParityUnit>& units, std::size_t unit_words,
                                     std::uint64_t* p, std::uint64_t* q) {
  if (units.empty() || units.size() > kMaxUnits || unit_words == 0 || unit_words > kMaxUnitWords) {
    throw std::invalid_argument("raid_parity_engine: 1..255 units of 1..512 words");
  }
  auto& harness = impl_->harness;
  auto& rtl = harness.model();
  const std::uint64_t first_cycle = harness.cycles();
  const std::uint64_t limit = 4 * (units.size() + 1) * unit_words + 16;

  rtl.units = static_cast<std::uint8_t>(units.size());
  rtl.unit_words = static_cast<std::uint16_t>(unit_words);
  rtl.in_valid = 0;
  rtl.out_ready = 0;
  rtl.start = 1;
  harness.tick();
  rtl.start = 0;

  std::size_t unit = 0, word = 0, out_word = 0;
  while (!rtl.done) {
    if (harness.cycles() - first_cycle > limit) throw std::runtime_error("raid_parity_engine: no done");
    const bool offering = unit < units.size();
    rtl.in_valid = offering;
    if (offering) {
      rtl.in_data = units[unit].words[word];
      rtl.in_index = units[unit].index;
    }
    rtl.out_ready = 1;
    harness.settle();
    const bool accepted = offering && rtl.in_ready;
    const bool delivered = rtl.out_valid && out_word < unit_words;
    if (delivered) {
      p[out_word] = rtl.out_p;
      q[out_word] = rtl.out_q;
    }
    harness.tick();
    if (accepted && ++word == unit_words) {
      word = 0;
      ++unit;
    }
    if (delivered) ++out_word;
  }
  rtl.in_valid = 0;
  rtl.out_ready = 0;
  if (out_word != unit_words) throw std::runtime_error("raid_parity_engine: done before all of P and Q");
  return harness.cycles() - first_cycle;
}

}  // namespace ssdtlm
