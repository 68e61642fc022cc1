#include "models/rtl/ecc/secded512_reference.h"

namespace ssdtlm {

const char* to_string(SecdedStatus status) {
  switch (status) {
    case SecdedStatus::Clean: return "clean";
    case SecdedStatus::CorrectedData: return "corrected data bit";
    case SecdedStatus::CorrectedCheck: return "corrected check bit";
    case SecdedStatus::Uncorrectable: return "uncorrectable";
  }
  return "?";
}

std::uint32_t secded512_encode(const std::uint8_t* sector) {
  // Written bit by bit, the way the code is defined, rather than the way the RTL computes it
  // (a word at a time), so that the two are independent.
  std::uint32_t odd = 0, even = 0;
  for (std::uint32_t byte = 0; byte < kSecdedSectorBytes; ++byte) {
    for (std::uint32_t bit = 0; bit < 8; ++bit) {
      if (((sector[byte] >> bit) & 1u) == 0) continue;
      const std::uint32_t address = byte * 8 + bit;
      odd ^= address;
      even ^= ~address & 0xfffu;
    }
  }
  std::uint32_t ecc = 0;
  for (int k = 0; k < 12; ++k) {
    ecc |= ((even >> k) & 1u) << (2 * k);
    ecc |= ((odd >> k) & 1u) << (2 * k + 1);
  }
  return ecc;
}

SecdedDecodeResult secded512_decode(std::uint8_t* sector, std::uint32_t stored) {
  SecdedDecodeResult result;
  result.computed = secded512_encode(sector);
  const std::uint32_t syndrome = (result.computed ^ stored) & 0xffffffu;
  if (syndrome == 0) return result;
  bool one_per_pair = true;
  std::uint32_t address = 0;
  for (int k = 0; k < 12; ++k) {
    const std::uint32_t pair = (syndrome >> (2 * k)) & 3u;
    if (pair == 0 || pair == 3) one_per_pair = false;
    address |= ((pair >> 1) & 1u) << k;
  }
  if (one_per_pair) {
    result.status = SecdedStatus::CorrectedData;
    result.error_address = address;
    sector[address / 8] ^= static_cast<std::uint8_t>(1u << (address % 8));
  } else if ((syndrome & (syndrome - 1)) == 0) {
    result.status = SecdedStatus::CorrectedCheck;
  } else {
    result.status = SecdedStatus::Uncorrectable;
  }
  return result;
}

}  // namespace ssdtlm
