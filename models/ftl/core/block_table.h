#pragma once
// BlockTable: the per-block records of the FTL core (layout in models/ftl/gc/block_view.h), and
// the only code that writes them. Victim policies read the table through its BlockView base;
// FtlCore writes it.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "models/common/flash_geometry.h"
#include "models/ftl/core/huge_page_allocator.h"
#include "models/ftl/gc/block_view.h"

namespace ssdtlm {

class BlockTable : public BlockView {
 public:
  BlockTable() = default;
  // The view's record pointer points into this table's own storage.
  BlockTable(const BlockTable&) = delete;
  BlockTable& operator=(const BlockTable&) = delete;

  void init(std::uint64_t blocks, std::uint32_t pages) {
    blocks_ = blocks;
    pages_per_block_ = pages;
    words_per_block_ = (pages + 63) / 64;
    stride_ = kHeaderWords + words_per_block_;
    // Records start on a cache-line boundary, so a 32-byte record never straddles two lines.
    storage_.assign(blocks * stride_ + 8, 0);
    const std::size_t base = (8 - (reinterpret_cast<std::uintptr_t>(storage_.data()) / 8) % 8) % 8;
    records_ = storage_.data() + base;
  }

  void set_state(BlockId block, BlockState state) {
    std::uint64_t& h = record(block)[0];
    h = (h & ~(0xffull << 32)) | (std::uint64_t(state) << 32);
  }
  // Decrement/increment the valid count; the count lives in the low bits and never wraps.
  std::uint32_t clear_valid(BlockId block, std::uint32_t page) {
    std::uint64_t* r = record(block);
    r[kHeaderWords + page / 64] &= ~(1ull << (page % 64));
    return static_cast<std::uint32_t>(--r[0]);
  }
  void set_valid(BlockId block, std::uint32_t page) {
    std::uint64_t* r = record(block);
    r[kHeaderWords + page / 64] |= 1ull << (page % 64);
    ++r[0];
  }
  // Pages [first, first + count) become valid (none of them was).
  void set_valid_range(BlockId block, std::uint32_t first, std::uint32_t count) {
    std::uint64_t* r = record(block);
    r[0] += count;
    for (std::uint32_t page = first, end = first + count; page < end;) {
      const std::uint32_t bit = page % 64;
      const std::uint32_t bits = std::min<std::uint32_t>(64 - bit, end - page);
      r[kHeaderWords + page / 64] |= (bits == 64 ? ~0ull : ((1ull << bits) - 1)) << bit;
      page += bits;
    }
  }
  // Erased: no valid page, one more erase, no data; the state is left to the caller.
  void erase(BlockId block) {
    count_erase(block);
    std::uint64_t* r = record(block);
    r[0] &= 0xffull << 32;
    for (std::uint32_t w = 0; w < words_per_block_; ++w) r[kHeaderWords + w] = 0;
  }
  // One more erase, no data stamp, valid pages untouched: an in-place collection that programs
  // the surviving pages back where they were (FtlCoreConfig::in_place_keeps_page_offsets).
  void count_erase(BlockId block) {
    std::uint64_t* r = record(block);
    ++r[1];
    r[2] = 0;
  }
  void set_data_stamp(BlockId block, std::uint64_t stamp) { record(block)[2] = stamp; }
  void set_erase_count(BlockId block, std::uint32_t count) { record(block)[1] = count; }
  // Drops the valid bits in `mask` (word w of the bitmap) and their count.
  void clear_valid_word(BlockId block, std::uint32_t w, std::uint64_t mask) {
    std::uint64_t* r = record(block);
    r[0] -= static_cast<std::uint64_t>(__builtin_popcountll(r[kHeaderWords + w] & mask));
    r[kHeaderWords + w] &= ~mask;
  }
  const std::uint64_t* record_address(BlockId block) const { return record(block); }
  // Raw layout for FtlCore's batched host-write loop, which keeps these in registers: block b's
  // record starts at first_record() + b * stride(); header word 0, bitmap from header_words().
  std::uint64_t* first_record() { return record(0); }
  std::uint32_t stride() const { return stride_; }
  static constexpr std::uint32_t header_words() { return kHeaderWords; }

  std::uint64_t bytes() const { return storage_.size() * sizeof(std::uint64_t); }

 private:
  using BlockView::record;
  std::uint64_t* record(BlockId block) { return records_ + std::uint64_t(block) * stride_; }

  std::vector<std::uint64_t, HugePageAllocator<std::uint64_t>> storage_;
};

}  // namespace ssdtlm
