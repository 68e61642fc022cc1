// FtlCore's GC page moves have a fast path: relocate_pages() writes the map and the reverse
// map of a run of pages that fits the open GC block in one loop, when nothing watches single
// pages (no heat tracking, no observer); otherwise each page goes through relocate_page(), the
// plain path. A core with an observer that records nothing takes the plain path for every
// page; the same writes must leave both cores in the same state. (The step API against the
// functional collect(): ftl_core_test.cpp, StepApiMatchesFunctionalCollect.)
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "models/common/rng.h"
#include "models/ftl/core/ftl_core.h"

namespace ssdtlm {
namespace {

struct CountingObserver : FtlCore::Observer {
  std::uint64_t programs = 0, erases = 0;
  void on_program(Ppn, Lpn, OpOrigin) override { ++programs; }
  void on_erase(BlockId) override { ++erases; }
};

FtlCoreConfig config_of(const std::string& frontier, bool keeps_offsets) {
  FtlCoreConfig config;
  config.geometry.planes_per_die = 2;
  config.geometry.blocks_per_plane = 60;
  config.geometry.pages_per_block = 16;
  config.spare_factor = 0.12;
  config.victim_policy = "greedy";
  config.frontier_layout = frontier;
  config.in_place_keeps_page_offsets = keeps_offsets;
  return config;
}

TEST(RelocatePagesEquivalence, TheRunPathLeavesTheSameStateAsPageByPageMoves) {
  for (const char* frontier : {"single", "double"}) {
    for (const bool keeps_offsets : {false, true}) {
      SCOPED_TRACE(std::string(frontier) + (keeps_offsets ? " keeping offsets" : " compacting"));
      const FtlCoreConfig config = config_of(frontier, keeps_offsets);
      FtlCore fast(config), plain(config);
      CountingObserver observer;
      plain.set_observer(&observer);
      Rng rng(23);
      for (std::uint64_t i = 0; i < 40000; ++i) {
        const Lpn lpn = i < fast.logical_pages() ? static_cast<Lpn>(i) : static_cast<Lpn>(rng.below(fast.logical_pages()));
        fast.write_host_functional(lpn);
        plain.write_host_functional(lpn);
      }
      ASSERT_GT(fast.counters().gc_page_writes, 10000u);  // the GC moved many pages
      EXPECT_EQ(observer.programs, plain.counters().host_page_writes + plain.counters().gc_page_writes);
      EXPECT_EQ(fast.counters().gc_page_writes, plain.counters().gc_page_writes);
      EXPECT_EQ(fast.counters().host_page_writes, plain.counters().host_page_writes);
      EXPECT_EQ(fast.counters().erases, plain.counters().erases);
      EXPECT_EQ(fast.counters().gc_invocations, plain.counters().gc_invocations);
      EXPECT_EQ(fast.counters().victim_valid_pages, plain.counters().victim_valid_pages);
      for (Lpn lpn = 0; lpn < fast.logical_pages(); ++lpn) ASSERT_EQ(fast.lookup(lpn), plain.lookup(lpn)) << "lpn " << lpn;
      for (BlockId block = 0; block < fast.geometry().total_blocks(); ++block) {
        ASSERT_EQ(fast.valid_pages(block), plain.valid_pages(block)) << "block " << block;
        ASSERT_EQ(fast.erase_count(block), plain.erase_count(block)) << "block " << block;
        ASSERT_EQ(fast.blocks().data_stamp(block), plain.blocks().data_stamp(block)) << "block " << block;
      }
      EXPECT_EQ(fast.check_consistency(), "");
      EXPECT_EQ(plain.check_consistency(), "");
    }
  }
}

}  // namespace
}  // namespace ssdtlm
