#pragma once
// ProgramEraseSuspend: FlashController's program/erase suspend (controller.suspend.enabled;
// docs/nand-and-controller.md, "Suspend and resume"). A host page read queued for a die whose
// array is programming or erasing suspends that operation when suspending is quicker than
// finishing; after the suspend latency (tPSPD / tESPD) the reads queued then run one after
// another, and the operation resumes (after tRES) with the array time it had left. At most
// `max_per_operation` suspensions per operation, so that a read stream cannot starve it.
//
// The unit decides and keeps the die's suspend phase (DieContext::suspend_phase and the
// operation's remaining time); the controller runs the reads and the resumed step, through the
// small Controller interface (called once per read served and per resume, never per command).
#include <cstddef>
#include <cstdint>

#include "models/controller/die_context.h"
#include "models/kernel/timed_callback_queue.h"
#include "models/nand/nand_timing.h"

namespace ssdtlm {

class ProgramEraseSuspend final {
 public:
  // What the unit asks of the controller that runs the die's operations.
  class Controller {
   public:
    // Starts the queued read at `pick` (single-plane) on the die whose operation is suspended.
    virtual void start_read_while_suspended(DieContext& die, std::size_t pick) = 0;
    // The suspended operation in `slot` resumes: its interrupted Array step runs the remaining
    // time (DieOperation::variable_ps), and the die may dispatch again.
    virtual void resume_operation(DieContext& die, int slot) = 0;
    // The die's state changed (the activity observer's hook).
    virtual void suspend_phase_changed(const DieContext& die) = 0;

   protected:
    ~Controller() = default;
  };

  ProgramEraseSuspend(Controller& controller, TimedCallbackQueue& timers, const NandTiming& timing,
                      std::uint32_t max_per_operation)
      : controller_(controller), timers_(timers), timing_(timing), max_per_operation_(max_per_operation) {}

  // Suspends the die's running program or erase when a queued host read may run in its place
  // (true if it did): the die runs one operation, a plain Program or Erase in its Array step,
  // with more time left than the suspend latency, and a read qualifies (find_read).
  bool try_suspend(DieContext& die);
  // The oldest queued host page read that touches neither the suspended (or running)
  // operation's blocks nor passes an older queued command it may not overtake
  // (command_hazard.h); die.queue.size() when there is none.
  std::size_t find_read(const DieContext& die) const;
  // On a suspended die with nothing else in flight: starts the next read this suspension may
  // serve, or else begins the resume.
  void serve(DieContext& die);

  std::uint64_t program_suspensions() const { return program_suspensions_; }
  std::uint64_t erase_suspensions() const { return erase_suspensions_; }
  std::uint64_t reads_during_suspension() const { return reads_during_suspension_; }

 private:
  void suspension_ready(DieContext& die);  // the suspend latency has passed
  void resumed(DieContext& die);           // the resume latency has passed

  Controller& controller_;
  TimedCallbackQueue& timers_;
  NandTiming timing_;
  std::uint32_t max_per_operation_;
  std::uint64_t program_suspensions_ = 0;
  std::uint64_t erase_suspensions_ = 0;
  std::uint64_t reads_during_suspension_ = 0;
};

}  // namespace ssdtlm
