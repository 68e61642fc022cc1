#pragma once
// Page and block state of one die's flash array, kept apart from the timed NandDie module
// (DRAMSys style: storage outside the timing model) so that the rules are plain C++.
//
// Memory: pages of a block are programmed strictly in order, so a block's state is one write
// pointer (pages programmed since the last erase); a page is Programmed iff its index is below
// the pointer. That is 4 bytes per block plus a 4-byte erase count, whatever pages_per_block
// is. Data mode adds one 64-bit tag per page standing for the page's contents.
#include <cstdint>
#include <vector>

#include "models/common/flash_geometry.h"

namespace ssdtlm {

enum class PageState : std::uint8_t { Erased, Programmed };

enum class FlashRuleViolation : std::uint8_t {
  None,
  PlaneOutOfRange,
  BlockOutOfRange,
  PageOutOfRange,
  ProgramWithoutErase,  // the page already holds data: the block must be erased first
  ProgramOutOfOrder,    // a block's pages are programmed in order, this is not the next one
  ReadErasedPage,       // no data was programmed since the last erase
};
const char* describe(FlashRuleViolation violation);

class NandArrayState {
 public:
  NandArrayState(const FlashGeometry& geometry, bool data_mode);

  // Rule checks: None when the operation is legal. They never change state.
  FlashRuleViolation check_address(std::uint32_t plane, std::uint32_t block,
                                   std::uint32_t page) const;
  FlashRuleViolation check_block(std::uint32_t plane, std::uint32_t block) const;
  FlashRuleViolation check_program(std::uint32_t plane, std::uint32_t block,
                                   std::uint32_t page) const;
  FlashRuleViolation check_read(std::uint32_t plane, std::uint32_t block,
                                std::uint32_t page) const;

  // The same rules as one yes/no, for NandDie's fast path (a few compares per command): true
  // exactly when check_block / check_read / check_program would answer None. A false answer
  // sends the die to the checks above, which name the rule broken.
  bool block_in_range(std::uint32_t plane, std::uint32_t block) const {
    return plane < geometry_.planes_per_die && block < geometry_.blocks_per_plane;
  }
  bool readable(std::uint32_t plane, std::uint32_t block, std::uint32_t page) const {
    return block_in_range(plane, block) && page < geometry_.pages_per_block &&
           page < write_pointer_[block_index(plane, block)];
  }
  bool programmable(std::uint32_t plane, std::uint32_t block, std::uint32_t page) const {
    return block_in_range(plane, block) && page < geometry_.pages_per_block &&
           page == write_pointer_[block_index(plane, block)];
  }

  // State changes; callers have checked the rule first. Inline: the die calls them once per
  // command.
  void program(std::uint32_t plane, std::uint32_t block, std::uint32_t page, std::uint64_t tag) {
    const std::size_t index = block_index(plane, block);
    write_pointer_[index] = page + 1;
    if (data_mode()) tags_[index * geometry_.pages_per_block + page] = tag;
  }
  void erase(std::uint32_t plane, std::uint32_t block) {
    const std::size_t index = block_index(plane, block);
    write_pointer_[index] = 0;
    ++erase_count_[index];
    // Tags of erased pages stay as they are: the write pointer alone says they are unreadable.
  }
  // Sets a block's state directly: `programmed_pages` pages programmed since the last erase,
  // `erase_count` erases (preconditioning's final state, SsdPlatform::precondition). Page tags
  // are left alone: data mode has to replay every program instead.
  void restore_block(std::uint32_t plane, std::uint32_t block, std::uint32_t programmed_pages,
                     std::uint32_t erase_count) {
    const std::size_t index = block_index(plane, block);
    write_pointer_[index] = programmed_pages;
    erase_count_[index] = erase_count;
  }
  // The stored tag in data mode, 0 in no-storage mode.
  std::uint64_t read(std::uint32_t plane, std::uint32_t block, std::uint32_t page) const {
    if (!data_mode()) return 0;
    return tags_[block_index(plane, block) * geometry_.pages_per_block + page];
  }

  PageState page_state(std::uint32_t plane, std::uint32_t block, std::uint32_t page) const;
  // Index of the next page to program in the block (pages_per_block when the block is full).
  std::uint32_t next_program_page(std::uint32_t plane, std::uint32_t block) const;
  std::uint32_t erase_count(std::uint32_t plane, std::uint32_t block) const;
  bool data_mode() const { return !tags_.empty(); }
  // Bytes of state held, for the memory budget tests.
  std::size_t state_bytes() const;

 private:
  std::size_t block_index(std::uint32_t plane, std::uint32_t block) const {
    return std::size_t(plane) * geometry_.blocks_per_plane + block;
  }

  FlashGeometry geometry_;
  std::vector<std::uint32_t> write_pointer_;  // per block: pages programmed since the last erase
  std::vector<std::uint32_t> erase_count_;    // per block
  std::vector<std::uint64_t> tags_;           // per page, data mode only
};

}  // namespace ssdtlm
