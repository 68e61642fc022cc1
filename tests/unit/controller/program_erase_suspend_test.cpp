// ProgramEraseSuspend alone, on a die context set up by hand and a fake controller: when a
// queued read suspends a running erase, which read it serves, when the operation resumes and
// with how much array time left, and the rules that refuse a suspension.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "models/controller/program_erase_suspend.h"
#include "tests/unit/controller/flash_commands.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm::testing {
namespace {

constexpr std::uint64_t kUs = 1'000'000;
constexpr std::uint64_t kCommandPs = 100'000;  // the erase's command phase (a Bus step)
constexpr std::uint64_t kEraseArrayPs = 3000 * kUs;
constexpr std::uint64_t kReadPs = 60 * kUs;    // a served read, start to completion

// Runs the reads the unit starts for kReadPs each, and records what the unit asked for.
class FakeController : public ProgramEraseSuspend::Controller {
 public:
  explicit FakeController(TimedCallbackQueue& timers) : timers_(timers) {}
  void start_read_while_suspended(DieContext& die, std::size_t pick) override {
    read_starts_ps.push_back(sim_now_ps());
    started_reads.push_back(die.queue[pick].command);
    die.queue.erase(die.queue.begin() + static_cast<std::ptrdiff_t>(pick));
    DieContext* reading = &die;
    timers_.schedule_in_ps(kReadPs, [this, reading] { unit->serve(*reading); });  // the read completes
  }
  void resume_operation(DieContext& /*die*/, int slot) override {
    resumed_slots.push_back(slot);
    resume_ps = sim_now_ps();
  }
  void suspend_phase_changed(const DieContext& /*die*/) override { ++changes; }

  ProgramEraseSuspend* unit = nullptr;
  std::vector<std::uint64_t> read_starts_ps;
  std::vector<const FlashCommand*> started_reads;
  std::vector<int> resumed_slots;
  std::uint64_t resume_ps = 0;
  int changes = 0;

 private:
  TimedCallbackQueue& timers_;
};

class ProgramEraseSuspendTest : public SystemCTest {
 protected:
  void SetUp() override {
    SystemCTest::SetUp();
    timing_.erase_suspend_ns = 40'000;
    timing_.program_suspend_ns = 20'000;
    timing_.resume_ns = 5'000;
    script_.add(StepKind::Bus, kCommandPs);
    script_.add(StepKind::Array, 0);
    script_[1].variable = kFirstArrayVariable;
  }

  // Die 0 runs `running` in slot 0, in its Array step since `started_ps`.
  void run_on_die(const FlashCommand& running, std::uint64_t started_ps = 0) {
    running_ = running;
    DieOperation& operation = die_.operations[0];
    operation.active = true;
    operation.command = &running_;
    operation.command_count = 1;
    operation.commands[0] = {nullptr, &running_, 0};
    operation.script = &script_;
    operation.step = 1;
    operation.die_invoked = true;
    operation.variable_ps[kFirstArrayVariable] = kEraseArrayPs;
    operation.step_started_ps = started_ps;
    die_.in_flight = 1;
  }
  void queue(FlashCommand& command) { die_.queue.push_back({nullptr, &command, ++sequence_}); }
  std::uint64_t tESPD() const { return timing_.erase_suspend_ns * 1000; }
  std::uint64_t tRES() const { return timing_.resume_ns * 1000; }

