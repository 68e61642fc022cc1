// Every victim policy on crafted block states: a block table filled by hand (valid counts,
// states, data stamps), the policy told which blocks are sealed, and its choices checked.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <memory>
#include <set>

#include "models/common/config/config_error.h"
#include "models/common/rng.h"
#include "models/ftl/core/block_table.h"
#include "models/ftl/gc/victim_policy.h"

namespace ssdtlm {
namespace {

constexpr std::uint32_t kPages = 8;

// A one-unit block table the test edits directly, doing what FtlCore does around a policy.
class CraftedBlocks {
 public:
  explicit CraftedBlocks(std::uint32_t blocks) : blocks_(blocks) { table_.init(blocks, kPages); }

  std::unique_ptr<VictimPolicy> make(const std::string& name, std::map<std::string, std::string> params = {},
                                     std::uint64_t seed = 7) {
    PolicyParams reader(std::move(params), "--param ");
    auto policy = make_victim_policy(name, reader, kPages, "--policy");
    if (policy->needs_valid_count_index()) index_.init(&table_, 1, blocks_);
    PolicyContext context;
    context.blocks = &table_;
    context.units = 1;
    context.blocks_per_unit = blocks_;
    context.pages_per_block = kPages;
    context.host_write_clock = &clock_;
    context.valid_count_index = policy->needs_valid_count_index() ? &index_ : nullptr;
    context.seed = seed;
    policy->attach(context);
    policy_ = policy.get();
    return policy;
  }
  // Seals `block` holding `valid` valid pages (pages 0..valid-1).
  void seal(BlockId block, std::uint32_t valid, std::uint64_t stamp = 0) {
    table_.erase(block);
    for (std::uint32_t page = 0; page < valid; ++page) table_.set_valid(block, page);
    table_.set_data_stamp(block, stamp);
    table_.set_state(block, BlockState::Candidate);
    if (index_.enabled()) index_.push(0, block, valid);
    policy_->on_sealed(block);
  }
  void invalidate_one(BlockId block) {
    const std::uint32_t count = table_.valid_count(block);
    const std::uint32_t count_after = table_.clear_valid(block, count - 1);
    if (index_.enabled()) index_.push(0, block, count_after);
  }
  std::vector<BlockId> select(std::uint32_t count = 1) {
    std::vector<BlockId> victims;
    policy_->select_victims(0, count, victims);
    for (const BlockId block : victims) {
      EXPECT_TRUE(table_.is_candidate(block)) << "block " << block << " was not a candidate";
      table_.set_state(block, BlockState::Victim);
    }
    return victims;
  }
  BlockId select_one() {
    const auto victims = select(1);
    return victims.empty() ? kInvalidBlock : victims.front();
  }
  std::uint32_t valid(BlockId block) const { return table_.valid_count(block); }
  void set_clock(std::uint64_t clock) { clock_ = clock; }
  std::uint32_t fewest_valid_candidate() const {
    std::uint32_t fewest = kPages + 1;
    for (BlockId b = 0; b < blocks_; ++b) {
      if (table_.is_candidate(b)) fewest = std::min(fewest, table_.valid_count(b));
    }
    return fewest;
  }
  bool is_candidate(BlockId block) const { return table_.is_candidate(block); }

