#include "models/raid/parity_math.h"

#include "models/raid/gf256.h"

namespace ssdtlm {

std::uint64_t xor_parity(const std::vector<std::uint64_t>& data) {
  std::uint64_t p = 0;
  for (const std::uint64_t d : data) p ^= d;
  return p;
}

std::uint64_t q_delta(std::uint32_t k, std::uint64_t delta) { return gf256::mul_word(gf256::pow_g(k), delta); }

std::uint64_t q_parity(const std::vector<std::uint64_t>& data) {
  std::uint64_t q = 0;
  for (std::uint32_t k = 0; k < data.size(); ++k) q ^= q_delta(k, data[k]);
  return q;
}

bool recover(StripeRow& row) {
  std::vector<std::uint32_t> lost;
  for (std::uint32_t k = 0; k < row.data.size(); ++k) {
    if (row.data_lost[k]) lost.push_back(k);
  }
  const std::uint32_t parity_available = (row.p_lost ? 0 : 1) + (row.has_q && !row.q_lost ? 1 : 0);
  if (lost.size() > parity_available) return false;

  // Syndromes of the surviving data: what P and Q would be with the lost units zero.
  std::uint64_t p_partial = 0, q_partial = 0;
  for (std::uint32_t k = 0; k < row.data.size(); ++k) {
    if (row.data_lost[k]) continue;
    p_partial ^= row.data[k];
    q_partial ^= q_delta(k, row.data[k]);
  }
  if (lost.size() == 1) {
    const std::uint32_t x = lost[0];
    if (!row.p_lost) {
      row.data[x] = row.p ^ p_partial;
    } else {
      // Q = Q_partial ^ g^x D_x  =>  D_x = (Q ^ Q_partial) * g^-x
      row.data[x] = gf256::mul_word(gf256::inverse(gf256::pow_g(x)), row.q ^ q_partial);
    }
  } else if (lost.size() == 2) {
    // Anvin, section 4: with Pxy = P ^ P_partial = Dx ^ Dy and Qxy = Q ^ Q_partial =
    // g^x Dx ^ g^y Dy:  Dx = A Pxy ^ B Qxy, A = g^(y-x) / (g^(y-x) ^ 1), B = g^-x / (g^(y-x) ^ 1).
    const std::uint32_t x = lost[0], y = lost[1];
    const std::uint64_t pxy = row.p ^ p_partial;
    const std::uint64_t qxy = row.q ^ q_partial;
    const std::uint8_t gyx = gf256::pow_g(y - x);
    const std::uint8_t denominator = gf256::inverse(static_cast<std::uint8_t>(gyx ^ 1));
    const std::uint8_t a = gf256::mul(gyx, denominator);
    const std::uint8_t b = gf256::mul(gf256::inverse(gf256::pow_g(x)), denominator);
    row.data[x] = gf256::mul_word(a, pxy) ^ gf256::mul_word(b, qxy);
    row.data[y] = pxy ^ row.data[x];
  }
  for (std::uint32_t k : lost) row.data_lost[k] = false;
  if (row.p_lost) {
    row.p = xor_parity(row.data);
    row.p_lost = false;
  }
  if (row.has_q && row.q_lost) {
    row.q = q_parity(row.data);
    row.q_lost = false;
  }
  return true;
}

}  // namespace ssdtlm
