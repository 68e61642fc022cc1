#include "models/controller/die_queue.h"

#include <algorithm>
#include <iterator>

#include <systemc>

namespace ssdtlm {

DieQueue::DieQueue(std::initializer_list<QueuedCommand> commands) {
  for (const QueuedCommand& queued : commands) push_back(queued);
}

bool DieQueue::may_hold_partner(const CommandKey& first, std::uint32_t plane) const {
  if (!count_partners_) return true;
  return plane < kMaxPlanes && counts_[count_slot(first, plane)] != 0;
}

void DieQueue::disable_partner_counts() {
  sc_assert(empty());
  count_partners_ = false;
}

void DieQueue::push_front(const QueuedCommand& queued) {
  const CommandKey key = key_of(*queued.command);
  if (head_ > 0) {
    --head_;
    commands_[head_] = queued;
    keys_[head_] = key;
  } else {
    commands_.insert(commands_.begin(), queued);
    keys_.insert(keys_.begin(), key);
  }
  count(key, +1);
}

void DieQueue::erase_at(std::size_t offset) {
  const std::size_t at = head_ + offset;
  count(keys_[at], -1);
  if (offset == 0) {
    ++head_;  // the oldest leaves (FIFO, and most picks): nothing moves
  } else if (offset < size() / 2) {
    // Shift the older commands up by one and drop the first slot.
    std::move_backward(commands_.begin() + static_cast<std::ptrdiff_t>(head_),
                       commands_.begin() + static_cast<std::ptrdiff_t>(at),
                       commands_.begin() + static_cast<std::ptrdiff_t>(at + 1));
    std::move_backward(keys_.begin() + static_cast<std::ptrdiff_t>(head_),
                       keys_.begin() + static_cast<std::ptrdiff_t>(at),
                       keys_.begin() + static_cast<std::ptrdiff_t>(at + 1));
    ++head_;
  } else {
    commands_.erase(commands_.begin() + static_cast<std::ptrdiff_t>(at));
    keys_.erase(keys_.begin() + static_cast<std::ptrdiff_t>(at));
  }
  if (head_ == commands_.size()) {
    commands_.clear();
    keys_.clear();
    head_ = 0;
  } else if (head_ >= kDeadFrontLimit && head_ >= size()) {
    // Drop the dead front once it is as long as the queue, so memory stays bounded.
    commands_.erase(commands_.begin(), commands_.begin() + static_cast<std::ptrdiff_t>(head_));
    keys_.erase(keys_.begin(), keys_.begin() + static_cast<std::ptrdiff_t>(head_));
    head_ = 0;
  }
}

}  // namespace ssdtlm
