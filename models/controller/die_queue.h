#pragma once
// DieQueue: the commands waiting for one die, oldest first, and beside each its CommandKey
// (command_key.h) in a contiguous array. The scheduling policy and the multi-plane merger scan
// the keys: a die queue is hundreds of commands long when every plane collects garbage, and
// following each command's pointer made every dispatch a run of cache misses.
//
// Also for long queues:
//  * erasing moves the shorter side: the oldest commands leave most often, so the storage
//    keeps a head offset instead of shifting the whole queue down;
//  * counts of the queued commands per (opcode, plane, page bucket) tell the merger when no
//    plane has a possible partner for a command, so that it need not scan at all.
//
// The queued FlashCommands must not change while queued: their keys are copied on entry.
#include <array>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

#include "models/controller/command_key.h"
#include "models/controller/queued_command.h"

namespace ssdtlm {

class DieQueue {
 public:
  using const_iterator = std::vector<QueuedCommand>::const_iterator;

  DieQueue() = default;
  DieQueue(std::initializer_list<QueuedCommand> commands);

  // One per flash command; forced inline (GCC kept the plain inline one out of line: a call and
  // a frame per command).
  [[gnu::always_inline]] void push_back(const QueuedCommand& queued) {
    commands_.push_back(queued);
    keys_.push_back(key_of(*queued.command));
    count(keys_.back(), +1);
  }
  void push_front(const QueuedCommand& queued);  // goes before everything queued
  void erase(const_iterator position) {
    // The oldest leaves (FIFO, and most picks) and neither the queue empties nor the dead front
    // grows to be dropped: nothing moves (inline); erase_at() does the rest.
    if (position == begin() && head_ + 1 < kDeadFrontLimit && head_ + 1 < commands_.size()) {
      count(keys_[head_], -1);
      ++head_;
      return;
    }
    erase_at(static_cast<std::size_t>(position - begin()));
  }

  bool empty() const { return size() == 0; }
  std::size_t size() const { return commands_.size() - head_; }
  const QueuedCommand& operator[](std::size_t position) const { return commands_[head_ + position]; }
  const CommandKey& key(std::size_t position) const { return keys_[head_ + position]; }
  const_iterator begin() const { return commands_.begin() + static_cast<std::ptrdiff_t>(head_); }
  const_iterator end() const { return commands_.end(); }

  // False if no queued command on `plane` has the opcode of `first` and a page that could
  // match its page under the multi-plane rule (multi_plane_merge.h). True is only a maybe.
  bool may_hold_partner(const CommandKey& first, std::uint32_t plane) const;
  // For a die that never merges (one plane, or merging off): no counts are kept, and
  // may_hold_partner() always answers maybe. Only while the queue is empty.
  void disable_partner_counts();

 private:
  static constexpr std::size_t kPageBuckets = 64;
  static constexpr std::size_t kDeadFrontLimit = 64;  // a dead front this long may be dropped

  void erase_at(std::size_t offset);
  static constexpr std::size_t kOpcodes = static_cast<std::size_t>(FlashOpcode::ReadStatus) + 1;

  static std::size_t count_slot(const CommandKey& key, std::uint32_t plane) {
    // Erases merge whatever their pages; the other opcodes need equal (source) pages.
    const std::size_t bucket = key.opcode == FlashOpcode::Erase ? 0 : key.page % kPageBuckets;
    return (static_cast<std::size_t>(key.opcode) * kMaxPlanes + plane) * kPageBuckets + bucket;
  }
  // Inline: every push and erase calls it, and most dies keep no counts.
  void count(const CommandKey& key, int delta) {
    if (count_partners_ && key.plane < kMaxPlanes) {
      counts_[count_slot(key, key.plane)] += static_cast<std::uint32_t>(delta);
    }
  }

  std::vector<QueuedCommand> commands_;  // [head_, end) is the queue
  std::vector<CommandKey> keys_;         // parallel to commands_
  std::size_t head_ = 0;
  bool count_partners_ = true;
  std::array<std::uint32_t, kOpcodes * kMaxPlanes * kPageBuckets> counts_{};
};

}  // namespace ssdtlm
