// random: a uniformly random candidate (the baseline every smarter policy must beat).
#include "models/common/rng.h"
#include "models/ftl/gc/candidate_set.h"
#include "models/ftl/gc/victim_policy.h"

namespace ssdtlm {
namespace {

class RandomPolicy final : public VictimPolicy {
 public:
  const char* name() const override { return "random"; }
  void attach(const PolicyContext& context) override {
    candidates_.init(context.blocks->blocks(), context.units, context.blocks_per_unit);
    rng_.reseed(context.seed ^ 0x72616e646f6dull);
  }
  void on_sealed(BlockId block) override { candidates_.insert(block); }
  void on_withdrawn(BlockId block) override { candidates_.remove(block); }
  void select_victims(UnitId unit, std::uint32_t max_victims, std::vector<BlockId>& victims) override {
    for (std::uint32_t i = 0; i < max_victims; ++i) {
      const auto& members = candidates_.of_unit(unit);
      if (members.empty()) return;
      const BlockId block = members[rng_.below(members.size())];
      candidates_.remove(block);
      victims.push_back(block);
    }
  }

 private:
  CandidateSet candidates_;
  Rng rng_;
};

}  // namespace

std::unique_ptr<VictimPolicy> make_random_policy(PolicyParams&, std::uint32_t) {
  return std::make_unique<RandomPolicy>();
}

}  // namespace ssdtlm
