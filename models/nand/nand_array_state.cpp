#include "models/nand/nand_array_state.h"

namespace ssdtlm {

const char* describe(FlashRuleViolation violation) {
  switch (violation) {
    case FlashRuleViolation::None: return "no violation";
    case FlashRuleViolation::PlaneOutOfRange: return "plane beyond the die's geometry";
    case FlashRuleViolation::BlockOutOfRange: return "block beyond the plane's geometry";
    case FlashRuleViolation::PageOutOfRange: return "page beyond the block's geometry";
    case FlashRuleViolation::ProgramWithoutErase:
      return "program of a page that already holds data (erase before program)";
    case FlashRuleViolation::ProgramOutOfOrder:
      return "program out of order (pages of a block are programmed in order)";
    case FlashRuleViolation::ReadErasedPage: return "read of an erased (never programmed) page";
  }
  return "?";
}

NandArrayState::NandArrayState(const FlashGeometry& geometry, bool data_mode)
    : geometry_(geometry),
      write_pointer_(geometry.blocks_per_die(), 0),
      erase_count_(geometry.blocks_per_die(), 0) {
  if (data_mode) tags_.assign(std::size_t(geometry.blocks_per_die()) * geometry.pages_per_block, 0);
}

FlashRuleViolation NandArrayState::check_block(std::uint32_t plane, std::uint32_t block) const {
  if (plane >= geometry_.planes_per_die) return FlashRuleViolation::PlaneOutOfRange;
  if (block >= geometry_.blocks_per_plane) return FlashRuleViolation::BlockOutOfRange;
  return FlashRuleViolation::None;
}

FlashRuleViolation NandArrayState::check_address(std::uint32_t plane, std::uint32_t block,
                                                 std::uint32_t page) const {
  const FlashRuleViolation block_rule = check_block(plane, block);
  if (block_rule != FlashRuleViolation::None) return block_rule;
  if (page >= geometry_.pages_per_block) return FlashRuleViolation::PageOutOfRange;
  return FlashRuleViolation::None;
}

FlashRuleViolation NandArrayState::check_program(std::uint32_t plane, std::uint32_t block,
                                                 std::uint32_t page) const {
  const FlashRuleViolation address_rule = check_address(plane, block, page);
  if (address_rule != FlashRuleViolation::None) return address_rule;
  const std::uint32_t next = write_pointer_[block_index(plane, block)];
  if (page < next) return FlashRuleViolation::ProgramWithoutErase;
  if (page > next) return FlashRuleViolation::ProgramOutOfOrder;
  return FlashRuleViolation::None;
}

FlashRuleViolation NandArrayState::check_read(std::uint32_t plane, std::uint32_t block,
                                              std::uint32_t page) const {
  const FlashRuleViolation address_rule = check_address(plane, block, page);
  if (address_rule != FlashRuleViolation::None) return address_rule;
  if (page >= write_pointer_[block_index(plane, block)]) return FlashRuleViolation::ReadErasedPage;
  return FlashRuleViolation::None;
}

PageState NandArrayState::page_state(std::uint32_t plane, std::uint32_t block,
                                     std::uint32_t page) const {
  return page < write_pointer_[block_index(plane, block)] ? PageState::Programmed
                                                          : PageState::Erased;
}

std::uint32_t NandArrayState::next_program_page(std::uint32_t plane, std::uint32_t block) const {
  return write_pointer_[block_index(plane, block)];
}

std::uint32_t NandArrayState::erase_count(std::uint32_t plane, std::uint32_t block) const {
  return erase_count_[block_index(plane, block)];
}

std::size_t NandArrayState::state_bytes() const {
  return write_pointer_.size() * sizeof(std::uint32_t) +
         erase_count_.size() * sizeof(std::uint32_t) + tags_.size() * sizeof(std::uint64_t);
}

}  // namespace ssdtlm
