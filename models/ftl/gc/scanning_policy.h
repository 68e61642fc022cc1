#pragma once
// Base of the policies whose priority changes with time for every block (cost-benefit, mdc):
// no incremental order exists, so each activation scores all of the unit's candidates once and
// takes the `max_victims` best; batch GC cycles amortize the scan. A subclass only says how a
// block scores.
#include <algorithm>
#include <vector>

#include "models/ftl/gc/candidate_set.h"
#include "models/ftl/gc/victim_policy.h"

namespace ssdtlm {

class ScanningPolicy : public VictimPolicy {
 public:
  void attach(const PolicyContext& context) override {
    context_ = context;
    candidates_.init(context.blocks->blocks(), context.units, context.blocks_per_unit);
  }
  void on_sealed(BlockId block) override { candidates_.insert(block); }
  void on_withdrawn(BlockId block) override { candidates_.remove(block); }
  void select_victims(UnitId unit, std::uint32_t max_victims, std::vector<BlockId>& victims) override {
    const auto& members = candidates_.of_unit(unit);
    if (members.empty()) return;
    const double now = static_cast<double>(*context_.host_write_clock);
    scored_.clear();
    for (const BlockId block : members) scored_.push_back({score(block, now), block});
    // Lowest score first; ties by block id, for determinism.
    const std::size_t take = std::min<std::size_t>(max_victims, scored_.size());
    std::partial_sort(scored_.begin(), scored_.begin() + take, scored_.end(), [](const Scored& a, const Scored& b) {
      return a.score != b.score ? a.score < b.score : a.block < b.block;
    });
    for (std::size_t i = 0; i < take; ++i) {
      candidates_.remove(scored_[i].block);
      victims.push_back(scored_[i].block);
    }
  }

 protected:
  // Lower is collected first. `now` is the host write clock.
  virtual double score(BlockId block, double now) const = 0;
  PolicyContext context_;

 private:
  struct Scored {
    double score;
    BlockId block;
  };
  CandidateSet candidates_;
  std::vector<Scored> scored_;
};

}  // namespace ssdtlm
