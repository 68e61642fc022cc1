// [Weiss et al. 2015] Fig. 2 in miniature, untimed: 32 writers with 4-block writes on a small store; each
// writer fills its 32-chunk region, then overwrites random chunks of it, so live data settles
// at half the capacity while the log keeps filling. The host owns the bandwidth below 50%
// utilization; above it the rate limiter gives the GC a growing share, the GC keeps up in the
// steady state (segments reclaimed ~ allocated) and the host never stalls or panics; every
// block reads back what was last written.
#include <gtest/gtest.h>

#include <cstdio>
#include <optional>
#include <vector>

#include "models/common/rng.h"
#include "models/ftl/multi_reference/gc_round_driver.h"

namespace ssdtlm::multi_reference {
namespace {

TEST(MultiReferenceGcRoundDriver, GcRampsUpAboveHalfUtilizationAndKeepsUpWithTheHost) {
  MultiReferenceStoreConfig config;
  config.segments = 128;
  config.segment_blocks = 64;
  config.scanner.validity_threshold = 0.8;
  MultiReferenceStore store(config);

  const int writers = 32;
  const std::uint64_t chunk = 4;
  const std::uint64_t chunks_per_writer = 32;  // 32 * 32 * 4 blocks live = half of 8192
  const Lba region = Lba{1} << 30;  // each writer's logical region
  std::vector<std::uint64_t> written_chunks(writers, 0);
  std::vector<std::optional<std::uint64_t>> oracle;  // by writer * 4096 + chunk index * 4 + i
  oracle.resize(writers * 4096);
  Rng rng(7);
  std::uint64_t next_tag = 1;
  int writer = 0;
  auto next_write = [&]() {
    writer = (writer + 1) % writers;
    std::uint64_t& n = written_chunks[writer];
    const std::uint64_t index = n == chunks_per_writer ? rng.below(n) : n++;
    return HostWrite{Lba(writer) * region + index * chunk, chunk};
  };
  auto write = [&](const HostWrite& w) {
    std::vector<std::uint64_t> tags;
    const std::uint64_t base = (w.lba / region) * 4096 + (w.lba % region);
    for (std::uint64_t i = 0; i < w.blocks; ++i) {
      tags.push_back(next_tag);
      oracle[base + i] = next_tag++;
    }
    store.write(w.lba, tags);
  };
  GcRoundDriver driver(store, 64, next_write, write);

  std::vector<RoundSample> samples;
  std::uint64_t host_blocks = 0;
  const std::uint64_t capacity = std::uint64_t{config.segments} * config.segment_blocks;
  while (host_blocks < capacity * 4) {
    samples.push_back(driver.run_round());
    host_blocks += samples.back().host_blocks;
    ASSERT_LT(samples.size(), 20000u) << "the host made no progress";
  }
  std::uint64_t stalls = 0, panics = 0, allocated = 0, reclaimed = 0, moved = 0;
  double max_gc_share = 0.0;
  bool gc_below_half = false;
  for (std::size_t r = 0; r < samples.size(); ++r) {
    const RoundSample& s = samples[r];
    stalls += s.host_stalled;
    panics += s.share.panic;
    if (s.utilization < 0.5 && (s.share.gc > 0.0 || s.host_blocks != 64)) gc_below_half = true;
    max_gc_share = std::max(max_gc_share, s.share.gc);
    if (r >= samples.size() * 3 / 4) {  // the steady state
      allocated += s.segments_allocated;
      reclaimed += s.segments_reclaimed;
      moved += s.gc_blocks;
    }
  }
  std::printf("[ mjolnir ] %zu rounds, final utilization %.2f, max GC share %.2f, last quarter: %llu segments "
              "allocated, %llu reclaimed, %llu blocks moved, %llu stalls, %llu panic rounds\n",
              samples.size(), store.utilization(), max_gc_share, static_cast<unsigned long long>(allocated),
              static_cast<unsigned long long>(reclaimed), static_cast<unsigned long long>(moved),
              static_cast<unsigned long long>(stalls), static_cast<unsigned long long>(panics));
  EXPECT_FALSE(gc_below_half);
  EXPECT_GT(max_gc_share, 0.0);
  EXPECT_GT(moved, 0u);
  EXPECT_EQ(stalls, 0u);
  EXPECT_EQ(panics, 0u);
  // GC keeps pace: reclamation within 10% of allocation.
  EXPECT_GE(reclaimed * 10, allocated * 9);
  EXPECT_LE(reclaimed * 10, allocated * 11);
  for (int w = 0; w < writers; ++w) {
    for (std::uint64_t b = 0; b < written_chunks[w] * chunk; ++b) {
      ASSERT_EQ(store.read(Lba(w) * region + b), oracle[w * 4096 + b]) << "writer " << w << " block " << b;
    }
  }
}

}  // namespace
}  // namespace ssdtlm::multi_reference
