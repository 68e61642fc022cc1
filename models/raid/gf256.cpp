#include "models/raid/gf256.h"

#include <array>

namespace ssdtlm::gf256 {
namespace {

struct Tables {
  std::array<std::uint8_t, 512> exp{};  // doubled so exp[log a + log b] needs no modulo
  std::array<std::uint8_t, 256> log{};
  Tables() {
    std::uint32_t x = 1;
    for (std::uint32_t i = 0; i < 255; ++i) {
      exp[i] = static_cast<std::uint8_t>(x);
      log[x] = static_cast<std::uint8_t>(i);
      x <<= 1;
      if (x & 0x100) x ^= 0x11d;
    }
    for (std::uint32_t i = 255; i < 512; ++i) exp[i] = exp[i - 255];
  }
};

const Tables& tables() {
  static const Tables t;
  return t;
}

}  // namespace

std::uint8_t mul(std::uint8_t a, std::uint8_t b) {
  if (a == 0 || b == 0) return 0;
  const Tables& t = tables();
  return t.exp[t.log[a] + t.log[b]];
}

std::uint8_t inverse(std::uint8_t a) {
  const Tables& t = tables();
  return t.exp[255 - t.log[a]];
}

std::uint8_t pow_g(std::uint32_t exponent) { return tables().exp[exponent % 255]; }

std::uint64_t mul_word(std::uint8_t coefficient, std::uint64_t word) {
  std::uint64_t out = 0;
  for (int lane = 0; lane < 8; ++lane) {
    const auto symbol = static_cast<std::uint8_t>(word >> (8 * lane));
    out |= std::uint64_t(mul(coefficient, symbol)) << (8 * lane);
  }
  return out;
}

}  // namespace ssdtlm::gf256
