// Translation layer of the multi-reference store ([Weiss et al. 2015] section 2, Fig. 1a): extents,
// coalescing, range copy, move and delete semantics, the cleaner's conditional remap and the map
// callbacks.
#include <gtest/gtest.h>

#include <stdexcept>
#include <vector>

#include "models/ftl/multi_reference/translation_layer.h"

namespace ssdtlm::multi_reference {
namespace {

struct Recorder : TranslationObserver {
  std::vector<Extent> unmapped;
  std::vector<Extent> mapped;
  void on_unmapped(const Extent& e) override { unmapped.push_back(e); }
  void on_mapped(const Extent& e) override { mapped.push_back(e); }
};

std::vector<std::optional<Pba>> lookup_all(const TranslationLayer& tl, Lba from, Lba to) {
  std::vector<std::optional<Pba>> result;
  for (Lba l = from; l < to; ++l) result.push_back(tl.lookup(l));
  return result;
}

TEST(MultiReferenceTranslationLayer, MapLookupAndCoalescing) {
  TranslationLayer tl;
  tl.map(2000, 2, 5);  // the first entry of the paper's Fig. 1a
  EXPECT_EQ(tl.lookup(2000), Pba{2});
  EXPECT_EQ(tl.lookup(2004), Pba{6});
  EXPECT_FALSE(tl.lookup(2005).has_value());
  EXPECT_FALSE(tl.lookup(1999).has_value());
  tl.map(2005, 7, 3);  // continues logically and physically: one mapping
  EXPECT_EQ(tl.mapping_count(), 1u);
  tl.map(2008, 100, 1);  // continues logically only
  EXPECT_EQ(tl.mapping_count(), 2u);
  tl.map(2003, 50, 2);  // overwrite in the middle splits the first extent
  EXPECT_EQ(tl.mapping_count(), 4u);
  EXPECT_EQ(tl.lookup(2002), Pba{4});
  EXPECT_EQ(tl.lookup(2003), Pba{50});
  EXPECT_EQ(tl.lookup(2005), Pba{7});
  EXPECT_EQ(tl.mapped_blocks(), 9u);
}

TEST(MultiReferenceTranslationLayer, TrimLeavesAHoleAndReportsTheRemovedPieces) {
  TranslationLayer tl;
  Recorder rec;
  tl.set_observer(&rec);
  tl.map(10, 100, 10);
  rec.mapped.clear();
  tl.unmap(12, 3);
  ASSERT_EQ(rec.unmapped.size(), 1u);
  EXPECT_EQ(rec.unmapped[0], (Extent{12, 102, 3}));
  EXPECT_TRUE(rec.mapped.empty());
  EXPECT_EQ(tl.lookup(11), Pba{101});
  EXPECT_FALSE(tl.lookup(12).has_value());
  EXPECT_FALSE(tl.lookup(14).has_value());
  EXPECT_EQ(tl.lookup(15), Pba{105});
  EXPECT_EQ(tl.mapped_blocks(), 7u);
}

TEST(MultiReferenceTranslationLayer, RangeCopyClonesReferencesAndKeepsHoles) {
  TranslationLayer tl;
  tl.map(0, 100, 4);
  tl.map(6, 200, 2);  // [4, 6) is a hole
  tl.map(50, 900, 10);  // destination has old data, replaced by the copy (holes included)
  tl.range_copy(0, 50, 8);
  EXPECT_EQ(lookup_all(tl, 50, 60), (std::vector<std::optional<Pba>>{100, 101, 102, 103, std::nullopt, std::nullopt,
                                                                       200, 201, 908, 909}));
  // The source is untouched: two logical addresses now reference one physical block.
  EXPECT_EQ(tl.lookup(0), Pba{100});
  EXPECT_EQ(tl.lookup(50), Pba{100});
}

TEST(MultiReferenceTranslationLayer, OverlappingRangeCopyReadsTheSourceFirst) {
  TranslationLayer tl;
  for (Lba l = 0; l < 6; ++l) tl.map(l, 10 * l, 1);
  tl.range_copy(0, 2, 4);  // dst overlaps src
  EXPECT_EQ(lookup_all(tl, 0, 6), (std::vector<std::optional<Pba>>{0, 10, 0, 10, 20, 30}));
}

TEST(MultiReferenceTranslationLayer, RangeMoveUnmapsTheSourceEvenWhenOverlapping) {
  TranslationLayer tl;
  tl.map(0, 100, 4);
  tl.range_move(0, 2, 4);
  EXPECT_EQ(lookup_all(tl, 0, 6),
            (std::vector<std::optional<Pba>>{std::nullopt, std::nullopt, 100, 101, 102, 103}));
  EXPECT_EQ(tl.mapped_blocks(), 4u);
  EXPECT_EQ(tl.mapping_count(), 1u);
}

TEST(MultiReferenceTranslationLayer, RemapIfOnlyWhenStillPointingAtTheOldBlock) {
  TranslationLayer tl;
  tl.map(0, 100, 3);
  EXPECT_TRUE(tl.remap_if(1, 101, 500));
  EXPECT_FALSE(tl.remap_if(1, 101, 600));  // already moved
  EXPECT_FALSE(tl.remap_if(7, 107, 600));  // unmapped
  EXPECT_EQ(lookup_all(tl, 0, 3), (std::vector<std::optional<Pba>>{100, 500, 102}));
  // Remapping a run block by block in order coalesces it back into one mapping.
  TranslationLayer run;
  run.map(0, 100, 4);
  for (Lba l = 0; l < 4; ++l) EXPECT_TRUE(run.remap_if(l, 100 + l, 40 + l));
  EXPECT_EQ(run.mapping_count(), 1u);
  EXPECT_EQ(run.lookup(3), Pba{43});
}

TEST(MultiReferenceTranslationLayer, LogicalSpaceIs2To48Blocks) {
  TranslationLayer tl;
  tl.map(kLogicalSpaceBlocks - 1, 5, 1);
  EXPECT_EQ(tl.lookup(kLogicalSpaceBlocks - 1), Pba{5});
  EXPECT_THROW(tl.map(kLogicalSpaceBlocks - 1, 5, 2), std::invalid_argument);
  EXPECT_THROW(tl.range_copy(0, kLogicalSpaceBlocks, 1), std::invalid_argument);
  EXPECT_THROW(tl.unmap(0, 0), std::invalid_argument);
}

TEST(MultiReferenceTranslationLayer, RangeDeleteOfClonedRangeKeepsTheOtherReference) {
  TranslationLayer tl;
  Recorder rec;
  tl.map(0, 100, 4);
  tl.range_copy(0, 1000, 4);
  tl.set_observer(&rec);
  tl.unmap(0, 4);
  EXPECT_EQ(rec.unmapped, (std::vector<Extent>{Extent{0, 100, 4}}));
  EXPECT_EQ(tl.lookup(1002), Pba{102});
  EXPECT_EQ(tl.mapped_blocks(), 4u);
}

}  // namespace
}  // namespace ssdtlm::multi_reference
