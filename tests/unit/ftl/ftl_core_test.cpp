// FtlCore mechanics: mapping, frontiers (single / double / hot-cold, [Van Houdt 2013] sec 2.1 exactly),
// in-place GC, watermarks and cycles, TRIM, the step API against the functional path, and the
// configuration errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <tuple>

#include "models/common/config/config_error.h"
#include "models/common/rng.h"
#include "models/ftl/core/ftl_core.h"

namespace ssdtlm {
namespace {

FtlCoreConfig small_config(std::uint32_t blocks, std::uint32_t pages, double spare, const std::string& policy = "greedy",
                           const std::string& frontier = "single") {
  FtlCoreConfig config;
  config.geometry.blocks_per_plane = blocks;
  config.geometry.pages_per_block = pages;
  config.spare_factor = spare;
  config.victim_policy = policy;
  config.frontier_layout = frontier;
  return config;
}

void fill_sequentially(FtlCore& core) {
  for (Lpn lpn = 0; lpn < core.logical_pages(); ++lpn) core.write_host_functional(lpn);
}

std::multiset<Lpn> lpns_in_block(const FtlCore& core, BlockId block) {
  std::multiset<Lpn> lpns;
  const std::uint32_t pages = core.geometry().pages_per_block;
  for (std::uint32_t page = 0; page < pages; ++page) {
    const Lpn lpn = core.lpn_of(block * pages + page);
    if (lpn != kInvalidLpn) lpns.insert(lpn);
  }
  return lpns;
}

TEST(FtlCore, MapsWritesAndKeepsOneValidCopy) {
  FtlCore core(small_config(8, 4, 0.25));
  EXPECT_EQ(core.logical_pages(), 24u);
  EXPECT_EQ(core.lookup(3), kInvalidPpn);
  const Ppn first = core.write_host(3, 0);
  EXPECT_EQ(core.lookup(3), first);
  EXPECT_TRUE(core.is_valid(first));
  const Ppn second = core.write_host(3, 0);
  EXPECT_NE(first, second);
  EXPECT_FALSE(core.is_valid(first));
  EXPECT_EQ(core.lpn_of(second), 3u);
  EXPECT_EQ(core.lpn_of(first), kInvalidLpn);
  EXPECT_EQ(core.counters().host_page_writes, 2u);
  EXPECT_EQ(core.check_consistency(), "");
}

TEST(FtlCore, TrimInvalidatesWithoutWriting) {
  FtlCore core(small_config(8, 4, 0.25));
  const Ppn ppn = core.write_host(5, 0);
  core.trim(5);
  EXPECT_EQ(core.lookup(5), kInvalidPpn);
  EXPECT_FALSE(core.is_valid(ppn));
  EXPECT_EQ(core.valid_pages(core.geometry().block_of_page(ppn)), 0u);
  EXPECT_EQ(core.counters().trims, 1u);
  EXPECT_EQ(core.counters().host_page_writes, 1u);
  EXPECT_EQ(core.check_consistency(), "");
}

// [Van Houdt 2013] sec 2.1, single write frontier: when the frontier is full and no free block is left,
// the victim's j valid pages are written back to its first pages and the next b - j host
// writes fill the rest.
TEST(FtlCore, SingleFrontierCollectsInPlace) {
  FtlCore core(small_config(4, 4, 0.25, "fifo"));  // 16 pages, 12 logical
  fill_sequentially(core);                          // blocks 0, 1, 2 full; block 3 open
  EXPECT_EQ(core.free_blocks(0), 0u);
  // Overwrite lpns 0 and 1 (in block 0): they go to block 3, leaving block 0 with 2 valid.
  core.write_host_functional(0);
  core.write_host_functional(1);
  core.write_host_functional(4);
  core.write_host_functional(5);  // block 3 full now, nothing free: the next write needs GC
  EXPECT_TRUE(core.gc_wanted(0));
  EXPECT_FALSE(core.can_accept_host_write(0));
  core.write_host_functional(8);  // fifo victim: block 0 (lpns 2, 3 valid)
  EXPECT_EQ(core.counters().gc_invocations, 1u);
  EXPECT_EQ(core.counters().gc_page_writes, 2u);
  EXPECT_EQ(core.counters().erases, 1u);
  EXPECT_EQ(core.erase_count(0), 1u);
  EXPECT_EQ(core.lookup(2), 0u);  // written back first
  EXPECT_EQ(core.lookup(3), 1u);
  EXPECT_EQ(core.lookup(8), 2u);  // then the host write
  EXPECT_EQ(core.check_consistency(), "");
}

// [Van Houdt 2013] sec 2.1, double write frontier, WFI with room: the victim's pages go to the WFI and
// the erased victim becomes the new WFE.
TEST(FtlCore, DoubleFrontierVictimBecomesTheNewWfe) {
  FtlCore core(small_config(6, 4, 0.5, "fifo", "double"));  // 24 pages, 12 logical
  fill_sequentially(core);  // WFE 0 filled, blocks 0, 2, 3 hold data (block 1 is the WFI)
  // Overwrite lpns 0, 1, 2 (block 0): they land in the WFE.
  for (Lpn lpn : {0u, 1u, 2u, 8u}) core.write_host_functional(lpn);
  for (Lpn lpn : {9u, 10u, 11u, 4u}) core.write_host_functional(lpn);
  EXPECT_EQ(core.free_blocks(0), 0u);
  EXPECT_TRUE(core.gc_wanted(0));
  core.write_host_functional(5);  // fifo victim: block 0 with lpn 3 valid -> WFI (block 1)
  EXPECT_EQ(core.counters().gc_page_writes, 1u);
  EXPECT_EQ(core.lookup(3), 1u * 4 + 0);  // first page of the WFI
  EXPECT_EQ(core.lookup(5), 0u * 4 + 0);  // the erased victim is the new WFE
  EXPECT_EQ(core.check_consistency(), "");
}

// Double frontier, WFI without enough room: the WFI is filled, the rest is written back into
// the erased victim, which becomes the new WFI, and GC runs again for the WFE.
TEST(FtlCore, DoubleFrontierWfiWithoutRoomReopensTheVictimAsWfi) {
  FtlCoreConfig config = small_config(6, 4, 0.5, "greedy", "double");
  FtlCore core(config);
  Rng rng(5);
  fill_sequentially(core);
  std::uint64_t reopened_as_wfi = 0;
  for (int i = 0; i < 4000; ++i) {
    const std::uint64_t gc_before = core.counters().gc_invocations;
    const std::uint64_t erases_before = core.counters().erases;
    core.write_host_functional(static_cast<Lpn>(rng.below(core.logical_pages())));
    // More than one collection for one host write means a victim became the WFI first.
    if (core.counters().gc_invocations - gc_before > 1) ++reopened_as_wfi;
    ASSERT_EQ(core.counters().gc_invocations - gc_before, core.counters().erases - erases_before);
  }
  EXPECT_GT(reopened_as_wfi, 0u);
  EXPECT_EQ(core.check_consistency(), "");
}

TEST(FtlCore, WatermarksTriggerCyclesWithHysteresis) {
  FtlCoreConfig config = small_config(64, 8, 0.25);
  config.gc_low_watermark_blocks = 4;
  config.gc_high_watermark_blocks = 8;
  FtlCore core(config);
  Rng rng(1);
  fill_sequentially(core);
  for (int i = 0; i < 20000; ++i) {
    core.write_host_functional(static_cast<Lpn>(rng.below(core.logical_pages())));
    // A write may trigger a cycle (free <= 4 when its frontier took a block); the next write
    // first collects until free > 8, so free never drops below the low watermark - 1.
    ASSERT_GE(core.free_blocks(0), 3u);
    if (core.gc_wanted(0)) {
      core.collect(0);
      while (core.gc_wanted(0)) core.collect(0);
      ASSERT_GT(core.free_blocks(0), 8u);
    }
  }
  EXPECT_GT(core.counters().gc_invocations, 0u);
  EXPECT_EQ(core.check_consistency(), "");
}

TEST(FtlCore, VictimsPerCycleAreCollectedTogether) {
  FtlCoreConfig config = small_config(128, 8, 0.25, "greedy", "double");
  config.gc_low_watermark_blocks = 4;
  config.gc_high_watermark_blocks = 4;
  config.gc_victims_per_cycle = 16;
  FtlCore core(config);
  Rng rng(2);
  fill_sequentially(core);
  std::uint64_t cycles = 0;
  for (int i = 0; i < 30000; ++i) {
    const std::uint64_t before = core.counters().gc_invocations;
    core.write_host_functional(static_cast<Lpn>(rng.below(core.logical_pages())));
    const std::uint64_t collected = core.counters().gc_invocations - before;
    if (collected > 0) {
      ++cycles;
      EXPECT_GE(collected, 16u);
    }
  }
  EXPECT_GT(cycles, 10u);
  EXPECT_EQ(core.check_consistency(), "");
}

TEST(FtlCore, HotColdFrontierSeparatesFrequentlyRewrittenPages) {
  FtlCoreConfig config = small_config(256, 16, 0.2, "greedy", "hot-cold");
  FtlCore core(config);
  Rng rng(4);
  fill_sequentially(core);
  const Lpn hot = static_cast<Lpn>(core.logical_pages() / 10);
  for (int i = 0; i < 100000; ++i) {
    const bool to_hot = rng.uniform01() < 0.9;
    const Lpn lpn = to_hot ? static_cast<Lpn>(rng.below(hot))
                           : hot + static_cast<Lpn>(rng.below(core.logical_pages() - hot));
    core.write_host_functional(lpn);
  }
  // Blocks are mostly hot or mostly cold: count blocks whose valid pages are > 90% one kind.
  int pure = 0, mixed = 0;
  for (BlockId block = 0; block < core.geometry().total_blocks(); ++block) {
    const auto lpns = lpns_in_block(core, block);
    if (lpns.size() < 4) continue;
    const auto hot_pages = std::count_if(lpns.begin(), lpns.end(), [&](Lpn l) { return l < hot; });
    const double fraction = double(hot_pages) / lpns.size();
    (fraction > 0.9 || fraction < 0.1 ? pure : mixed)++;
  }
  EXPECT_GT(pure, 4 * mixed) << "pure " << pure << " mixed " << mixed;
  EXPECT_EQ(core.check_consistency(), "");
}

// The functional engine's in-place shortcut (surviving pages stay at their offsets) must not
// change anything but page positions: same counters, same pages in the same blocks.
TEST(FtlCore, InPlaceKeepingOffsetsIsEquivalentToCompaction) {
  for (const char* frontier : {"single", "double", "hot-cold"}) {
    FtlCoreConfig config = small_config(200, 32, 0.12, "d-choices", frontier);
    config.policy_params = {{"d", "4"}, {"memory", "2"}};
    FtlCoreConfig keeping = config;
    keeping.in_place_keeps_page_offsets = true;
    FtlCore a(config), b(keeping);
    fill_sequentially(a);
    fill_sequentially(b);
    Rng rng(8);
    for (int i = 0; i < 100000; ++i) {
      const Lpn lpn = static_cast<Lpn>(rng.below(a.logical_pages()));
      a.write_host_functional(lpn);
      b.write_host_functional(lpn);
    }
    EXPECT_EQ(a.counters().gc_page_writes, b.counters().gc_page_writes) << frontier;
    EXPECT_EQ(a.counters().erases, b.counters().erases) << frontier;
    EXPECT_EQ(a.counters().victim_valid_pages, b.counters().victim_valid_pages) << frontier;
    for (BlockId block = 0; block < a.geometry().total_blocks(); ++block) {
      ASSERT_EQ(lpns_in_block(a, block), lpns_in_block(b, block)) << frontier << " block " << block;
      ASSERT_EQ(a.erase_count(block), b.erase_count(block));
    }
    EXPECT_EQ(b.check_consistency(), "") << frontier;
  }
}

// The step API (FtlCpu's) performs exactly the collections the functional path does.
TEST(FtlCore, StepApiMatchesFunctionalCollect) {
  for (const char* frontier : {"single", "double"}) {
    FtlCoreConfig config = small_config(100, 16, 0.15, "greedy", frontier);
    FtlCoreConfig timed = config;
    timed.seal_blocks_on_close = false;
    FtlCore functional(config), stepped(timed);
    auto seal_closed = [&]() {
      for (BlockId block = 0; block < stepped.geometry().total_blocks(); ++block) stepped.seal(block);
    };
    Rng rng(6);
    for (std::uint64_t i = 0; i < 60000; ++i) {
      const Lpn lpn = i < functional.logical_pages() ? static_cast<Lpn>(i)
                                                     : static_cast<Lpn>(rng.below(functional.logical_pages()));
      functional.write_host_functional(lpn);
      while (stepped.gc_wanted(0)) {
        GcPlan plan = stepped.begin_gc(0);
        ASSERT_NE(plan.victim, kInvalidBlock);
        if (plan.in_place) stepped.reopen_in_place(plan.victim);
        for (const auto& [page_lpn, source] : plan.valid_pages) {
          ASSERT_NE(stepped.relocate(page_lpn, source), kInvalidPpn);
          seal_closed();
        }
        if (!plan.in_place) stepped.finish_gc(plan.victim);
        seal_closed();
      }
      ASSERT_TRUE(stepped.can_accept_host_write(0));
      stepped.write_host(lpn, stepped.next_host_unit());
      seal_closed();
    }
    EXPECT_EQ(functional.counters().gc_page_writes, stepped.counters().gc_page_writes) << frontier;
    EXPECT_EQ(functional.counters().erases, stepped.counters().erases) << frontier;
    for (Lpn lpn = 0; lpn < functional.logical_pages(); ++lpn) {
      ASSERT_EQ(functional.lookup(lpn), stepped.lookup(lpn)) << frontier << " lpn " << lpn;
    }
    EXPECT_EQ(stepped.check_consistency(), "") << frontier;
  }
}

TEST(FtlCore, StripesHostWritesChannelFirst) {
  FtlCoreConfig config = small_config(16, 4, 0.25);
  config.geometry.channels = 2;
  config.geometry.dies_per_channel = 2;
  config.geometry.planes_per_die = 2;
  FtlCore core(config);
  EXPECT_EQ(core.units(), 8u);
  std::vector<UnitId> order;
  for (int i = 0; i < 8; ++i) order.push_back(core.next_host_unit());
  // dies 0..3 (channel-interleaved ids), plane 0 first; unit = die * planes + plane
  EXPECT_EQ(order, (std::vector<UnitId>{0, 2, 4, 6, 1, 3, 5, 7}));
  EXPECT_EQ(core.next_host_unit(), 0u);
  Rng rng(3);
  fill_sequentially(core);
  for (int i = 0; i < 20000; ++i) core.write_host_functional(static_cast<Lpn>(rng.below(core.logical_pages())));
  for (BlockId block = 0; block < core.geometry().total_blocks(); ++block) {
    EXPECT_EQ(core.unit_of_block(block), block / 16);
  }
  EXPECT_EQ(core.check_consistency(), "");
}

TEST(FtlCore, EveryPolicyAndLayoutStaysConsistent) {
  for (const char* policy : {"fifo", "greedy", "random", "windowed", "d-choices", "cost-benefit", "mdc"}) {
    for (const char* frontier : {"single", "double", "hot-cold"}) {
      FtlCoreConfig config = small_config(64, 16, 0.2, policy, frontier);
      if (std::string(policy) == "mdc") config.policy_params = {{"sort_buffer_segments", "2"}};
      FtlCore core(config);
      Rng rng(9);
      fill_sequentially(core);
      for (int i = 0; i < 30000; ++i) {
        const Lpn lpn = static_cast<Lpn>(rng.below(core.logical_pages()));
        if (i % 97 == 0) core.trim(lpn); else core.write_host_functional(lpn);
      }
      core.flush_host_sort_buffer();
      EXPECT_EQ(core.check_consistency(), "") << policy << " / " << frontier;
      EXPECT_GT(core.counters().gc_invocations, 0u) << policy << " / " << frontier;
    }
  }
}

TEST(FtlCore, MdcSortBufferStagesAndAbsorbsRewrites) {
  FtlCoreConfig config = small_config(64, 16, 0.2, "mdc");
  config.policy_params = {{"sort_buffer_segments", "2"}};
  FtlCore core(config);
  core.write_host_functional(1);
  core.write_host_functional(1);  // still in the buffer: absorbed
  EXPECT_EQ(core.staged_host_writes(), 1u);
  EXPECT_EQ(core.counters().host_page_writes, 0u);
  EXPECT_EQ(core.counters().host_writes_absorbed, 1u);
  for (Lpn lpn = 2; lpn < 33; ++lpn) core.write_host_functional(lpn);  // 32 staged: flushed
  EXPECT_EQ(core.staged_host_writes(), 0u);
  EXPECT_EQ(core.counters().host_page_writes, 32u);
  EXPECT_NE(core.lookup(1), kInvalidPpn);
  EXPECT_EQ(core.check_consistency(), "");
}

// The step API the timed FtlCpu drives: staging never programs, a batch is sorted by u_p2 and
// programmed entry by entry, and a rewrite or trim of a page of the batch before its program
// supersedes the entry (no program), the rewrite keeping the page's u_p2 history.
TEST(FtlCore, MdcSortBufferStepApi) {
  FtlCoreConfig config = small_config(64, 16, 0.2, "mdc");
  config.policy_params = {{"sort_buffer_segments", "1"}};
  FtlCore core(config);
  fill_sequentially(core);  // 819 logical pages: 51 batches of 16, 3 pages left staged
  ASSERT_EQ(core.staged_host_writes(), 3u);
  const std::uint64_t programs = core.counters().host_page_writes;
  for (Lpn lpn = 100; lpn < 113; ++lpn) core.stage_host_write(lpn);
  EXPECT_EQ(core.staged_host_writes(), 16u);  // full, but staging alone never flushes
  EXPECT_EQ(core.lookup(100), kInvalidPpn);
  EXPECT_TRUE(core.in_sort_buffer(100));
  EXPECT_EQ(core.counters().host_page_writes, programs);

  const std::uint32_t batch = core.begin_sort_buffer_flush();
  ASSERT_EQ(batch, 16u);
  EXPECT_EQ(core.staged_host_writes(), 0u);
  // Sorted by u_p2: the three first writes of the fill (oldest u_p2 of the batch) come first,
  // the rewrites of pages 100-112 (u_p2 = (0 + clock) / 2, rising with the clock) in order.
  EXPECT_EQ(core.flushing_lpn(0), 816u);
  EXPECT_EQ(core.flushing_lpn(3), 100u);
  EXPECT_EQ(core.flushing_lpn(15), 112u);
  core.stage_host_write(core.flushing_lpn(4));  // rewritten before its program: superseded
  core.trim(core.flushing_lpn(5));              // trimmed: superseded
  EXPECT_FALSE(core.flushing_current(4));
  EXPECT_FALSE(core.flushing_current(5));
  std::uint32_t written = 0;
  for (std::uint32_t index = 0; index < batch; ++index) {
    if (core.write_host_flushed(index, 0) != kInvalidPpn) ++written;
  }
  core.end_sort_buffer_flush();
  EXPECT_EQ(written, 14u);
  EXPECT_EQ(core.counters().host_page_writes, programs + 14);
  EXPECT_NE(core.lookup(100), kInvalidPpn);
  EXPECT_EQ(core.lookup(102), kInvalidPpn);        // trimmed
  EXPECT_TRUE(core.in_sort_buffer(101));            // its rewrite waits in the new batch
  EXPECT_EQ(core.staged_host_writes(), 1u);
  EXPECT_EQ(core.check_consistency(), "");
}

TEST(FtlCore, MdcSortBufferEndingABatchEarlyIsAnError) {
  FtlCoreConfig config = small_config(64, 16, 0.2, "mdc");
  FtlCore core(config);
  core.stage_host_write(3);
  ASSERT_EQ(core.begin_sort_buffer_flush(), 1u);
  EXPECT_THROW(core.begin_sort_buffer_flush(), std::logic_error);  // one batch at a time
  EXPECT_THROW(core.end_sort_buffer_flush(), std::logic_error);    // entry 0 never programmed
}

TEST(FtlCore, RejectsImpossibleConfigurations) {
  auto expect_error = [](FtlCoreConfig config, const std::string& key) {
    try {
      FtlCore core(config);
      FAIL() << "expected ConfigError naming " << key;
    } catch (const ConfigError& error) {
      EXPECT_NE(std::string(error.what()).find(key), std::string::npos) << error.what();
    }
  };
  expect_error(small_config(8, 4, 0.0), "ftl.spare_factor");
  expect_error(small_config(8, 4, 1.0), "ftl.spare_factor");
  expect_error(small_config(8, 4, 0.9), "ftl.spare_factor");  // 3 logical pages < one block
  expect_error(small_config(8, 4, 0.1, "greedy", "double"), "ftl.spare_factor");  // no spare beside the WFI
  expect_error(small_config(8, 4, 0.25, "lru"), "ftl.gc.policy");
  expect_error(small_config(8, 4, 0.25, "greedy", "triple"), "ftl.gc.frontier");
  FtlCoreConfig bad_param = small_config(8, 4, 0.25, "d-choices");
  bad_param.policy_params = {{"d", "0"}};
  expect_error(bad_param, "ftl.gc.params.d");
  FtlCoreConfig watermarks = small_config(64, 4, 0.25);
  watermarks.gc_low_watermark_blocks = 5;
  watermarks.gc_high_watermark_blocks = 2;
  expect_error(watermarks, "ftl.gc.free_block_high_watermark");
}

}  // namespace
}  // namespace ssdtlm
