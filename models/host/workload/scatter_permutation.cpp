#include "models/host/workload/scatter_permutation.h"

#include "models/common/rng.h"

namespace ssdtlm {

ScatterPermutation::ScatterPermutation(std::uint64_t count, std::uint64_t key) : count_(count) {
  if (count_ <= 1) return;
  unsigned bits = 0;
  while (bits < 64 && ((count_ - 1) >> bits) != 0) ++bits;
  mask_ = bits == 64 ? ~0ull : (1ull << bits) - 1;
  // Half the width mixes high bits into low ones; at least 1 so tiny spaces still move.
  shift_ = bits / 2 + 1;
  Rng constants(key);
  for (Round& round : rounds_) {
    round.odd_multiplier = constants.next_u64() | 1;
    round.addend = constants.next_u64();
  }
}

}  // namespace ssdtlm
