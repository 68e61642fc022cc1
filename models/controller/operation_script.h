#pragma once
// The exact timeline of one die operation (a single- or multi-plane command) as a short list
// of steps that FlashController executes event by event. All timing rules of the controller
// live here; docs/nand-and-controller.md draws them.
//
//   P = page command/address phase (ChannelBusTiming::page_command_ps)
//   E = erase command phase, X_i = transfer of plane i's bytes, B = tDBSY between planes,
//   S = status read (NandTiming::status_read_ns), n = planes, A = array time (NandDie),
//   C = tCBSY/tRCBSY (NandTiming::cache_busy_ns)
//
//   Read          Bus[n·P + (n−1)·B]  Array[max tR]  Bus[S + ΣX]
//   Program       Bus[Σ(P + X_i) + (n−1)·B]  Array[max tPROG]  Bus[S]
//   Erase         Bus[n·E + (n−1)·B]  Array[tBERS]  Bus[S]
//   Copyback      Bus[n·P + (n−1)·B]  Array[max tR]  Bus[n·P + (n−1)·B]  Array[max tPROG]  Bus[S]
//   ReadStatus    Bus[S, or one command cycle + one byte out when S = 0]  Array[0] (the die answers)
//   CacheProgram  Bus[Σ(P + X_i) + (n−1)·B]  (page register free) Move[C]  <pipeline opens>
//                 Array[max tPROG]  (page register released)  Bus[S]
//   CacheRead     Bus[n·P + (n−1)·B]  (page register free) Array[max tR]  <pipeline opens>
//                 (cache register free) Move[C]  (page register released)  Bus[S + ΣX]
//                 (cache register released)
//
// A bus step of zero length does not ask for the bus. The die stays reserved from the first
// step to the last: a plain command starts only on an idle die; the next cache command of the
// same kind may start when the pipeline opens, which is how data-in of the next page overlaps
// tPROG of this one (cache program) and tR of the next page overlaps data-out of this one
// (cache read).
#include <array>
#include <cstdint>
#include <vector>

#include "models/common/flash_command.h"
#include "models/nand/nand_array_time.h"
#include "models/nand/nand_timing.h"

namespace ssdtlm {

enum class StepKind : std::uint8_t {
  Bus,           // hold the channel bus for duration_ps
  Array,         // array operation; the first Array step hands the command to NandDie
  RegisterMove,  // cache <-> page register move inside the die (tCBSY / tRCBSY)
  AcquirePageRegister,
  ReleasePageRegister,
  AcquireCacheRegister,
  ReleaseCacheRegister,
  OpenPipeline,  // the die may start its next cache command of the same kind
};

// Which per-operation time a step adds to the duration_ps of its kind's template: an operation
// shares the template (OperationScriptTemplates) and keeps only these few times of its own
// (DieOperation::variable_ps), so dispatching a command copies no script.
enum StepVariable : std::uint8_t {
  kNoVariable = 0,           // the template's time is the step's time (that entry stays 0)
  kTransferVariable = 1,     // the data step: + ΣX of the operation's pages
  kFirstArrayVariable = 2,   // the first Array step: the die's first array phase
  kSecondArrayVariable = 3,  // a copyback's second Array step: its tPROG
};
inline constexpr std::size_t kStepVariables = 4;

struct Step {
  StepKind kind = StepKind::Bus;
  StepVariable variable = kNoVariable;  // set on the templates only
  std::uint64_t duration_ps = 0;
};

class OperationScript {
 public:
  static constexpr std::size_t kMaxSteps = 10;
  static constexpr std::uint8_t kNoDataStep = 0xff;
  void add(StepKind kind, std::uint64_t duration_ps = 0) {
    steps_[size_++] = {kind, kNoVariable, duration_ps};
  }
  // Marks the step just added as the one whose bus time includes the pages' transfers (ΣX).
  void mark_data_step() { data_step_ = static_cast<std::uint8_t>(size_ - 1); }
  std::size_t size() const { return size_; }
  // The Bus step that carries ΣX, or kNoDataStep (erase, copyback, read status).
  std::uint8_t data_step() const { return data_step_; }
  // From its first Array step on, the script is Array and Bus steps only, at least two of them
  // timed: once the die is called, the rest of the operation is a fixed timeline that
  // FlashController may relay (flash_controller_relay.cpp). Set on the templates.
  bool relayable_tail() const { return relayable_tail_; }
  void mark_relayable_tail() { relayable_tail_ = true; }
  const Step& operator[](std::size_t index) const { return steps_[index]; }
  Step& operator[](std::size_t index) { return steps_[index]; }

 private:
  std::array<Step, kMaxSteps> steps_{};
  std::uint8_t size_ = 0;
  std::uint8_t data_step_ = kNoDataStep;
  bool relayable_tail_ = false;
};

// What the timeline depends on besides the timing structs.
struct OperationShape {
  FlashOpcode opcode = FlashOpcode::Read;
  std::uint32_t plane_count = 1;
  std::uint64_t transfer_ps_total = 0;  // Σ X_i, each plane's bytes over the bus
};

OperationScript build_operation_script(const OperationShape& shape, const ArrayPhases& array,
                                       const NandTiming& nand, const ChannelBusTiming& bus);

// The scripts of every opcode and plane count, built once: every command of a kind has the
// same steps, and only ΣX and the array times differ between commands. An operation points at
// its template and keeps ΣX and the die's answer as its step variables (Step::variable), so no
// script is built or copied per command. The templates' Array steps have kArrayFromDie (0) as
// their own duration: the die answers with ArrayPhases, the first Array step takes its first
// phase and a copyback's second (the only opcode with two) its second.
class OperationScriptTemplates {
 public:
  static constexpr std::uint64_t kArrayFromDie = 0;
  OperationScriptTemplates(const NandTiming& nand, const ChannelBusTiming& bus, std::uint32_t max_planes);
  const OperationScript& get(FlashOpcode opcode, std::uint32_t plane_count) const {
    return scripts_[static_cast<std::size_t>(opcode) * max_planes_ + plane_count - 1];
  }

 private:
  std::uint32_t max_planes_;
  std::vector<OperationScript> scripts_;
};

// Bus time of an explicit ReadStatus command.
std::uint64_t read_status_ps(const NandTiming& nand, const ChannelBusTiming& bus);

}  // namespace ssdtlm
