#pragma once
// A fixed bijection of [0, count) that scatters neighbours: Zipf ranks 0, 1, 2 (the hottest
// items) land far apart instead of on adjacent pages, which would hand a page-striping FTL an
// unrealistically friendly hot set. O(1) memory and time (no table of `count` entries), so it
// serves logical spaces of billions of pages.
#include <cstdint>

namespace ssdtlm {

class ScatterPermutation {
 public:
  // `key` picks the permutation; the same key and count always give the same mapping.
  ScatterPermutation(std::uint64_t count, std::uint64_t key);

  std::uint64_t operator()(std::uint64_t index) const {
    if (count_ <= 1) return 0;
    // Cycle walking: mix() permutes [0, 2^bits) with 2^bits < 2 * count, so on average fewer
    // than two steps land back inside [0, count), and the restriction is still a bijection.
    std::uint64_t value = mix(index);
    while (value >= count_) value = mix(value);
    return value;
  }

 private:
  // Every step is invertible modulo 2^bits: odd multiply, add, xor with own high bits.
  std::uint64_t mix(std::uint64_t value) const {
    for (const Round& round : rounds_) {
      value = (value * round.odd_multiplier + round.addend) & mask_;
      value ^= value >> shift_;
    }
    return value;
  }

  struct Round {
    std::uint64_t odd_multiplier;
    std::uint64_t addend;
  };
  std::uint64_t count_;
  std::uint64_t mask_ = 0;
  unsigned shift_ = 1;
  Round rounds_[3] = {};
};

}  // namespace ssdtlm
