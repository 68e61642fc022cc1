// The translation layer's B+-tree against std::map: random inserts, erases and bound
// look-ups with small fan-outs (many splits, empty nodes freed, roots collapsed), iteration
// both ways, and the height a fan-out gives.
#include <gtest/gtest.h>

#include <iterator>
#include <map>

#include "models/common/rng.h"
#include "models/ftl/multi_reference/extent_tree.h"

namespace ssdtlm::multi_reference {
namespace {

void expect_same(const ExtentTree& tree, const std::map<Lba, Extent>& model) {
  ASSERT_EQ(tree.size(), model.size());
  auto m = model.begin();
  for (auto it = tree.begin(); it != tree.end(); ++it, ++m) ASSERT_EQ(*it, m->second);
  ASSERT_TRUE(m == model.end());
  auto r = model.rbegin();
  for (auto it = tree.end(); it != tree.begin(); ++r) {
    --it;
    ASSERT_EQ(*it, r->second);
  }
}

class MultiReferenceExtentTree : public ::testing::TestWithParam<std::size_t> {};

TEST_P(MultiReferenceExtentTree, BehavesLikeAnOrderedMap) {
  ExtentTree tree(GetParam());
  std::map<Lba, Extent> model;
  Rng rng(GetParam());
  for (int step = 0; step < 20'000; ++step) {
    const Lba key = rng.below(2'000);
    const std::uint64_t op = rng.below(10);
    if (op < 5) {
      if (model.count(key) == 0) {
        const Extent e{key, rng.below(1'000'000), 1 + rng.below(4)};
        const auto it = tree.insert(e);
        ASSERT_EQ(*it, e);
        model.emplace(key, e);
      }
    } else if (op < 9) {
      auto it = tree.lower_bound(key);
      auto m = model.lower_bound(key);
      ASSERT_EQ(it == tree.end(), m == model.end());
      if (m == model.end()) continue;
      ASSERT_EQ(*it, m->second);
      const auto next = tree.erase(it);
      m = model.erase(m);
      ASSERT_EQ(next == tree.end(), m == model.end());
      if (m != model.end()) {
        ASSERT_EQ(*next, m->second);
      }
    } else {
      const auto up = tree.upper_bound(key);
      const auto mu = model.upper_bound(key);
      ASSERT_EQ(up == tree.end(), mu == model.end());
      if (mu != model.end()) {
        ASSERT_EQ(*up, mu->second);
      }
    }
    if (step % 500 == 0) expect_same(tree, model);
  }
  expect_same(tree, model);
  // Drain completely: the root collapses back to one empty leaf.
  while (tree.begin() != tree.end()) tree.erase(tree.begin());
  EXPECT_EQ(tree.size(), 0u);
  EXPECT_EQ(tree.height(), 1u);
  EXPECT_TRUE(tree.lower_bound(5) == tree.end());
}

INSTANTIATE_TEST_SUITE_P(Fanouts, MultiReferenceExtentTree, ::testing::Values(3u, 4u, 7u, 32u));

TEST(MultiReferenceExtentTreeShape, SequentialInsertsGiveLogarithmicHeight) {
  ExtentTree tree(32);
  for (Lba k = 0; k < 100'000; ++k) tree.insert(Extent{2 * k, k, 1});
  // Splits leave half-full nodes behind sequential inserts: 100,000 / 16 = 6,250 leaves,
  // 6,250 / 17 = 368 index nodes above them, 22 above those, and a root with 22 children.
  EXPECT_EQ(tree.height(), 4u);
  EXPECT_EQ(tree.size(), 100'000u);
  const auto descents = tree.descents();
  EXPECT_EQ((*tree.upper_bound(101)).logical, 102u);
  EXPECT_EQ(tree.descents(), descents + 1);
}

}  // namespace
}  // namespace ssdtlm::multi_reference
