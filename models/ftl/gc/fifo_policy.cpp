// fifo ("age" in [Lomet & Luo 2021], FIFO in [Van Houdt 2013]): the block sealed longest ago goes first, i.e.
// blocks are collected in the cyclic order they were written.
#include <algorithm>
#include <deque>

#include "models/ftl/gc/victim_policy.h"

namespace ssdtlm {
namespace {

class FifoPolicy final : public VictimPolicy {
 public:
  const char* name() const override { return "fifo"; }
  void attach(const PolicyContext& context) override {
    blocks_per_unit_ = context.blocks_per_unit;
    queues_.assign(context.units, {});
  }
  void on_sealed(BlockId block) override { queues_[block / blocks_per_unit_].push_back(block); }
  void on_withdrawn(BlockId block) override {
    auto& queue = queues_[block / blocks_per_unit_];
    queue.erase(std::find(queue.begin(), queue.end(), block));
  }
  void select_victims(UnitId unit, std::uint32_t max_victims, std::vector<BlockId>& victims) override {
    auto& queue = queues_[unit];
    for (std::uint32_t i = 0; i < max_victims && !queue.empty(); ++i) {
      victims.push_back(queue.front());
      queue.pop_front();
    }
  }

 private:
  std::uint32_t blocks_per_unit_ = 1;
  std::vector<std::deque<BlockId>> queues_;
};

}  // namespace

std::unique_ptr<VictimPolicy> make_fifo_policy(PolicyParams&, std::uint32_t) {
  return std::make_unique<FifoPolicy>();
}

}  // namespace ssdtlm
