#pragma once
// Per-block state of the FTL core, laid out for the functional engine's hot path: one record
// per block holding everything about it, header and validity bitmap together, so an
// invalidation, a victim check or an erase touches one cache line (b = 64: 32-byte records).
// Victim policies read this table (const); only FtlCore writes it.
//
// Record (64-bit words): [0] valid count (bits 0-31) | state (bits 32-39); [1] erase count;
// [2] data stamp; [3 ...] validity bitmap, bit p = page p.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "models/common/flash_geometry.h"
#include "models/ftl/core/huge_page_allocator.h"

namespace ssdtlm {

// One allocation unit = one plane (see ftl_core.h).
using UnitId = std::uint32_t;

// Life cycle: Free -> Open (a frontier writes it) -> Closed (full, programs still in flight in
// the timed path) -> Candidate (sealed: a GC victim policy may pick it) -> Victim (picked,
// being collected) -> Free again (erased), or Open again when collected in place.
// Retired: a factory bad block, or a grown bad block (failed program or erase) whose data has
// been moved; it is never allocated again (ftl_core_reliability.cpp).
enum class BlockState : std::uint8_t { Free, Open, Closed, Candidate, Victim, Retired };

class BlockTable {
 public:
  void init(std::uint64_t blocks, std::uint32_t pages) {
    blocks_ = blocks;
    pages_per_block_ = pages;
    words_per_block_ = (pages + 63) / 64;
    stride_ = kHeaderWords + words_per_block_;
    // Records start on a cache-line boundary, so a 32-byte record never straddles two lines.
    records_.assign(blocks * stride_ + 8, 0);
    base_ = (8 - (reinterpret_cast<std::uintptr_t>(records_.data()) / 8) % 8) % 8;
  }

  std::uint64_t blocks() const { return blocks_; }
  std::uint32_t pages_per_block() const { return pages_per_block_; }
  std::uint32_t words_per_block() const { return words_per_block_; }

  std::uint32_t valid_count(BlockId block) const { return static_cast<std::uint32_t>(header(block)); }
  BlockState state(BlockId block) const { return static_cast<BlockState>((header(block) >> 32) & 0xff); }
  bool is_candidate(BlockId block) const { return state(block) == BlockState::Candidate; }
  std::uint32_t erase_count(BlockId block) const { return static_cast<std::uint32_t>(record(block)[1]); }
  // Host-write clock of the youngest data in the block (LFS "age" stamp): the clock when a host
  // frontier closes the block, or the source block's stamp for GC moves, because moved data
  // keeps the age it had (Rosenblum & Ousterhout's segment usage table).
  std::uint64_t data_stamp(BlockId block) const { return record(block)[2]; }
  const std::uint64_t* words(BlockId block) const { return record(block) + kHeaderWords; }
  bool page_valid(BlockId block, std::uint32_t page) const { return (words(block)[page / 64] >> (page % 64)) & 1u; }

  // ---- FtlCore only
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

  std::uint64_t bytes() const { return records_.size() * sizeof(std::uint64_t); }

 private:
  static constexpr std::uint32_t kHeaderWords = 3;
  std::uint64_t header(BlockId block) const { return records_[base_ + std::uint64_t(block) * stride_]; }
  const std::uint64_t* record(BlockId block) const { return &records_[base_ + std::uint64_t(block) * stride_]; }
  std::uint64_t* record(BlockId block) { return &records_[base_ + std::uint64_t(block) * stride_]; }

  std::uint64_t blocks_ = 0;
  std::uint32_t pages_per_block_ = 0;
  std::uint32_t words_per_block_ = 0;
  std::uint32_t stride_ = 0;
  std::size_t base_ = 0;
  std::vector<std::uint64_t, HugePageAllocator<std::uint64_t>> records_;
};

}  // namespace ssdtlm
