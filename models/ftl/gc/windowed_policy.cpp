// windowed ([Hu et al. 2009], as described in [Van Houdt 2013] sec 2.2): the candidate with the fewest valid pages among the
// w least recently written ones. w = 1 is fifo, w = all blocks is greedy. Candidates sit in an
// intrusive list in seal order, so removing the chosen one from inside the window is O(1) and a
// selection costs O(w).
#include "models/ftl/gc/victim_policy.h"

namespace ssdtlm {
namespace {

class WindowedPolicy final : public VictimPolicy {
 public:
  explicit WindowedPolicy(std::uint32_t window) : window_(window) {}
  const char* name() const override { return "windowed"; }
  void attach(const PolicyContext& context) override {
    blocks_ = context.blocks;
    blocks_per_unit_ = context.blocks_per_unit;
    next_.assign(blocks_->blocks(), kNone);
    previous_.assign(blocks_->blocks(), kNone);
    head_.assign(context.units, kNone);
    tail_.assign(context.units, kNone);
  }
  void on_sealed(BlockId block) override {
    const UnitId unit = block / blocks_per_unit_;
    previous_[block] = tail_[unit];
    next_[block] = kNone;
    if (tail_[unit] != kNone) next_[tail_[unit]] = block; else head_[unit] = block;
    tail_[unit] = block;
  }
  void on_withdrawn(BlockId block) override { unlink(block / blocks_per_unit_, block); }
  void select_victims(UnitId unit, std::uint32_t max_victims, std::vector<BlockId>& victims) override {
    for (std::uint32_t i = 0; i < max_victims; ++i) {
      BlockId best = kNone;
      std::uint32_t seen = 0;
      for (BlockId block = head_[unit]; block != kNone && seen < window_; block = next_[block], ++seen) {
        if (best == kNone || blocks_->valid_count(block) < blocks_->valid_count(best)) best = block;
      }
      if (best == kNone) return;
      unlink(unit, best);
      victims.push_back(best);
    }
  }

 private:
  static constexpr BlockId kNone = kInvalidBlock;
  void unlink(UnitId unit, BlockId block) {
    if (previous_[block] != kNone) next_[previous_[block]] = next_[block]; else head_[unit] = next_[block];
    if (next_[block] != kNone) previous_[next_[block]] = previous_[block]; else tail_[unit] = previous_[block];
  }
  std::uint32_t window_;
  const BlockView* blocks_ = nullptr;
  std::uint32_t blocks_per_unit_ = 1;
  std::vector<BlockId> next_, previous_, head_, tail_;
};

}  // namespace

std::unique_ptr<VictimPolicy> make_windowed_policy(PolicyParams& params, std::uint32_t) {
  const auto window = params.integer("window", 64, 1, 0xffffffffll);
  return std::make_unique<WindowedPolicy>(static_cast<std::uint32_t>(window));
}

}  // namespace ssdtlm
