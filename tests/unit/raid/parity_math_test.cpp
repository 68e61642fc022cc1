// GF(2^8) arithmetic and the P/Q parity algebra the data mode runs on.
#include <gtest/gtest.h>

#include <set>

#include "models/common/rng.h"
#include "models/raid/gf256.h"
#include "models/raid/parity_math.h"

namespace ssdtlm {
namespace {

TEST(Gf256, FieldLaws) {
  for (int a = 1; a < 256; ++a) {
    const auto x = static_cast<std::uint8_t>(a);
    EXPECT_EQ(gf256::mul(x, gf256::inverse(x)), 1) << a;
    EXPECT_EQ(gf256::mul(x, 1), x);
    EXPECT_EQ(gf256::mul(x, 0), 0);
  }
  // g = 2 generates all 255 non-zero elements; 0x11d reduction: 0x80 * 2 = 0x1d.
  EXPECT_EQ(gf256::mul(0x80, 2), 0x1d);
  std::set<int> seen;
  for (std::uint32_t i = 0; i < 255; ++i) seen.insert(gf256::pow_g(i));
  EXPECT_EQ(seen.size(), 255u);
  // Distributive over XOR, lane by lane in a word.
  EXPECT_EQ(gf256::mul_word(7, 0x0102030405060708ull ^ 0x1111111111111111ull),
            gf256::mul_word(7, 0x0102030405060708ull) ^ gf256::mul_word(7, 0x1111111111111111ull));
}

StripeRow random_row(Rng& rng, std::uint32_t data_units, bool has_q) {
  StripeRow row;
  for (std::uint32_t k = 0; k < data_units; ++k) row.data.push_back(rng.next_u64());
  row.data_lost.assign(data_units, false);
  row.p = xor_parity(row.data);
  row.has_q = has_q;
  if (has_q) row.q = q_parity(row.data);
  return row;
}

TEST(ParityMath, RecoversAnySingleLossFromP) {
  Rng rng(3);
  for (int trial = 0; trial < 50; ++trial) {
    StripeRow row = random_row(rng, 6, false);
    const auto original = row.data;
    const auto lost = static_cast<std::uint32_t>(rng.below(6));
    row.data[lost] = 0;
    row.data_lost[lost] = true;
    ASSERT_TRUE(recover(row));
    EXPECT_EQ(row.data, original);
  }
}

TEST(ParityMath, RecoversEveryPairOfLossesWithPAndQ) {
  Rng rng(5);
  const std::uint32_t n = 7;
  for (std::uint32_t x = 0; x < n; ++x) {
    for (std::uint32_t y = x + 1; y < n; ++y) {
      StripeRow row = random_row(rng, n, true);
      const auto original = row.data;
      row.data[x] = row.data[y] = 0;
      row.data_lost[x] = row.data_lost[y] = true;
      ASSERT_TRUE(recover(row));
      EXPECT_EQ(row.data, original) << x << "," << y;
    }
  }
}

TEST(ParityMath, RecoversDataPlusPFromQAndRejectsTooManyLosses) {
  Rng rng(7);
  StripeRow row = random_row(rng, 5, true);
  const auto original = row.data;
  const std::uint64_t p = row.p;
  row.data[3] = 0;
  row.data_lost[3] = true;
  row.p_lost = true;
  ASSERT_TRUE(recover(row));
  EXPECT_EQ(row.data, original);
  EXPECT_EQ(row.p, p);

  StripeRow raid5 = random_row(rng, 4, false);
  raid5.data_lost[0] = raid5.data_lost[1] = true;
  EXPECT_FALSE(recover(raid5));
}

TEST(ParityMath, ReadModifyWriteDeltaEqualsRecomputation) {
  Rng rng(11);
  StripeRow row = random_row(rng, 5, true);
  const std::uint64_t updated = rng.next_u64();
  const std::uint64_t delta = row.data[2] ^ updated;
  const std::uint64_t p = row.p ^ delta;
  const std::uint64_t q = row.q ^ q_delta(2, delta);
  row.data[2] = updated;
  EXPECT_EQ(p, xor_parity(row.data));
  EXPECT_EQ(q, q_parity(row.data));
}

}  // namespace
}  // namespace ssdtlm
