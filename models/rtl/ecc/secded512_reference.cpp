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

namespace {

// Per byte value: the XOR of the indices (0..7) of its set bits, and its parity.
struct ByteTables {
  std::uint8_t bit_index_xor[256];
  std::uint8_t parity[256];
  ByteTables() {
    for (int value = 0; value < 256; ++value) {
      bit_index_xor[value] = 0;
      parity[value] = 0;
      for (int bit = 0; bit < 8; ++bit) {
        if ((value >> bit) & 1) {
          bit_index_xor[value] ^= static_cast<std::uint8_t>(bit);
          parity[value] ^= 1;
        }
      }
    }
  }
};
const ByteTables kByteTables;

}  // namespace

std::uint32_t secded512_encode(const std::uint8_t* sector) {
  // Straight from the definition, a byte at a time (the RTL works on 64-bit words with
  // column masks, so the two are computed differently):
  //   odd  = XOR of the addresses (byte * 8 + bit) of all set bits
  //   even = XOR of the complemented addresses = odd ^ (0xfff if the number of set bits is odd)
  std::uint32_t odd = 0, parity = 0;
  for (std::uint32_t byte = 0; byte < kSecdedSectorBytes; ++byte) {
    const std::uint8_t value = sector[byte];
    if (value == 0) continue;
    const std::uint32_t byte_parity = kByteTables.parity[value];
    odd ^= kByteTables.bit_index_xor[value] ^ (byte_parity ? byte << 3 : 0u);
    parity ^= byte_parity;
  }
  const std::uint32_t even = parity ? (~odd & 0xfffu) : odd;
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
