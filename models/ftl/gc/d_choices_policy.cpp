// d-choices with memory ([Van Houdt 2013] sec 2.3), exactly as described there: the policy
// stores the ids of c blocks at all times (initially chosen at random). On each activation it
// draws d blocks uniformly at random, selects the block with the fewest valid pages among the d
// drawn and the c stored ones, and stores the ids of the c best among the remaining d + c - 1.
// memory = 0 is plain d-choices.
//
// Draws are uniform over the unit's blocks with replacement (the mean-field model's
// independent draws); a draw that hits a non-candidate (free, open or already chosen block) is
// redrawn, and a block drawn twice, or drawn while stored, counts once.
#include <algorithm>

#include "models/common/rng.h"
#include "models/ftl/gc/victim_policy.h"

namespace ssdtlm {
namespace {

class DChoicesPolicy final : public VictimPolicy {
 public:
  DChoicesPolicy(std::uint32_t d, std::uint32_t memory) : d_(d), memory_(memory) {}
  const char* name() const override { return "d-choices"; }
  void attach(const PolicyContext& context) override {
    blocks_ = context.blocks;
    blocks_per_unit_ = context.blocks_per_unit;
    stored_.assign(context.units, {});
    rng_.reseed(context.seed ^ 0x6463686f69636573ull);
  }
  void on_sealed(BlockId) override {}
  void select_victims(UnitId unit, std::uint32_t max_victims, std::vector<BlockId>& victims) override {
    for (std::uint32_t i = 0; i < max_victims; ++i) {
      const BlockId block = select_one(unit);
      if (block == kInvalidBlock) return;
      victims.push_back(block);
    }
  }

 private:
  BlockId select_one(UnitId unit) {
    auto& stored = stored_[unit];
    // Stored blocks that stopped being candidates (chosen through another path) are forgotten.
    stored.erase(std::remove_if(stored.begin(), stored.end(),
                                [&](BlockId b) { return !blocks_->is_candidate(b); }),
                 stored.end());
    // Initial (or replenished) memory: random blocks. Bounded, as a small unit may hold fewer
    // candidates than c.
    for (std::uint32_t attempt = 0; stored.size() < memory_ && attempt < 4 * memory_ + 16; ++attempt) {
      if (!draw_into(unit, stored)) break;
    }
    pool_.assign(stored.begin(), stored.end());
    for (std::uint32_t k = 0; k < d_; ++k) {
      if (!draw_into(unit, pool_)) break;
    }
    if (pool_.empty()) return kInvalidBlock;
    // Fewest valid first; stable so that ties prefer the stored blocks, then draw order.
    std::stable_sort(pool_.begin(), pool_.end(), [&](BlockId a, BlockId b) {
      return blocks_->valid_count(a) < blocks_->valid_count(b);
    });
    const BlockId chosen = pool_.front();
    stored.assign(pool_.begin() + 1, pool_.begin() + std::min<std::size_t>(pool_.size(), 1 + memory_));
    return chosen;
  }

  // Draws one candidate not already in `into` and appends it; false when none can be found.
  bool draw_into(UnitId unit, std::vector<BlockId>& into) {
    const BlockId first = unit * blocks_per_unit_;
    for (std::uint32_t attempt = 0; attempt < kMaxRedraws; ++attempt) {
      const BlockId block = first + static_cast<BlockId>(rng_.below(blocks_per_unit_));
      if (!blocks_->is_candidate(block)) continue;
      if (std::find(into.begin(), into.end(), block) != into.end()) return true;  // counts once
      into.push_back(block);
      return true;
    }
    // Candidates are very scarce (the unit is mostly free): take any the draw has not seen.
    const BlockId start = first + static_cast<BlockId>(rng_.below(blocks_per_unit_));
    for (std::uint32_t k = 0; k < blocks_per_unit_; ++k) {
      const BlockId block = first + (start - first + k) % blocks_per_unit_;
      if (blocks_->is_candidate(block) && std::find(into.begin(), into.end(), block) == into.end()) {
        into.push_back(block);
        return true;
      }
    }
    return false;
  }

  static constexpr std::uint32_t kMaxRedraws = 1024;
  std::uint32_t d_;
  std::uint32_t memory_;
  const BlockView* blocks_ = nullptr;
  std::uint32_t blocks_per_unit_ = 1;
  std::vector<std::vector<BlockId>> stored_;
  std::vector<BlockId> pool_;
  Rng rng_;
};

}  // namespace

std::unique_ptr<VictimPolicy> make_d_choices_policy(PolicyParams& params, std::uint32_t) {
  const auto d = params.integer("d", 10, 1, 1 << 20);
  const auto memory = params.integer("memory", 0, 0, 1 << 20);
  return std::make_unique<DChoicesPolicy>(static_cast<std::uint32_t>(d),
                                          static_cast<std::uint32_t>(memory));
}

}  // namespace ssdtlm
