#pragma once
// Arithmetic in GF(2^8) with the polynomial x^8+x^4+x^3+x^2+1 (0x11d) and generator g = 2,
// the field of the Linux RAID-6 Q syndrome (H. P. Anvin, "The mathematics of RAID-6"), so the
// Q parity here is the Q a real array computes.
#include <cstdint>

namespace ssdtlm::gf256 {

std::uint8_t mul(std::uint8_t a, std::uint8_t b);
std::uint8_t inverse(std::uint8_t a);  // a != 0
std::uint8_t pow_g(std::uint32_t exponent);  // g^exponent

// Multiplies each of the 8 bytes of `word` by `coefficient` (8 independent symbols).
std::uint64_t mul_word(std::uint8_t coefficient, std::uint64_t word);

}  // namespace ssdtlm::gf256
