// FtlCore::write_host_functional_batch(): the functional engine's and preconditioning's
// host-write loop. Each write is write_host_functional(); the batch only adds prefetching of
// writes further on and, for one allocation unit with one host frontier (`ssdtlm wa`), a loop
// that keeps the hot state in registers.
#include "models/ftl/core/ftl_core.h"

namespace ssdtlm {
namespace {

// Distances, in writes, of the two prefetches. The map entry is fetched first; the old copy's
// block record needs that entry, so it is fetched later, when the entry has arrived. Measured
// on this machine: 24/10 beat 32/12 and 64/24 (longer distances lose prefetched lines before
// use, shorter ones leave misses exposed).
constexpr std::size_t kMapAhead = 24;
constexpr std::size_t kStateAhead = 10;

}  // namespace

void FtlCore::write_host_functional_batch(const Lpn* lpns, std::size_t count, std::size_t available) {
  if (unit_count_ == 1 && host_frontiers_ == 1 && sort_buffer_pages_ == 0 && !tracks_heat_ && observer_ == nullptr) {
    write_host_batch_single_unit(lpns, count, available);
    return;
  }
  for (std::size_t i = 0; i < count; ++i) {
    if (i + kMapAhead < available) prefetch_mapping(lpns[i + kMapAhead]);
    if (i + kStateAhead < available) prefetch_old_copy(lpns[i + kStateAhead]);
    write_host_functional(lpns[i]);
  }
}

// write_host_functional() inlined for the case above, step for step (collect while GC is
// wanted, invalidate the old copy, program the host frontier), with what every write touches
// held in locals. Why: the map and reverse map are uint32_t and the block records uint64_t
// arrays, so for the compiler each of their stores may overwrite the core's own uint32_t and
// uint64_t members (frontier slot and room, clock, counters, array bases), which it would then
// reload for every write; the loop is bound by instructions as much as by memory. The locals are
// written back before anything else runs (collect, a full frontier) and at the end; only those
// out-of-line steps change the frontier or start GC, so between them the locals are exact.
void FtlCore::write_host_batch_single_unit(const Lpn* lpns, std::size_t count, std::size_t available) {
  Ppn* const l2p = map_.entries();
  Lpn* const p2l = map_.reverse_entries();
  std::uint64_t* const records = blocks_.first_record();
  const std::uint64_t stride = blocks_.stride();
  constexpr std::uint32_t kBitmap = BlockTable::header_words();
  const std::uint64_t total_pages = total_pages_;
  const std::uint32_t pages_per_block = pages_per_block_;
  const bool pow2 = pages_per_block_is_pow2_;
  const std::uint32_t shift = page_shift_;
  const bool use_index = use_index_;
  const auto block_of_page = [&](Ppn ppn) -> BlockId { return pow2 ? ppn >> shift : ppn / pages_per_block; };
  WriteFrontier& open = allocator_.frontier(0, 0);

  std::uint64_t clock = clock_;
  std::uint64_t host_writes = counters_.host_page_writes;
  // The host frontier, valid while `loaded`.
  bool loaded = false;
  BlockId block = kInvalidBlock;
  std::uint32_t next_page = 0;
  std::uint32_t room = 0;
  bool holes = false;
  std::uint64_t* record = nullptr;

  for (std::size_t i = 0; i < count; ++i) {
    if (i + kMapAhead < available) prefetch_for_write(&l2p[lpns[i + kMapAhead]]);
    if (i + kStateAhead < available) {
      const Ppn ahead = l2p[lpns[i + kStateAhead]];
      if (ahead < total_pages) prefetch_for_write(records + block_of_page(ahead) * stride);
    }
    if (!loaded) {
      if (gc_wanted(0)) {
        clock_ = clock;
        counters_.host_page_writes = host_writes;
        do collect(0);
        while (gc_wanted(0));
        clock = clock_;
        host_writes = counters_.host_page_writes;
      }
      block = open.block;  // open: GC is no longer wanted, so no host frontier is starved
      next_page = open.next_page;
      room = open.room;
      holes = open.has_holes;
      record = records + std::uint64_t(block) * stride;
      loaded = true;
    }
    const Lpn lpn = lpns[i];
    const Ppn old = l2p[lpn];
    if (old < total_pages) {  // invalidate()
      const BlockId old_block = block_of_page(old);
      std::uint64_t* const old_record = records + std::uint64_t(old_block) * stride;
      const std::uint32_t old_page = old - old_block * pages_per_block;
      old_record[kBitmap + old_page / 64] &= ~(1ull << (old_page % 64));
      const auto valid = static_cast<std::uint32_t>(--old_record[0]);  // the count: header bits 0-31
      if (use_index) valid_index_.push(0, old_block, valid);
    }
    ++clock;
    ++host_writes;
    const std::uint32_t page = next_page;  // program()
    next_page = holes ? allocator_.next_free_slot(open, page + 1) : page + 1;
    const Ppn ppn = block * pages_per_block + page;
    l2p[lpn] = ppn;
    p2l[ppn] = lpn;
    record[kBitmap + page / 64] |= 1ull << (page % 64);
    ++record[0];
    if (--room == 0) {
      clock_ = clock;
      counters_.host_page_writes = host_writes;
      open.next_page = next_page;
      open.room = 0;
      frontier_full(0, 0);
      loaded = false;
    }
  }
  clock_ = clock;
  counters_.host_page_writes = host_writes;
  if (loaded) {
    open.next_page = next_page;
    open.room = room;
  }
}

}  // namespace ssdtlm
