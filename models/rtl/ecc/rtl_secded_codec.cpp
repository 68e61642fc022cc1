#include "models/rtl/ecc/rtl_secded_codec.h"

#include <stdexcept>

#include "Vecc_secded512.h"
#include "models/rtl/common/rtl_harness.h"

namespace ssdtlm {

namespace {
constexpr std::size_t kWordBytes = 8;  // ecc_secded512 is built with W = 64
constexpr std::size_t kWords = kSecdedSectorBytes / kWordBytes;
constexpr std::uint64_t kCycleLimit = 4 * kWords + 16;
}  // namespace

struct RtlSecdedCodec::Impl {
  Impl(const std::string& instance, std::uint64_t period_ps) : harness(instance, period_ps) {}
  RtlHarness<Vecc_secded512> harness;
};

RtlSecdedCodec::RtlSecdedCodec(const std::string& instance, std::uint64_t clock_period_ps)
    : impl_(std::make_unique<Impl>(instance, clock_period_ps)) {}

RtlSecdedCodec::~RtlSecdedCodec() = default;

void RtlSecdedCodec::start_at(std::uint64_t ps) { impl_->harness.start_at(ps); }
std::uint64_t RtlSecdedCodec::clock_period_ps() const { return impl_->harness.period_ps(); }
std::uint64_t RtlSecdedCodec::total_cycles() const { return impl_->harness.cycles(); }

RtlSecdedCodec::SectorResult RtlSecdedCodec::encode(const std::uint8_t* sector) {
  return run(const_cast<std::uint8_t*>(sector), false, 0);  // encode never writes the sector
}

RtlSecdedCodec::SectorResult RtlSecdedCodec::decode(std::uint8_t* sector, std::uint32_t stored) {
  return run(sector, true, stored);
}

RtlSecdedCodec::SectorResult RtlSecdedCodec::run(std::uint8_t* sector, bool decode,
                                                 std::uint32_t stored) {
  auto& harness = impl_->harness;
  auto& rtl = harness.model();
  const std::uint64_t first_cycle = harness.cycles();

  rtl.decode = decode;
  rtl.ecc_in = stored & 0xffffffu;
  rtl.in_valid = 0;
  rtl.start = 1;
  harness.tick();
  rtl.start = 0;

  std::size_t word = 0;
  while (!rtl.done) {
    if (harness.cycles() - first_cycle > kCycleLimit) {
      throw std::runtime_error("ecc_secded512: no done after " + std::to_string(kCycleLimit) + " cycles");
    }
    const bool offering = word < kWords;
    rtl.in_valid = offering;
    if (offering) {
      std::uint64_t data = 0;  // byte 0 of the word in bits 7:0
      for (std::size_t i = 0; i < kWordBytes; ++i) {
        data |= std::uint64_t(sector[word * kWordBytes + i]) << (8 * i);
      }
      rtl.in_data = data;
    }
    harness.settle();
    const bool accepted = offering && rtl.in_ready;
    harness.tick();
    if (accepted) ++word;
  }
  rtl.in_valid = 0;

  SectorResult result;
  result.ecc = rtl.ecc_out;
  result.status = static_cast<SecdedStatus>(rtl.status);
  result.error_address = rtl.err_addr;
  result.cycles = harness.cycles() - first_cycle;
  if (decode && result.status == SecdedStatus::CorrectedData) {
    sector[result.error_address / 8] ^= static_cast<std::uint8_t>(1u << (result.error_address % 8));
  }
  return result;
}

}  // namespace ssdtlm
