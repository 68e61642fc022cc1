#pragma once
// FreeBlockRing: the free blocks of one allocation unit, oldest erased first (spreads erases,
// no allocation once sized).
#include <cstddef>
#include <utility>
#include <vector>

#include "models/common/flash_geometry.h"

namespace ssdtlm {

class FreeBlockRing {
 public:
  void reserve(std::uint32_t capacity) { slots_.assign(capacity + 1, kInvalidBlock); }
  bool empty() const { return head_ == tail_; }
  std::size_t size() const { return tail_ >= head_ ? tail_ - head_ : tail_ + slots_.size() - head_; }
  void push(BlockId block) {
    slots_[tail_] = block;
    if (++tail_ == slots_.size()) tail_ = 0;
  }
  BlockId pop() {
    const BlockId block = slots_[head_];
    if (++head_ == slots_.size()) head_ = 0;
    return block;
  }
  // Dynamic wear leveling: the block with the least key (the first in ring order on ties).
  template <class Key> BlockId pop_least(Key key) {
    std::size_t best = head_;
    for (std::size_t i = head_; i != tail_; i = (i + 1 == slots_.size() ? 0 : i + 1)) {
      if (key(slots_[i]) < key(slots_[best])) best = i;
    }
    std::swap(slots_[best], slots_[head_]);
    return pop();
  }
  template <class F> void for_each(F f) const {
    for (std::size_t i = head_; i != tail_; i = (i + 1 == slots_.size() ? 0 : i + 1)) f(slots_[i]);
  }

 private:
  std::vector<BlockId> slots_;
  std::size_t head_ = 0, tail_ = 0;
};

}  // namespace ssdtlm
