#pragma once
// C++ reference model of raid_parity_engine.v: P and Q of a stripe row over GF(2^8) with the
// polynomial 0x11d and generator 2 (the Linux RAID-6 field). Written independently of the
// RTL (and of models/raid's table-driven arithmetic): a shift-and-add multiply per symbol.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace ssdtlm {

std::uint8_t gf256_mul_reference(std::uint8_t a, std::uint8_t b);
std::uint8_t gf256_pow2_reference(std::uint32_t exponent);  // g^exponent, g = 2

struct ParityUnit {
  const std::uint64_t* words = nullptr;  // unit_words words, byte 0 in bits 7:0
  std::uint8_t index = 0;                // j: the unit's Q coefficient is g^j
};

// p[w] = XOR of the units' words, q[w] = XOR of g^j × word, each byte lane a GF(2^8) symbol.
void raid_pq_reference(const std::vector<ParityUnit>& units, std::size_t unit_words,
                       std::uint64_t* p, std::uint64_t* q);

}  // namespace ssdtlm
