#pragma once
// OnfiRtlDie: a die whose commands run at pin level (nand.model = onfi-rtl). A TLM target, bound
// to a controller die socket like the built-in NandDie, that turns each die-level FlashCommand
// into ONFI operations of the Verilated onfi_sequencer (OnfiSequencerRtl) driving the pins of an
// OnfiTarget in front of the platform's NandDie, and answers with the array time it observed
// on R/B# (the time the pins were busy, not the pin cycles around it: the controller's channel
// bus times the command, address and data phases, as for the TLM die).
//
// The pin-level bench (sequencer, pins, OnfiTarget) runs in a kernel context of its own: the
// die answers within the controller's call (NandDie is loosely timed), so each command runs that
// kernel until the sequencer has finished the operation (its clock stops when idle). The call
// must come from the main stack (an SC_METHOD, such as the platform's event loop, or outside the
// simulation), not from an SC_THREAD.
//
// Command mapping (the ONFI sequencer knows READ, PROGRAM and ERASE of one plane):
//   Read, CacheRead        READ of each target plane in turn (the cache register is the
//                          controller's timing; the array does a page read either way);
//   Program, CacheProgram  PROGRAM of each target plane in turn;
//   Erase                  ERASE of each target plane in turn;
//   Copyback               READ of the source page, then PROGRAM of its data to the destination;
//   ReadStatus             no array operation, no time.
// A multi-plane command's planes run one after the other on the pins; the answer takes each
// phase's maximum over the planes, as NandDie does for planes working in parallel. A copyback's
// phases are the READ's and the PROGRAM's busy times (ArrayPhasesExtension). So for every
// command the array time, the data and the array state are those of the built-in die. Only the
// die's own operation counts differ: a copyback counts as one page read and one page program,
// a multi-plane command as single-plane ones (stats.json does not report the die's counts).
//
// Data: the 64-bit tag of the page crosses the pins as bytes 0..7 of the page (OnfiTarget); only
// those 8 bytes are transferred, since the transfer's time is not part of the answer.
// A fault model's outcome (bit errors, failed programs) does not cross the pins: the platform
// refuses nand.model = onfi-rtl with nand.reliability.
#include <cstdint>
#include <memory>

#include <systemc>
#include <tlm>
#include <tlm_utils/simple_target_socket.h>

#include "models/common/flash_command.h"
#include "models/nand/nand_die.h"
#include "models/rtl/onfi/onfi_sequencer_rtl.h"
#include "models/rtl/onfi/onfi_target.h"

namespace ssdtlm {

struct OnfiRtlDieTiming {
  // The sequencer's clock. It sets only the pin cycles, which the answer leaves out, and how
  // often the sequencer polls R/B#: a slow clock keeps the polling cheap.
  std::uint64_t clock_period_ps = 1'000'000;
};

class OnfiRtlDie : public sc_core::sc_module {
 public:
  tlm_utils::simple_target_socket<OnfiRtlDie> socket;

  OnfiRtlDie(sc_core::sc_module_name name, NandDie& die, const OnfiRtlDieTiming& timing = {});
  ~OnfiRtlDie() override;

  void b_transport(tlm::tlm_generic_payload& payload, sc_core::sc_time& delay);

  // The pin-level traffic so far (reads, programs, erases, bytes each way).
  const OnfiTargetCounters& pin_counters() const;

 private:
  struct PinBench;
  // Runs one ONFI operation on the pins; returns its R/B# busy time in ps and its result.
  std::uint64_t run_on_pins(OnfiOperation operation, OnfiOperationResult& result);
  std::uint64_t read_page(const PlaneTarget& target, std::uint32_t page, std::uint64_t& tag, bool& ok);
  std::uint64_t program_page(std::uint32_t plane, std::uint32_t block, std::uint32_t page, std::uint64_t tag,
                             bool& ok);
  std::uint64_t erase_block(std::uint32_t plane, std::uint32_t block, bool& ok);
  void report(const std::string& message) const;

  NandDie& die_;
  sc_core::sc_simcontext* context_;  // the pin bench's kernel
  std::unique_ptr<PinBench> bench_;
};

}  // namespace ssdtlm
