#pragma once
// Page number -> 32-bit value, for the per-page bookkeeping of a trace (access counts, new
// page numbers). Open addressing with linear probing over one flat array: a trace's footprint
// can be tens of millions of pages, where std::unordered_map's node per entry costs three
// times the memory and a cache miss per lookup.
#include <cstdint>
#include <vector>

namespace ssdtlm {

class PageTable {
 public:
  // The value slot of `page`, inserted as 0 (with `inserted` set) if it was not there.
  std::uint32_t& find_or_insert(std::uint64_t page, bool& inserted);
  const std::uint32_t* find(std::uint64_t page) const;
  std::uint64_t size() const { return size_; }

  template <typename Visit>  // visit(page, value) for every entry, in no particular order
  void for_each(Visit visit) const {
    for (const Slot& slot : slots_) {
      if (slot.page != kEmpty) visit(slot.page, slot.value);
    }
  }

 private:
  static constexpr std::uint64_t kEmpty = ~0ull;  // no byte offset / page size reaches it
  struct Slot {
    std::uint64_t page = kEmpty;
    std::uint32_t value = 0;
  };
  std::size_t home(std::uint64_t page) const {
    return static_cast<std::size_t>((page * 0x9e3779b97f4a7c15ull) >> shift_);
  }
  void grow();

  std::vector<Slot> slots_;
  std::uint64_t size_ = 0;
  unsigned shift_ = 64;
};

}  // namespace ssdtlm
