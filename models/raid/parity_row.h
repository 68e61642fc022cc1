#pragma once
// One stripe row's parity computation as the parity engine performs it in data mode: the input
// units (a 64-bit content tag per unit, standing for the block's bytes) with their Q
// coefficient indices, and the parity the controller's own math (parity_math.h) produced. An
// engine's output P' and Q' must satisfy expected_p = base_p ^ P' and expected_q = base_q ^ Q':
// a read-modify-write feeds only the old and new data of the touched units, and the engine's
// delta is XORed into the old parity (base); every other job has base 0.
#include <cstdint>
#include <vector>

namespace ssdtlm {

struct ParityRow {
  std::vector<std::uint64_t> words;
  std::vector<std::uint8_t> indices;  // same size as words: unit j's Q coefficient is g^j
  bool has_q = false;                 // RAID-6: Q is checked too
  std::uint64_t base_p = 0;
  std::uint64_t base_q = 0;
  std::uint64_t expected_p = 0;
  std::uint64_t expected_q = 0;

  void add(std::uint64_t word, std::uint32_t index) {
    words.push_back(word);
    indices.push_back(static_cast<std::uint8_t>(index));
  }
};

}  // namespace ssdtlm
