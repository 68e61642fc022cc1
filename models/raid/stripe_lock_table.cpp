#include "models/raid/stripe_lock_table.h"

#include <vector>

namespace ssdtlm {

bool StripeLockTable::compatible(std::uint64_t first, std::uint64_t last, bool exclusive) const {
  for (std::uint64_t s = first; s <= last; ++s) {
    const auto it = held_.find(s);
    if (it == held_.end()) continue;
    if (it->second.writer || (exclusive && it->second.readers > 0)) return false;
  }
  return true;
}

void StripeLockTable::take(std::uint64_t first, std::uint64_t last, bool exclusive) {
  for (std::uint64_t s = first; s <= last; ++s) {
    Hold& hold = held_[s];
    if (exclusive) {
      hold.writer = true;
    } else {
      ++hold.readers;
    }
  }
}

bool StripeLockTable::acquire(std::uint64_t first, std::uint64_t last, bool exclusive, Grant grant) {
  bool behind_waiter = false;
  for (const Waiter& waiter : waiting_) {
    if (waiter.first <= last && first <= waiter.last) {
      behind_waiter = true;
      break;
    }
  }
  if (!behind_waiter && compatible(first, last, exclusive)) {
    take(first, last, exclusive);
    grant();
    return true;
  }
  ++waits_;
  waiting_.push_back(Waiter{first, last, exclusive, std::move(grant)});
  return false;
}

void StripeLockTable::release(std::uint64_t first, std::uint64_t last, bool exclusive) {
  for (std::uint64_t s = first; s <= last; ++s) {
    const auto it = held_.find(s);
    if (it == held_.end()) continue;
    if (exclusive) {
      it->second.writer = false;
    } else if (it->second.readers > 0) {
      --it->second.readers;
    }
    if (!it->second.writer && it->second.readers == 0) held_.erase(it);
  }
  // Grant in arrival order; a waiter that still cannot go keeps later overlapping ones back.
  std::vector<Grant> granted;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> blocked;
  for (auto it = waiting_.begin(); it != waiting_.end();) {
    bool overlaps_blocked = false;
    for (const auto& range : blocked) {
      if (range.first <= it->last && it->first <= range.second) overlaps_blocked = true;
    }
    if (!overlaps_blocked && compatible(it->first, it->last, it->exclusive)) {
      take(it->first, it->last, it->exclusive);
      granted.push_back(std::move(it->grant));
      it = waiting_.erase(it);
    } else {
      blocked.emplace_back(it->first, it->last);
      ++it;
    }
  }
  // Grants run after the table is consistent: one may release or acquire again.
  for (auto& grant : granted) grant();
}

}  // namespace ssdtlm
