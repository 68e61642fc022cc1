#include "models/rtl/raid/raid_parity_reference.h"

namespace ssdtlm {

std::uint8_t gf256_mul_reference(std::uint8_t a, std::uint8_t b) {
  std::uint8_t product = 0;
  while (b != 0) {
    if (b & 1u) product ^= a;
    a = static_cast<std::uint8_t>((a << 1) ^ ((a & 0x80u) ? 0x1du : 0u));
    b >>= 1;
  }
  return product;
}

std::uint8_t gf256_pow2_reference(std::uint32_t exponent) {
  std::uint8_t value = 1;
  for (std::uint32_t i = 0; i < exponent % 255; ++i) value = gf256_mul_reference(value, 2);
  return value;
}

void raid_pq_reference(const std::vector<ParityUnit>& units, std::size_t unit_words,
                       std::uint64_t* p, std::uint64_t* q) {
  for (std::size_t w = 0; w < unit_words; ++w) {
    std::uint64_t p_word = 0, q_word = 0;
    for (const ParityUnit& unit : units) {
      const std::uint64_t data = unit.words[w];
      const std::uint8_t coefficient = gf256_pow2_reference(unit.index);
      p_word ^= data;
      for (int lane = 0; lane < 8; ++lane) {
        const auto symbol = static_cast<std::uint8_t>(data >> (8 * lane));
        q_word ^= std::uint64_t(gf256_mul_reference(symbol, coefficient)) << (8 * lane);
      }
    }
    p[w] = p_word;
    q[w] = q_word;
  }
}

}  // namespace ssdtlm
