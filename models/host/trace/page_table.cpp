#include "models/host/trace/page_table.h"

namespace ssdtlm {

void PageTable::grow() {
  std::vector<Slot> old = std::move(slots_);
  const std::size_t capacity = old.empty() ? 1024 : old.size() * 2;
  slots_.assign(capacity, Slot{});
  shift_ = 64;
  for (std::size_t c = capacity; c > 1; c >>= 1) --shift_;
  const std::size_t mask = capacity - 1;
  for (const Slot& slot : old) {
    if (slot.page == kEmpty) continue;
    std::size_t i = home(slot.page);
    while (slots_[i].page != kEmpty) i = (i + 1) & mask;
    slots_[i] = slot;
  }
}

std::uint32_t& PageTable::find_or_insert(std::uint64_t page, bool& inserted) {
  // At most half full keeps linear probes short.
  if ((size_ + 1) * 2 > slots_.size()) grow();
  const std::size_t mask = slots_.size() - 1;
  std::size_t i = home(page);
  while (slots_[i].page != kEmpty) {
    if (slots_[i].page == page) {
      inserted = false;
      return slots_[i].value;
    }
    i = (i + 1) & mask;
  }
  slots_[i].page = page;
  ++size_;
  inserted = true;
  return slots_[i].value;
}

const std::uint32_t* PageTable::find(std::uint64_t page) const {
  if (slots_.empty()) return nullptr;
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t i = home(page); slots_[i].page != kEmpty; i = (i + 1) & mask) {
    if (slots_[i].page == page) return &slots_[i].value;
  }
  return nullptr;
}

}  // namespace ssdtlm
