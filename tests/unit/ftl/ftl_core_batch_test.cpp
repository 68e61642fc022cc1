// FtlCore::write_host_functional_batch() against write_host_functional() one write at a time:
// the batch (its register-held loop for one unit with one host frontier, its generic loop
// otherwise) must leave exactly the same core. Two cores get the same writes, one each way, and
// every map entry, reverse-map entry, block count, erase count, counter and pool size is
// compared.
#include <gtest/gtest.h>

#include <ostream>
#include <string>
#include <vector>

#include "models/common/rng.h"
#include "models/ftl/core/ftl_core.h"

namespace ssdtlm {
namespace {

struct BatchCase {
  std::string name;
  std::string policy;
  std::string frontier;
  std::uint32_t pages_per_block;
  std::uint32_t blocks_per_plane;
  std::uint32_t dies;
  std::uint32_t planes;
  std::uint32_t low_watermark;
  std::uint32_t high_watermark;
  std::uint32_t victims_per_cycle;
  bool keep_offsets;
  bool static_wear_leveling;
};

void PrintTo(const BatchCase& c, std::ostream* out) { *out << c.name; }

FtlCoreConfig config_for(const BatchCase& c) {
  FtlCoreConfig config;
  config.geometry.channels = c.dies;
  config.geometry.dies_per_channel = 1;
  config.geometry.planes_per_die = c.planes;
  config.geometry.blocks_per_plane = c.blocks_per_plane;
  config.geometry.pages_per_block = c.pages_per_block;
  config.spare_factor = 0.15;
  config.victim_policy = c.policy;
  config.frontier_layout = c.frontier;
  config.gc_low_watermark_blocks = c.low_watermark;
  config.gc_high_watermark_blocks = c.high_watermark;
  config.gc_victims_per_cycle = c.victims_per_cycle;
  config.in_place_keeps_page_offsets = c.keep_offsets;
  config.static_wear_leveling = c.static_wear_leveling;
  config.static_wear_leveling_threshold = 4;
  return config;
}

void expect_same_core(const FtlCore& a, const FtlCore& b, const std::string& when) {
  ASSERT_EQ(a.check_consistency(), "") << when;
  ASSERT_EQ(b.check_consistency(), "") << when;
  for (Lpn lpn = 0; lpn < a.logical_pages(); ++lpn) ASSERT_EQ(a.lookup(lpn), b.lookup(lpn)) << when << ", lpn " << lpn;
  const FlashGeometry& g = a.geometry();
  for (Ppn ppn = 0; ppn < g.total_pages(); ++ppn) ASSERT_EQ(a.lpn_of(ppn), b.lpn_of(ppn)) << when << ", ppn " << ppn;
  for (BlockId block = 0; block < g.total_blocks(); ++block) {
    ASSERT_EQ(a.valid_pages(block), b.valid_pages(block)) << when << ", block " << block;
    ASSERT_EQ(a.erase_count(block), b.erase_count(block)) << when << ", block " << block;
    ASSERT_EQ(a.blocks().state(block), b.blocks().state(block)) << when << ", block " << block;
    ASSERT_EQ(a.blocks().data_stamp(block), b.blocks().data_stamp(block)) << when << ", block " << block;
  }
  for (UnitId unit = 0; unit < a.units(); ++unit) ASSERT_EQ(a.free_blocks(unit), b.free_blocks(unit)) << when;
  const FtlCounters& ca = a.counters();
  const FtlCounters& cb = b.counters();
  EXPECT_EQ(ca.host_page_writes, cb.host_page_writes) << when;
  EXPECT_EQ(ca.gc_page_writes, cb.gc_page_writes) << when;
  EXPECT_EQ(ca.erases, cb.erases) << when;
  EXPECT_EQ(ca.gc_invocations, cb.gc_invocations) << when;
  EXPECT_EQ(ca.victim_valid_pages, cb.victim_valid_pages) << when;
  EXPECT_EQ(ca.wear_leveling_migrations, cb.wear_leveling_migrations) << when;
  EXPECT_EQ(a.host_write_clock(), b.host_write_clock()) << when;
}

class FtlCoreBatch : public ::testing::TestWithParam<BatchCase> {};

TEST_P(FtlCoreBatch, MatchesOneWriteAtATime) {
  const BatchCase& c = GetParam();
  FtlCore single(config_for(c));
  FtlCore batched(config_for(c));
  const std::uint64_t logical = single.logical_pages();
  for (Lpn lpn = 0; lpn < logical; ++lpn) {
    single.write_host_functional(lpn);
    batched.write_host_functional(lpn);
  }
  // Uniform writes with a hot tenth of the space taking half of them, so that the same page
  // recurs within the prefetch distance and old copies sit in the open frontier block.
  Rng rng(7);
  std::vector<Lpn> writes(6 * logical);
  for (Lpn& lpn : writes) {
    lpn = static_cast<Lpn>(rng.below(2) == 0 ? rng.below(logical / 10 + 1) : rng.below(logical));
  }
  for (const Lpn lpn : writes) single.write_host_functional(lpn);
  // Batches of varied length, with lookahead from none to well past the prefetch distances.
  Rng sizes(11);
  std::size_t done = 0;
  while (done < writes.size()) {
    const std::size_t count = std::min<std::size_t>(writes.size() - done, 1 + sizes.below(300));
    const std::size_t available = std::min<std::size_t>(writes.size() - done, count + sizes.below(40));
    batched.write_host_functional_batch(writes.data() + done, count, available);
    done += count;
  }
  expect_same_core(single, batched, c.name);
  EXPECT_GT(single.counters().gc_invocations, 0u) << "the case must exercise GC";
}

INSTANTIATE_TEST_SUITE_P(
    PoliciesAndLayouts, FtlCoreBatch,
    ::testing::Values(
        // One unit, one host frontier: the register-held loop.
        BatchCase{"greedy_in_place_offsets", "greedy", "single", 64, 64, 1, 1, 0, 0, 1, true, false},
        BatchCase{"greedy_in_place_compacting", "greedy", "single", 64, 64, 1, 1, 0, 0, 1, false, false},
        BatchCase{"greedy_odd_pages", "greedy", "single", 48, 80, 1, 1, 0, 0, 1, true, false},
        BatchCase{"greedy_two_word_bitmap", "greedy", "single", 96, 40, 1, 1, 0, 0, 1, true, false},
        BatchCase{"fifo", "fifo", "single", 32, 64, 1, 1, 0, 0, 1, true, false},
        BatchCase{"random", "random", "single", 32, 64, 1, 1, 0, 0, 1, true, false},
        BatchCase{"windowed", "windowed", "single", 32, 64, 1, 1, 0, 0, 1, true, false},
        BatchCase{"d_choices", "d-choices", "single", 32, 64, 1, 1, 0, 0, 1, true, false},
        BatchCase{"cost_benefit_double", "cost-benefit", "double", 32, 64, 1, 1, 0, 0, 1, true, false},
        BatchCase{"greedy_watermarks", "greedy", "single", 32, 64, 1, 1, 4, 6, 3, true, false},
        BatchCase{"greedy_static_wear_leveling", "greedy", "single", 32, 64, 1, 1, 2, 3, 1, true, true},
        // The generic loop: several host frontiers, heat tracking, several units.
        BatchCase{"greedy_hot_cold", "greedy", "hot-cold", 32, 64, 1, 1, 0, 0, 1, true, false},
        BatchCase{"mdc", "mdc", "single", 32, 64, 1, 1, 0, 0, 1, true, false},
        BatchCase{"greedy_four_units_watermarks", "greedy", "single", 32, 32, 2, 2, 3, 4, 1, false, false}),
    [](const ::testing::TestParamInfo<BatchCase>& info) { return info.param.name; });

}  // namespace
}  // namespace ssdtlm
