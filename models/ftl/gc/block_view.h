#pragma once
// BlockView: the per-block state of the FTL as victim policies read it (valid count, state,
// erase count, data stamp, validity bitmap). The FTL core's BlockTable (models/ftl/core/
// block_table.h) owns the records and is the only writer; it derives from this view, so a
// policy reads the core's records directly, with no copy and no virtual call, while this
// folder depends on nothing in models/ftl/core.
//
// Records are laid out for the functional engine's hot path: one record per block holding
// everything about it, header and validity bitmap together, so an invalidation, a victim check
// or an erase touches one cache line (b = 64: 32-byte records).
// Record (64-bit words): [0] valid count (bits 0-31) | state (bits 32-39); [1] erase count;
// [2] data stamp; [3 ...] validity bitmap, bit p = page p.
#include <cstdint>

#include "models/common/flash_geometry.h"

namespace ssdtlm {

// One allocation unit = one plane (see models/ftl/core/ftl_core.h).
using UnitId = std::uint32_t;

// Life cycle: Free -> Open (a frontier writes it) -> Closed (full, programs still in flight in
// the timed path) -> Candidate (sealed: a GC victim policy may pick it) -> Victim (picked,
// being collected) -> Free again (erased), or Open again when collected in place.
// Retired: a factory bad block, or a grown bad block (failed program or erase) whose data has
// been moved; it is never allocated again (ftl_core_reliability.cpp).
enum class BlockState : std::uint8_t { Free, Open, Closed, Candidate, Victim, Retired };

class BlockView {
 public:
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

 protected:
  static constexpr std::uint32_t kHeaderWords = 3;
  std::uint64_t header(BlockId block) const { return records_[std::uint64_t(block) * stride_]; }
  const std::uint64_t* record(BlockId block) const { return records_ + std::uint64_t(block) * stride_; }

  std::uint64_t* records_ = nullptr;  // block 0's record; the owner sets it
  std::uint64_t blocks_ = 0;
  std::uint32_t pages_per_block_ = 0;
  std::uint32_t words_per_block_ = 0;
  std::uint32_t stride_ = 0;  // words per record
};

}  // namespace ssdtlm
