// The RAID parity engine RTL (models/rtl/raid/raid_parity_engine.v) against its C++ reference:
// P and Q agree on random stripe rows of several widths and unit sizes, the field is the RAID-6
// one, a RAID-5 row rebuilds a lost unit from P, and the cycle count is what the timing uses.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "models/rtl/raid/raid_parity_reference.h"
#include "models/rtl/raid/rtl_raid_parity.h"

namespace ssdtlm {
namespace {

using Unit = std::vector<std::uint64_t>;

std::vector<Unit> random_units(std::mt19937_64& rng, std::size_t count, std::size_t words) {
  std::vector<Unit> units(count, Unit(words));
  for (Unit& unit : units) {
    for (auto& word : unit) word = rng();
  }
  return units;
}

std::vector<ParityUnit> row_of(const std::vector<Unit>& units) {
  std::vector<ParityUnit> row;
  for (std::size_t j = 0; j < units.size(); ++j) row.push_back({units[j].data(), static_cast<std::uint8_t>(j)});
  return row;
}

TEST(RaidParityRtl, FieldIsTheRaid6One) {
  // 0x11d: 2^8 = 0x1d, and g = 2 has order 255.
  EXPECT_EQ(gf256_pow2_reference(8), 0x1d);
  EXPECT_EQ(gf256_pow2_reference(255), 1);
  for (std::uint32_t i = 1; i < 255; ++i) ASSERT_NE(gf256_pow2_reference(i), 1) << i;
  // Checked with log/exp tables of g = 2 (in AES's 0x11b field the same product is 0x01).
  EXPECT_EQ(gf256_mul_reference(0x53, 0xca), 0x8f);
}

TEST(RaidParityRtl, PAndQAgreeWithTheReferenceOnRandomRows) {
  RtlRaidParity engine("raid_parity_random", 2500);
  std::mt19937_64 rng(31);
  struct Shape {
    std::size_t units, words;
  };
  for (const Shape shape : {Shape{1, 1}, Shape{2, 7}, Shape{3, 512}, Shape{5, 64}, Shape{8, 512}, Shape{15, 33}}) {
    for (int repeat = 0; repeat < 3; ++repeat) {
      const std::vector<Unit> units = random_units(rng, shape.units, shape.words);
      Unit p(shape.words), q(shape.words), p_ref(shape.words), q_ref(shape.words);
      const std::uint64_t cycles = engine.compute(row_of(units), shape.words, p.data(), q.data());
      raid_pq_reference(row_of(units), shape.words, p_ref.data(), q_ref.data());
      ASSERT_EQ(p, p_ref) << shape.units << " units of " << shape.words << " words";
      ASSERT_EQ(q, q_ref) << shape.units << " units of " << shape.words << " words";
      EXPECT_EQ(cycles, 1 + shape.units * shape.words + shape.words);
    }
  }
}

TEST(RaidParityRtl, UnitIndicesChooseTheQCoefficients) {
  // A subset of a row with its own indices, as a RAID-6 reconstruction feeds it.
  RtlRaidParity engine("raid_parity_indices", 2500);
  std::mt19937_64 rng(32);
  const std::vector<Unit> units = random_units(rng, 4, 16);
  std::vector<ParityUnit> subset = {{units[0].data(), 7}, {units[1].data(), 200}, {units[2].data(), 254}};
  Unit p(16), q(16), p_ref(16), q_ref(16);
  engine.compute(subset, 16, p.data(), q.data());
  raid_pq_reference(subset, 16, p_ref.data(), q_ref.data());
  EXPECT_EQ(p, p_ref);
  EXPECT_EQ(q, q_ref);
  // One unit with index 0: Q is the data itself.
  engine.compute({{units[3].data(), 0}}, 16, p.data(), q.data());
  EXPECT_EQ(q, units[3]);
  EXPECT_EQ(p, units[3]);
}

TEST(RaidParityRtl, Raid5RowRebuildsALostUnitFromP) {
  RtlRaidParity engine("raid_parity_rebuild", 2500);
  std::mt19937_64 rng(33);
  constexpr std::size_t kWords = 512;
  const std::vector<Unit> units = random_units(rng, 4, kWords);
  Unit p(kWords), q(kWords);
  engine.compute(row_of(units), kWords, p.data(), q.data());
  // Lose unit 2: P of the survivors and the parity is the lost unit.
  const std::vector<ParityUnit> survivors = {{units[0].data(), 0}, {units[1].data(), 1}, {units[3].data(), 3}, {p.data(), 0}};
  Unit rebuilt(kWords), ignored(kWords);
  engine.compute(survivors, kWords, rebuilt.data(), ignored.data());
  EXPECT_EQ(rebuilt, units[2]);
}

TEST(RaidParityRtl, RejectsRowsTheRtlCannotTake) {
  RtlRaidParity engine("raid_parity_limits", 2500);
  Unit unit(513), p(513), q(513);
  EXPECT_THROW(engine.compute({{unit.data(), 0}}, 513, p.data(), q.data()), std::invalid_argument);
  EXPECT_THROW(engine.compute({}, 4, p.data(), q.data()), std::invalid_argument);
}

}  // namespace
}  // namespace ssdtlm
