#pragma once
// The content arithmetic of data mode. A page's content is modelled by a 64-bit tag; the
// parity of a stripe row is computed on those tags as eight independent GF(2^8) symbols:
//   P = D_0 ^ D_1 ^ ... ^ D_{n-1}
//   Q = g^0 D_0 ^ g^1 D_1 ^ ... ^ g^{n-1} D_{n-1}
// so reconstruction exercises the same algebra (including the two-erasure RAID-6 solve) as
// an array does on real bytes.
#include <cstdint>
#include <vector>

namespace ssdtlm {

std::uint64_t xor_parity(const std::vector<std::uint64_t>& data);
std::uint64_t q_parity(const std::vector<std::uint64_t>& data);
// Change of Q when data index k changes by `delta` (old ^ new): g^k * delta.
std::uint64_t q_delta(std::uint32_t k, std::uint64_t delta);

// One stripe row with up to two lost units; recover() fills them in.
struct StripeRow {
  std::vector<std::uint64_t> data;
  std::vector<bool> data_lost;  // same size as data
  std::uint64_t p = 0;
  std::uint64_t q = 0;
  bool has_q = false;  // RAID-6
  bool p_lost = false;
  bool q_lost = false;
};

// Solves for every lost unit from the surviving ones. Returns false when more units are lost
// than the row's parity can recover (more than 1 for RAID-5, more than 2 for RAID-6).
bool recover(StripeRow& row);

}  // namespace ssdtlm
