#pragma once
// NandDie: the array side of one NAND die. A b_transport call carries a die-level FlashCommand
// (single- or multi-plane); the die checks the flash rules, updates page/block state and adds
// the array time (tR, tPROG of the page type, tBERS, copyback tR + tPROG; multi-plane: the
// maximum over planes) to the annotated delay. Bus cycles, queuing and register pipelining
// belong to FlashController and the channel bus; the die is a passive, loosely-timed target,
// which keeps its cost at one function call per command. A controller whose die socket is bound
// straight to this die calls execute() directly (no payload, no extension look-up, the answer in
// ps); b_transport wraps it for the socket.
//
// A broken flash rule is an FTL or controller bug: it is reported with SC_REPORT_ERROR
// (message type "ssdtlm/nand") naming die, plane, block and page, the command leaves the array
// unchanged, takes no array time and returns TLM_GENERIC_ERROR_RESPONSE with a failed status.
#include <cstdint>
#include <memory>
#include <string>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include "models/common/flash_command.h"
#include "models/common/flash_geometry.h"
#include "models/nand/nand_array_state.h"
#include "models/nand/nand_array_time.h"
#include "models/nand/nand_fault_model.h"
#include "models/nand/nand_timing.h"

namespace ssdtlm {

inline constexpr const char* kNandReportType = "ssdtlm/nand";

// Array operations performed through the socket (backdoor operations are not counted).
// A multi-plane operation counts once per plane.
struct NandDieCounters {
  std::uint64_t page_reads = 0;      // Read and CacheRead
  std::uint64_t page_programs = 0;   // Program and CacheProgram
  std::uint64_t block_erases = 0;
  std::uint64_t copybacks = 0;       // internal page moves (one read + one program each)
  std::uint64_t multi_plane_operations = 0;
  // NAND fault model (set_fault_model): failed programs and erases, raw bit errors read.
  std::uint64_t program_failures = 0;
  std::uint64_t erase_failures = 0;
  std::uint64_t raw_bit_errors = 0;
};

// The die's answer to one command (NandDie::execute).
struct NandDieAnswer {
  bool accepted = false;  // false: a flash rule was broken (reported); nothing changed
  ArrayPhases array;      // the array time, split for a copyback; zero when rejected
};

class NandDie : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<NandDie> socket;

  NandDie(sc_core::sc_module_name name, DieId id, const FlashGeometry& geometry,
          const NandTiming& timing, bool data_mode);

  // TLM target entry point (public so tests and the controller's fast path can call it).
  void b_transport(tlm::tlm_generic_payload& payload, sc_core::sc_time& delay);
  // The same for a caller that holds the command: checks the rules, performs the command, sets
  // its status and answers with the array time (what b_transport adds to the delay).
  // The fast path: a single-plane command for this die on a die without a fault model, when it
  // breaks no rule, is checked and performed with NandArrayState's yes/no rules in one pass;
  // every other command goes to execute_checked(). Same answer, state, counters and reports as
  // execute_checked() for every command (tests/unit/nand/nand_die_execute_test.cpp).
  NandDieAnswer execute(FlashCommand& command);
  // The plain path: checks every target with its diagnostics before anything changes, then
  // performs the command (fault model included).
  NandDieAnswer execute_checked(FlashCommand& command);

  // Zero-time access for preconditioning and tests: the same rules, no time, not counted.
  void backdoor_program(std::uint32_t plane, std::uint32_t block, std::uint32_t page,
                        std::uint64_t tag = 0);
  void backdoor_erase(std::uint32_t plane, std::uint32_t block);
  std::uint64_t backdoor_read(std::uint32_t plane, std::uint32_t block, std::uint32_t page) const;
  // Zero-time: the block has `programmed_pages` pages programmed (in order) since its last erase
  // and `erase_count` erases, as if that many backdoor programs and erases had been made. Not in
  // data mode (the pages' contents would be unknown).
  void backdoor_restore_block(std::uint32_t plane, std::uint32_t block, std::uint32_t programmed_pages,
                              std::uint32_t erase_count);

  DieId id() const { return id_; }
  bool data_mode() const { return array_.data_mode(); }
  const FlashGeometry& geometry() const { return geometry_; }
  std::uint32_t erase_count(std::uint32_t plane, std::uint32_t block) const {
    return array_.erase_count(plane, block);
  }
  PageState page_state(std::uint32_t plane, std::uint32_t block, std::uint32_t page) const {
    return array_.page_state(plane, block, page);
  }
  std::uint32_t next_program_page(std::uint32_t plane, std::uint32_t block) const {
    return array_.next_program_page(plane, block);
  }
  const NandDieCounters& counters() const { return counters_; }
  // Program/erase failures, raw bit errors and factory bad blocks (docs/reliability.md); none
  // without a model. A failed program or erase still takes its array time, reports the
  // failure in its target (PlaneTarget::failed) and the FlashCommand status; the page of a
  // failed program holds corrupted data, the block of a failed erase is left as it was.
  void set_fault_model(std::unique_ptr<NandFaultModel> model) { faults_ = std::move(model); }
  const NandFaultModel* fault_model() const { return faults_.get(); }
  const NandArrayState& array_state() const { return array_; }

 private:
  // Checks every target of `command` before anything changes, so a rejected multi-plane
  // command leaves all planes untouched. Returns false after reporting the violation.
  bool check(const FlashCommand& command) const;
  bool check_target(const FlashCommand& command, const PlaneTarget& target) const;
  void perform(FlashCommand& command);
  void perform_with_faults(const FlashCommand& command, PlaneTarget& target);
  void report_violation(const char* operation, FlashRuleViolation violation, std::uint32_t plane,
                        std::uint32_t block, std::uint32_t page) const;
  void report(const std::string& message) const;

  DieId id_;
  FlashGeometry geometry_;
  NandTiming timing_;
  NandArrayState array_;
  PageArrayTimes page_times_;
  NandDieCounters counters_;
  std::unique_ptr<NandFaultModel> faults_;
};

}  // namespace ssdtlm
