#pragma once
// The candidates of each unit as a dense array with O(1) insert, remove and uniform sampling
// (swap-with-last removal, a position per block). Shared by the policies that sample or scan
// candidates (random, cost-benefit, mdc) so that a scan touches candidates only, not every block.
#include <cstdint>
#include <vector>

#include "models/common/flash_geometry.h"

namespace ssdtlm {

class CandidateSet {
 public:
  void init(std::uint64_t total_blocks, std::uint32_t units, std::uint32_t blocks_per_unit) {
    blocks_per_unit_ = blocks_per_unit;
    members_.assign(units, {});
    position_.assign(total_blocks, kAbsent);
  }
  void insert(BlockId block) {
    auto& list = members_[block / blocks_per_unit_];
    position_[block] = static_cast<std::uint32_t>(list.size());
    list.push_back(block);
  }
  void remove(BlockId block) {
    auto& list = members_[block / blocks_per_unit_];
    const std::uint32_t at = position_[block];
    const BlockId last = list.back();
    list[at] = last;
    position_[last] = at;
    list.pop_back();
    position_[block] = kAbsent;
  }
  bool contains(BlockId block) const { return position_[block] != kAbsent; }
  const std::vector<BlockId>& of_unit(std::uint32_t unit) const { return members_[unit]; }

 private:
  static constexpr std::uint32_t kAbsent = 0xffffffffu;
  std::uint32_t blocks_per_unit_ = 1;
  std::vector<std::vector<BlockId>> members_;
  std::vector<std::uint32_t> position_;
};

}  // namespace ssdtlm