 private:
  std::uint32_t blocks_;
  BlockTable table_;
  ValidCountIndex index_;
  std::uint64_t clock_ = 0;
  VictimPolicy* policy_ = nullptr;
};

TEST(FifoPolicy, CollectsInSealOrder) {
  CraftedBlocks blocks(8);
  auto policy = blocks.make("fifo");
  blocks.seal(3, 1);
  blocks.seal(1, 8);
  blocks.seal(5, 0);
  EXPECT_EQ(blocks.select(2), (std::vector<BlockId>{3, 1}));
  blocks.seal(0, 4);
  EXPECT_EQ(blocks.select(5), (std::vector<BlockId>{5, 0}));
  EXPECT_EQ(blocks.select_one(), kInvalidBlock);
}

TEST(GreedyPolicy, PicksFewestValidAndFollowsInvalidations) {
  CraftedBlocks blocks(8);
  auto policy = blocks.make("greedy");
  blocks.seal(0, 5);
  blocks.seal(1, 3);
  blocks.seal(2, 7);
  blocks.seal(3, 4);
  EXPECT_EQ(blocks.select_one(), 1u);
  blocks.invalidate_one(2);  // 6
  blocks.invalidate_one(2);  // 5
  blocks.invalidate_one(2);  // 4
  blocks.invalidate_one(2);  // 3: now the fewest
  EXPECT_EQ(blocks.select_one(), 2u);
  EXPECT_EQ(blocks.select_one(), 3u);
  EXPECT_EQ(blocks.select_one(), 0u);
  EXPECT_EQ(blocks.select_one(), kInvalidBlock);
}

TEST(GreedyPolicy, BatchLargerThanTheCandidatesReturnsEachOnce) {
  CraftedBlocks blocks(8);
  auto policy = blocks.make("greedy");
  const std::uint32_t counts[] = {6, 0, 8, 2, 4};
  for (BlockId b = 0; b < 5; ++b) blocks.seal(b, counts[b]);
  EXPECT_EQ(blocks.select(10), (std::vector<BlockId>{1, 3, 4, 0, 2}));
}

TEST(GreedyPolicy, MatchesBruteForceUnderRandomOperations) {
  constexpr std::uint32_t kBlocks = 200;
  CraftedBlocks blocks(kBlocks);
  auto policy = blocks.make("greedy");
  Rng rng(11);
  for (BlockId b = 0; b < kBlocks; ++b) blocks.seal(b, kPages);
  for (int step = 0; step < 20000; ++step) {
    const BlockId block = static_cast<BlockId>(rng.below(kBlocks));
    if (blocks.is_candidate(block) && blocks.valid(block) > 0) blocks.invalidate_one(block);
    if (step % 7 == 0) {
      const std::uint32_t fewest = blocks.fewest_valid_candidate();
      const BlockId victim = blocks.select_one();
      ASSERT_NE(victim, kInvalidBlock);
      ASSERT_EQ(blocks.valid(victim), fewest) << "step " << step;
      blocks.seal(victim, static_cast<std::uint32_t>(rng.below(kPages + 1)));  // back, refilled
    }
  }
}

TEST(RandomPolicy, PicksEveryCandidateAndOnlyCandidates) {
  CraftedBlocks blocks(16);
  auto policy = blocks.make("random");
  std::set<BlockId> seen;
  for (int round = 0; round < 200; ++round) {
    for (BlockId b = 0; b < 16; b += 2) blocks.seal(b, 4);  // odd blocks never sealed
    for (int i = 0; i < 8; ++i) {
      const BlockId victim = blocks.select_one();
      ASSERT_EQ(victim % 2, 0u);
      seen.insert(victim);
    }
    EXPECT_EQ(blocks.select_one(), kInvalidBlock);
  }
  EXPECT_EQ(seen.size(), 8u);
}

TEST(WindowedPolicy, FewestValidAmongTheOldestW) {
  CraftedBlocks blocks(8);
  auto policy = blocks.make("windowed", {{"window", "3"}});
  blocks.seal(0, 6);
  blocks.seal(1, 5);
  blocks.seal(2, 7);
  blocks.seal(3, 1);  // outside the window of 3 until one of the first three goes
  EXPECT_EQ(blocks.select_one(), 1u);
  EXPECT_EQ(blocks.select_one(), 3u);  // window now 0, 2, 3
  EXPECT_EQ(blocks.select_one(), 0u);
}

TEST(WindowedPolicy, WindowOneIsFifoAndWideWindowIsGreedy) {
  CraftedBlocks fifo_like(6), greedy_like(6);
  auto a = fifo_like.make("windowed", {{"window", "1"}});
  auto b = greedy_like.make("windowed", {{"window", "1000"}});
  const std::uint32_t counts[] = {5, 2, 8, 0, 3, 6};
  for (BlockId i = 0; i < 6; ++i) {
    fifo_like.seal(i, counts[i]);
    greedy_like.seal(i, counts[i]);
  }
  EXPECT_EQ(fifo_like.select(6), (std::vector<BlockId>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(greedy_like.select(6), (std::vector<BlockId>{3, 1, 4, 0, 5, 2}));
}

TEST(DChoicesPolicy, LargeDFindsTheFewestValid) {
  CraftedBlocks blocks(64);
  auto policy = blocks.make("d-choices", {{"d", "2000"}, {"memory", "0"}});
  for (BlockId b = 0; b < 64; ++b) blocks.seal(b, 4 + b % 4);
  blocks.seal(41, 1);
  EXPECT_EQ(blocks.select_one(), 41u);
}

TEST(DChoicesPolicy, DOneWithoutMemoryIsRandomOverCandidates) {
  CraftedBlocks blocks(16);
  auto policy = blocks.make("d-choices", {{"d", "1"}});
  std::map<BlockId, int> picks;
  for (int round = 0; round < 400; ++round) {
    for (BlockId b = 0; b < 4; ++b) blocks.seal(b, b);  // 4 candidates, 12 never sealed
    for (int i = 0; i < 4; ++i) ++picks[blocks.select_one()];
  }
  ASSERT_EQ(picks.size(), 4u);
  for (const auto& [block, count] : picks) EXPECT_EQ(count, 400);  // each picked once per round
}

// The seed-003 Markov chain in miniature: each selection frees 8 - j pages, which the host then
// invalidates uniformly at random among the valid ones, and the victim comes back full. Memory
// (c runners-up compared again next time) lowers the victims' mean count below plain d-choices
// with the same d ([Van Houdt 2013] Figure 1), and greedy is lower still.
double mean_victim_count_in_chain(const std::string& policy_name, std::map<std::string, std::string> params) {
  constexpr BlockId kBlocks = 256;
  CraftedBlocks blocks(kBlocks);
  auto policy = blocks.make(policy_name, std::move(params), 5);
  Rng rng(3);
  for (BlockId b = 0; b < kBlocks; ++b) blocks.seal(b, 6);  // 25% spare, conserved by the chain
  std::uint32_t pending = 0;  // host writes owed: each invalidates one valid page
  double sum = 0;
  int counted = 0;
  for (int step = 0; step < 60000; ++step) {
    for (; pending > 0; --pending) {
      for (;;) {  // a uniformly random valid page: random block, accept with probability count / 8
        const BlockId block = static_cast<BlockId>(rng.below(kBlocks));
        if (blocks.is_candidate(block) && rng.below(kPages) < blocks.valid(block)) {
          blocks.invalidate_one(block);
          break;
        }
      }
    }
    const BlockId victim = blocks.select_one();
    const std::uint32_t valid = blocks.valid(victim);
    if (step >= 10000) {
      sum += valid;
      ++counted;
    }
    pending = kPages - valid;
    blocks.seal(victim, kPages);
  }
  return sum / counted;
}

TEST(DChoicesPolicy, MemoryLowersTheVictimsValidCount) {
  const double plain = mean_victim_count_in_chain("d-choices", {{"d", "2"}, {"memory", "0"}});
  const double memory = mean_victim_count_in_chain("d-choices", {{"d", "2"}, {"memory", "2"}});
  const double greedy = mean_victim_count_in_chain("greedy", {});
  EXPECT_LT(memory, plain - 0.05) << "plain " << plain << " memory " << memory;
  EXPECT_LT(greedy, memory) << "greedy " << greedy << " memory " << memory;
}

TEST(CostBenefitPolicy, WeighsFreeSpaceAgainstAge) {
  CraftedBlocks blocks(8);
  auto policy = blocks.make("cost-benefit");
  blocks.set_clock(1000);
  blocks.seal(0, 4, 900);  // u = 0.5, age 100: 0.5 * 100 / 1.5 = 33.3
  blocks.seal(1, 2, 990);  // u = 0.25, age 10: 0.75 * 10 / 1.25 = 6
  blocks.seal(2, 8, 0);    // full: score 0
  EXPECT_EQ(blocks.select_one(), 0u);
  EXPECT_EQ(blocks.select_one(), 1u);
  EXPECT_EQ(blocks.select_one(), 2u);
}

TEST(MdcPolicy, ColderBlocksGoFirstAtEqualValidCount) {
  CraftedBlocks blocks(8);
  auto policy = blocks.make("mdc", {{"sort_buffer_segments", "0"}});
  blocks.set_clock(10000);
  // Same valid count: the block whose u_p2 is older (updated less often) declines slower.
  policy->on_page_programmed(0, 9000.0);
  policy->on_page_programmed(1, 1000.0);
  blocks.seal(0, 4);
  blocks.seal(1, 4);
  EXPECT_EQ(blocks.select_one(), 1u);
  EXPECT_EQ(blocks.select_one(), 0u);
}

TEST(MdcPolicy, DecliningCostFormula) {
  // decline ~ C / ((b - C)^2 (u_now - u_p2)), smallest first: block 0 (C = 2, age 100) has
  // 2 / (36 * 100) = 5.6e-4, block 1 (C = 6, age 10000) 6 / (4 * 10000) = 1.5e-4: the fuller
  // but colder block goes first, which greedy would never do.
  CraftedBlocks blocks(8);
  auto policy = blocks.make("mdc", {{"sort_buffer_segments", "0"}});
  blocks.set_clock(10000);
  policy->on_page_programmed(0, 9900.0);  // age 100
  policy->on_page_programmed(1, 0.0);     // age 10000
  policy->on_page_programmed(2, 0.0);
  blocks.seal(0, 2);
  blocks.seal(1, 6);
  blocks.seal(2, 8);  // full: reclaims nothing, last
  EXPECT_EQ(blocks.select(3), (std::vector<BlockId>{1, 0, 2}));
}

TEST(MdcPolicy, HeatIsTheAverageOfProgrammedPagesAndRewritesHalveTheInterval) {
  CraftedBlocks blocks(4);
  auto policy = blocks.make("mdc");
  policy->on_page_programmed(2, 100.0);
  policy->on_page_programmed(2, 300.0);
  EXPECT_DOUBLE_EQ(policy->block_heat(2), 200.0);
  blocks.set_clock(1000);
  EXPECT_DOUBLE_EQ(policy->rewritten_page_heat(200.0), 600.0);  // 200 + (1000 - 200) / 2
  policy->on_erased(2);
  EXPECT_DOUBLE_EQ(policy->block_heat(2), 0.0);
  EXPECT_EQ(policy->host_sort_buffer_pages(), 16u * kPages);  // default 16 segments
}

// segment_updates=1 (sec 4.3's reading): a block's frequency from the times of its last two page
// overwrites, C U_pf / (b - C)^2 = 2 / ((b - C)^2 (u_now - t_2)); before two overwrites, the
// sec 5 estimate 2 C / ((b - C)^2 (u_now - u_p2)). The same blocks in the opposite order by u_p2.
TEST(MdcPolicy, SegmentUpdatesMeasureTheBlocksOverwrites) {
  for (const bool segment_updates : {true, false}) {
    CraftedBlocks blocks(8);
    auto policy = blocks.make("mdc", {{"sort_buffer_segments", "0"}, {"segment_updates", segment_updates ? "1" : "0"}});
    policy->on_page_programmed(0, 9900.0);  // u_p2 says hot (age 100) ...
    policy->on_page_programmed(1, 0.0);     // ... and cold (age 10000)
    policy->on_page_programmed(2, 0.0);
    blocks.set_clock(500);
    policy->on_page_overwritten(0);
    blocks.set_clock(600);
    policy->on_page_overwritten(0);  // block 0: t_2 = 500, but its pages are rarely overwritten
    blocks.set_clock(9990);
    policy->on_page_overwritten(1);
    blocks.set_clock(9995);
    policy->on_page_overwritten(1);  // block 1: t_2 = 9990, overwritten often
    blocks.set_clock(10000);
    blocks.seal(0, 4);
    blocks.seal(1, 4);
    blocks.seal(2, 6);  // never overwritten
    // segments: 0: 2 / (16 * 9500) = 1.3e-5, 2: 2 * 6 / (4 * 10000) = 3e-4, 1: 2 / (16 * 10) = 1.3e-2
    // u_p2:     1: 4 / (16 * 10000) = 2.5e-5, 2: 6 / (4 * 10000) = 1.5e-4, 0: 4 / (16 * 100) = 2.5e-3
    const std::vector<BlockId> expected = segment_updates ? std::vector<BlockId>{0, 2, 1} : std::vector<BlockId>{1, 2, 0};
    EXPECT_EQ(blocks.select(3), expected) << "segment_updates " << segment_updates;
  }
}

TEST(MdcPolicy, SegmentUpdatesStartOverAfterAnErase) {
  CraftedBlocks blocks(4);
  auto policy = blocks.make("mdc", {{"sort_buffer_segments", "0"}, {"segment_updates", "1"}});
  policy->on_page_programmed(0, 0.0);
  policy->on_page_programmed(1, 0.0);
  blocks.set_clock(9000);
  policy->on_page_overwritten(0);
  policy->on_page_overwritten(0);  // block 0 looks hot ...
  policy->on_erased(0);            // ... until it is erased: back to the u_p2 estimate
  policy->on_page_programmed(0, 0.0);
  blocks.set_clock(10000);
  blocks.seal(0, 4);
  blocks.seal(1, 5);
  EXPECT_EQ(blocks.select(2), (std::vector<BlockId>{0, 1}));  // equal u_p2: fewer valid first
}

TEST(VictimPolicyRegistry, UnknownNameListsTheAvailableOnes) {
  PolicyParams params({}, "--param ");
  try {
    make_victim_policy("lru", params, kPages, "--policy");
    FAIL() << "expected ConfigError";
  } catch (const ConfigError& error) {
    const std::string message = error.what();
    EXPECT_NE(message.find("--policy"), std::string::npos);
    for (const char* name : {"fifo", "greedy", "random", "windowed", "d-choices", "cost-benefit", "mdc", "mdc-oracle"}) {
      EXPECT_NE(message.find(name), std::string::npos) << message;
    }
  }
}

TEST(VictimPolicyRegistry, BadParametersNameTheParameter) {
  auto expect_error = [](const std::string& policy, std::map<std::string, std::string> values, const std::string& key) {
    PolicyParams params(std::move(values), "--param ");
    try {
      make_victim_policy(policy, params, kPages, "--policy");
      FAIL() << "expected ConfigError for " << key;
    } catch (const ConfigError& error) {
      EXPECT_NE(std::string(error.what()).find("--param " + key), std::string::npos) << error.what();
    }
  };
  expect_error("d-choices", {{"d", "0"}}, "d");
  expect_error("d-choices", {{"memory", "-1"}}, "memory");
  expect_error("d-choices", {{"d", "ten"}}, "d");
  expect_error("windowed", {{"window", "0"}}, "window");
  expect_error("mdc", {{"sort_buffer_segments", "-2"}}, "sort_buffer_segments");
  expect_error("mdc", {{"segment_updates", "maybe"}}, "segment_updates");
  expect_error("mdc-oracle", {{"sort_buffer_segments", "x"}}, "sort_buffer_segments");
  expect_error("mdc-oracle", {{"segment_updates", "1"}}, "segment_updates");  // not a parameter of mdc-oracle
  expect_error("greedy", {{"d", "4"}}, "d");  // greedy takes no parameters
}

}  // namespace
}  // namespace ssdtlm