  NandTiming timing_;
  OperationScript script_;
  FlashCommand running_;
  DieContext die_;
  std::uint64_t sequence_ = 0;
};

TEST_F(ProgramEraseSuspendTest, AHostReadSuspendsAnEraseIsServedAndTheEraseResumesWithItsTimeLeft) {
  TimedCallbackQueue timers("timers");
  FakeController controller(timers);
  ProgramEraseSuspend unit(controller, timers, timing_, /*max_per_operation=*/3);
  controller.unit = &unit;
  run_on_die(erase_command(0, 0, 7, OpOrigin::Gc));
  FlashCommand read = read_command(0, 0, 2, 0);
  queue(read);
  const std::uint32_t generation = die_.operations[0].generation;
  ASSERT_TRUE(unit.try_suspend(die_));
  EXPECT_EQ(die_.suspend_phase, SuspendPhase::Suspending);
  EXPECT_EQ(die_.suspended_slot, 0);
  EXPECT_EQ(die_.operations[0].generation, generation + 1);  // the step's pending end is dropped
  EXPECT_EQ(die_.operations[0].variable_ps[kFirstArrayVariable], kEraseArrayPs);
  sc_core::sc_start();
  ASSERT_EQ(controller.started_reads.size(), 1u);
  EXPECT_EQ(controller.started_reads[0], &read);
  EXPECT_EQ(controller.read_starts_ps[0], tESPD());
  EXPECT_EQ(controller.resumed_slots, std::vector<int>{0});
  EXPECT_EQ(controller.resume_ps, tESPD() + kReadPs + tRES());
  EXPECT_EQ(die_.suspend_phase, SuspendPhase::None);
  EXPECT_EQ(die_.suspended_slot, kNoSlot);
  EXPECT_EQ(unit.erase_suspensions(), 1u);
  EXPECT_EQ(unit.program_suspensions(), 0u);
  EXPECT_EQ(unit.reads_during_suspension(), 1u);
  EXPECT_EQ(controller.changes, 1);  // at the end of the suspend latency
}

TEST_F(ProgramEraseSuspendTest, OneSuspensionServesTheHostReadsQueuedWhenItIsReady) {
  TimedCallbackQueue timers("timers");
  FakeController controller(timers);
  ProgramEraseSuspend unit(controller, timers, timing_, 3);
  controller.unit = &unit;
  run_on_die(erase_command(0, 0, 7, OpOrigin::Gc));
  FlashCommand first = read_command(0, 0, 2, 0);
  FlashCommand second = read_command(0, 0, 3, 0);
  queue(first);
  queue(second);
  ASSERT_TRUE(unit.try_suspend(die_));
  sc_core::sc_start();
  EXPECT_EQ(controller.started_reads, (std::vector<const FlashCommand*>{&first, &second}));
  EXPECT_EQ(controller.read_starts_ps, (std::vector<std::uint64_t>{tESPD(), tESPD() + kReadPs}));
  EXPECT_EQ(controller.resume_ps, tESPD() + 2 * kReadPs + tRES());
  EXPECT_EQ(unit.reads_during_suspension(), 2u);
}

TEST_F(ProgramEraseSuspendTest, FindsTheOldestHostReadThatMayPassEveryOlderCommand) {
  TimedCallbackQueue timers("timers");
  FakeController controller(timers);
  ProgramEraseSuspend unit(controller, timers, timing_, 3);
  run_on_die(erase_command(0, 0, 7, OpOrigin::Gc));
  FlashCommand of_erased_block = read_command(0, 0, 7, 0);  // touches the running erase's block
  FlashCommand gc_read = read_command(0, 0, 2, 0, OpOrigin::Gc);
  FlashCommand program_b4 = program_command(0, 0, 4, 0);
  FlashCommand read_b4 = read_command(0, 0, 4, 0);  // may not pass the program of its block
  FlashCommand read_b5 = read_command(0, 0, 5, 0);
  queue(of_erased_block);
  queue(gc_read);
  queue(program_b4);
  queue(read_b4);
  EXPECT_EQ(unit.find_read(die_), die_.queue.size());
  EXPECT_FALSE(unit.try_suspend(die_));
  EXPECT_EQ(die_.suspend_phase, SuspendPhase::None);
  queue(read_b5);
  EXPECT_EQ(unit.find_read(die_), 4u);
}

TEST_F(ProgramEraseSuspendTest, RefusesWhenFinishingIsNoSlowerOrTheLimitIsReached) {
  TimedCallbackQueue timers("timers");
  FakeController controller(timers);
  FlashCommand read = read_command(0, 0, 2, 0);
  {
    ProgramEraseSuspend unit(controller, timers, timing_, 3);
    run_on_die(erase_command(0, 0, 7, OpOrigin::Gc));
    die_.operations[0].variable_ps[kFirstArrayVariable] = tESPD();  // remaining == the latency
    queue(read);
    EXPECT_FALSE(unit.try_suspend(die_));
  }
  {
    ProgramEraseSuspend unit(controller, timers, timing_, /*max_per_operation=*/0);
    run_on_die(erase_command(0, 0, 7, OpOrigin::Gc));
    EXPECT_FALSE(unit.try_suspend(die_));
  }
  {
    ProgramEraseSuspend unit(controller, timers, timing_, 3);
    run_on_die(read_command(0, 0, 7, 0));  // only programs and erases are suspended
    EXPECT_FALSE(unit.try_suspend(die_));
  }
  EXPECT_TRUE(controller.started_reads.empty());
}

}  // namespace
}  // namespace ssdtlm::testing
