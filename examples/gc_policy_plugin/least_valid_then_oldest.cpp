// A GC victim policy defined outside models/ and loaded at run time:
//   ssdtlm wa --plugin libleast_valid_then_oldest.so --policy least-valid-then-oldest ...
//   ssdtlm run --plugin libleast_valid_then_oldest.so --set ftl.gc.policy=least-valid-then-oldest ...
// least-valid-then-oldest: the candidate with the fewest valid pages; among equals, the one
// whose data is oldest (smallest data stamp), then the lowest block id. Deterministic, and a
// plain scan of the unit's candidates per selection: simple rather than fast.
#include <algorithm>
#include <vector>

#include "models/ftl/gc/victim_policy_registry.h"

namespace example {

using ssdtlm::BlockId;
using ssdtlm::UnitId;

class LeastValidThenOldestPolicy final : public ssdtlm::VictimPolicy {
 public:
  const char* name() const override { return "least-valid-then-oldest"; }

  void attach(const ssdtlm::PolicyContext& context) override {
    blocks_ = context.blocks;
    blocks_per_unit_ = context.blocks_per_unit;
    candidates_.assign(context.units, {});
  }

  void on_sealed(BlockId block) override { candidates_[unit_of(block)].push_back(block); }

  void select_victims(UnitId unit, std::uint32_t max_victims, std::vector<BlockId>& victims) override {
    std::vector<BlockId>& candidates = candidates_[unit];
    for (std::uint32_t picked = 0; picked < max_victims && !candidates.empty(); ++picked) {
      const auto best = std::min_element(candidates.begin(), candidates.end(), [&](BlockId a, BlockId b) {
        if (blocks_->valid_count(a) != blocks_->valid_count(b)) return blocks_->valid_count(a) < blocks_->valid_count(b);
        if (blocks_->data_stamp(a) != blocks_->data_stamp(b)) return blocks_->data_stamp(a) < blocks_->data_stamp(b);
        return a < b;
      });
      victims.push_back(*best);
      candidates.erase(best);
    }
  }

  void on_withdrawn(BlockId block) override {
    std::vector<BlockId>& candidates = candidates_[unit_of(block)];
    candidates.erase(std::remove(candidates.begin(), candidates.end(), block), candidates.end());
  }

 private:
  UnitId unit_of(BlockId block) const { return static_cast<UnitId>(block / blocks_per_unit_); }

  const ssdtlm::BlockView* blocks_ = nullptr;
  std::uint32_t blocks_per_unit_ = 1;
  std::vector<std::vector<BlockId>> candidates_;  // per unit, in the order they were sealed
};

SSDTLM_REGISTER_VICTIM_POLICY("least-valid-then-oldest", LeastValidThenOldestPolicy);

}  // namespace example
