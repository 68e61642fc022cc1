#pragma once
// Array (die-internal) time of a die-level flash command, in two phases because a copyback has
// a bus command phase between its read (tR) and its program (tPROG). NandDie charges the sum;
// FlashController needs the split to place the copyback's second command phase.
#include <cstdint>
#include <vector>

#include <systemc>
#include <tlm>

#include "models/common/flash_command.h"
#include "models/nand/nand_timing.h"

namespace ssdtlm {

struct ArrayPhases {
  std::uint64_t first_ps = 0;   // read / program / erase / copyback's read
  std::uint64_t second_ps = 0;  // copyback's program, else 0
  std::uint64_t total_ps() const { return first_ps + second_ps; }
};

// A die target's array time split in phases, on the payload for the initiators that need the
// split (FlashController places a copyback's second command phase between its tR and tPROG).
// Optional on both sides: NandDie fills it when the payload carries one; a die target that does
// not leaves it as it was, and the initiator then takes the annotated delay as the first phase.
struct ArrayPhasesExtension : tlm::tlm_extension<ArrayPhasesExtension> {
  ArrayPhases phases;
  bool answered = false;  // set by the die that filled `phases`

  tlm::tlm_extension_base* clone() const override { return new ArrayPhasesExtension(*this); }
  void copy_from(const tlm::tlm_extension_base& other) override {
    *this = static_cast<const ArrayPhasesExtension&>(other);
  }
};

// A die target's answer to a command it accepted: the whole array time added to the delay, the
// split into the payload's ArrayPhasesExtension when the initiator attached one.
inline void answer_array_time(tlm::tlm_generic_payload& payload, sc_core::sc_time& delay, const ArrayPhases& phases) {
  delay += sc_core::sc_time::from_value(phases.total_ps());
  if (auto* extension = payload.get_extension<ArrayPhasesExtension>()) {
    extension->phases = phases;
    extension->answered = true;
  }
  payload.set_response_status(tlm::TLM_OK_RESPONSE);
}

// Multi-plane commands run their planes in parallel: each phase is the maximum over the
// targets (page types differ between planes when page indices do).
ArrayPhases array_phases(const NandTiming& timing, const FlashCommand& command);

// The array times of one page index of a block in ps, computed once per die so that a
// single-plane command's time is a table look-up (NandDie's fast path) instead of a page-type
// division and a unit conversion per command. The same values as array_phases().
class PageArrayTimes {
 public:
  PageArrayTimes(const NandTiming& timing, std::uint32_t pages_per_block);

  // `page` < pages_per_block: the caller has checked the address.
  std::uint64_t read_ps(std::uint32_t page) const { return by_page_[page].read_ps; }
  std::uint64_t program_ps(std::uint32_t page) const { return by_page_[page].program_ps; }
  std::uint64_t erase_ps() const { return erase_ps_; }

 private:
  struct PageTimes {
    std::uint64_t read_ps;
    std::uint64_t program_ps;
  };
  std::vector<PageTimes> by_page_;
  std::uint64_t erase_ps_;
};

}  // namespace ssdtlm
