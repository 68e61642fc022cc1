// The Hamming SEC-DED block (models/rtl/ecc/ecc_secded512.v) against its C++ reference model:
// identical check bits on random sectors, every single-bit error corrected, every double-bit
// error detected, and the cycle count the timing relies on.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <random>
#include <vector>

#include "models/rtl/ecc/rtl_secded_codec.h"
#include "models/rtl/ecc/secded512_reference.h"

namespace ssdtlm {
namespace {

using Sector = std::array<std::uint8_t, kSecdedSectorBytes>;

Sector random_sector(std::mt19937_64& rng) {
  Sector sector;
  for (auto& byte : sector) byte = static_cast<std::uint8_t>(rng());
  return sector;
}

void flip(Sector& sector, std::uint32_t address) {
  sector[address / 8] ^= static_cast<std::uint8_t>(1u << (address % 8));
}

// 1 start cycle, 64 words of 64 bits, 1 syndrome cycle.
constexpr std::uint64_t kCyclesPerSector = 66;

TEST(EccSecdedRtl, CheckBitsEqualTheReferenceOnRandomSectors) {
  RtlSecdedCodec codec("ecc_random", 2500);
  std::mt19937_64 rng(11);
  std::vector<Sector> sectors;
  sectors.push_back(Sector{});  // all zeros
  Sector ones;
  ones.fill(0xff);
  sectors.push_back(ones);
  for (int i = 0; i < 300; ++i) sectors.push_back(random_sector(rng));
  for (const Sector& sector : sectors) {
    const auto result = codec.encode(sector.data());
    ASSERT_EQ(result.ecc, secded512_encode(sector.data()));
    EXPECT_EQ(result.cycles, kCyclesPerSector);
  }
  EXPECT_EQ(secded512_encode(sectors[0].data()), 0u);
  EXPECT_EQ(codec.total_cycles(), sectors.size() * kCyclesPerSector);
}

TEST(EccSecdedRtl, CleanSectorsDecodeClean) {
  RtlSecdedCodec codec("ecc_clean", 2500);
  std::mt19937_64 rng(12);
  for (int i = 0; i < 50; ++i) {
    Sector sector = random_sector(rng);
    const Sector original = sector;
    const auto result = codec.decode(sector.data(), secded512_encode(sector.data()));
    EXPECT_EQ(result.status, SecdedStatus::Clean);
    EXPECT_EQ(result.cycles, kCyclesPerSector);
    EXPECT_EQ(sector, original);
  }
}

TEST(EccSecdedRtl, CorrectsEverySingleDataBitError) {
  RtlSecdedCodec codec("ecc_single", 2500);
  std::mt19937_64 rng(13);
  const Sector original = random_sector(rng);
  const std::uint32_t stored = secded512_encode(original.data());
  for (std::uint32_t address = 0; address < kSecdedSectorBytes * 8; ++address) {
    Sector rtl = original;
    flip(rtl, address);
    Sector reference = rtl;
    const auto result = codec.decode(rtl.data(), stored);
    const auto expected = secded512_decode(reference.data(), stored);
    ASSERT_EQ(result.status, SecdedStatus::CorrectedData) << "bit " << address;
    ASSERT_EQ(result.error_address, address);
    ASSERT_EQ(rtl, original) << "bit " << address << " not corrected";
    ASSERT_EQ(expected.status, SecdedStatus::CorrectedData);
    ASSERT_EQ(expected.error_address, address);
    ASSERT_EQ(reference, original);
  }
}

TEST(EccSecdedRtl, ASingleCheckBitErrorLeavesTheDataAlone) {
  RtlSecdedCodec codec("ecc_check_bit", 2500);
  std::mt19937_64 rng(14);
  const Sector original = random_sector(rng);
  const std::uint32_t stored = secded512_encode(original.data());
  for (int bit = 0; bit < 24; ++bit) {
    Sector sector = original;
    const auto result = codec.decode(sector.data(), stored ^ (1u << bit));
    EXPECT_EQ(result.status, SecdedStatus::CorrectedCheck) << "check bit " << bit;
    EXPECT_EQ(sector, original);
    Sector reference = original;
    EXPECT_EQ(secded512_decode(reference.data(), stored ^ (1u << bit)).status, SecdedStatus::CorrectedCheck);
  }
}

TEST(EccSecdedRtl, DetectsDoubleBitErrors) {
  RtlSecdedCodec codec("ecc_double", 2500);
  std::mt19937_64 rng(15);
  constexpr std::uint32_t kDataBits = kSecdedSectorBytes * 8;
  // Positions 0..4095 are data bits, 4096..4119 check bits: pairs of both kinds and mixed.
  for (int i = 0; i < 3000; ++i) {
    const Sector original = random_sector(rng);
    const std::uint32_t first = static_cast<std::uint32_t>(rng() % (kDataBits + 24));
    std::uint32_t second = static_cast<std::uint32_t>(rng() % (kDataBits + 23));
    if (second >= first) ++second;
    Sector sector = original;
    std::uint32_t stored = secded512_encode(original.data());
    for (std::uint32_t position : {first, second}) {
      if (position < kDataBits) {
        flip(sector, position);
      } else {
        stored ^= 1u << (position - kDataBits);
      }
    }
    Sector reference = sector;
    const Sector received = sector;
    const auto result = codec.decode(sector.data(), stored);
    ASSERT_EQ(result.status, SecdedStatus::Uncorrectable) << "bits " << first << ", " << second;
    ASSERT_EQ(sector, received) << "an uncorrectable sector must not be modified";
    ASSERT_EQ(secded512_decode(reference.data(), stored).status, SecdedStatus::Uncorrectable);
  }
}

TEST(EccSecdedRtl, AdjacentDoubleBitErrorsInOneByteAreDetected) {
  RtlSecdedCodec codec("ecc_adjacent", 2500);
  std::mt19937_64 rng(16);
  const Sector original = random_sector(rng);
  const std::uint32_t stored = secded512_encode(original.data());
  for (std::uint32_t address = 0; address + 1 < kSecdedSectorBytes * 8; address += 7) {
    Sector sector = original;
    flip(sector, address);
    flip(sector, address + 1);
    EXPECT_EQ(codec.decode(sector.data(), stored).status, SecdedStatus::Uncorrectable) << address;
  }
}

}  // namespace
}  // namespace ssdtlm
