// greedy: the candidate with the fewest valid pages. Selection pops the core's ValidCountIndex
// (lazy buckets by valid count), O(1) amortized and never a scan of all blocks. Among equal
// counts the block that reached that count most recently goes first; under uniform writes the
// tie order does not change the write amplification.
#include "models/ftl/gc/victim_policy.h"

namespace ssdtlm {
namespace {

class GreedyPolicy final : public VictimPolicy {
 public:
  const char* name() const override { return "greedy"; }
  bool needs_valid_count_index() const override { return true; }
  void attach(const PolicyContext& context) override { index_ = context.valid_count_index; }
  void on_sealed(BlockId) override {}  // the core pushes sealed blocks into the index itself
  void select_victims(UnitId unit, std::uint32_t max_victims, std::vector<BlockId>& victims) override {
    // Picks stay candidates until the core takes them, so the index is told what this batch
    // already holds (it may list a block twice, and a rebuild would list it again).
    const std::size_t first = victims.size();
    while (victims.size() - first < max_victims) {
      const BlockId block = index_->pop_fewest_valid(unit, victims.data() + first, victims.size() - first);
      if (block == kInvalidBlock) return;
      victims.push_back(block);
    }
  }

 private:
  ValidCountIndex* index_ = nullptr;
};

}  // namespace

std::unique_ptr<VictimPolicy> make_greedy_policy(PolicyParams&, std::uint32_t) {
  return std::make_unique<GreedyPolicy>();
}

}  // namespace ssdtlm
