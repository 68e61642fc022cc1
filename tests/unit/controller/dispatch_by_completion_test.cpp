// A command the FTL issues from inside a completion, for the die that just completed, is
// dispatched by that completion without a deferred loop entry (FlashController::
// request_dispatch / start_of_simulation). Same times either way: checked against a loop with
// two controllers, where every such dispatch still takes its deferred entry.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "models/kernel/event_loop.h"
#include "tests/unit/controller/controller_bench.h"
#include "tests/unit/controller/flash_commands.h"

namespace ssdtlm::testing {
namespace {

class DispatchByCompletionTest : public FlashTimingTest {
 protected:
  // A controller and its scripted FTL, named apart so that several share one kernel.
  struct Unit {
    Unit(const char* controller_name, const char* ftl_name, const FlashGeometry& geometry,
         const NandTiming& nand, const ChannelBusTiming& bus, const FlashControllerConfig& config)
        : controller(controller_name, geometry, nand, bus, config),
          dies((std::string(controller_name) + "_nand").c_str(), geometry, nand, config.data_mode),
          ftl(ftl_name) {
      ftl.socket.bind(controller.target_socket);
      bind_builtin_dies(controller, dies);
    }
    FlashController controller;
    NandDies dies;
    FtlStub ftl;
  };

  // The chained commands of controller_bench.h (issue_chained_commands).
  using Handles = ChainedCommands;
  static Handles script(FtlStub& ftl) { return issue_chained_commands(ftl); }

  void expect_times(const Unit& unit, const Handles& h) {
    const std::uint64_t program_ps = P() + X() + tPROG();
    EXPECT_EQ(unit.ftl.completion_time(h.a), ps(program_ps));
    EXPECT_EQ(unit.ftl.completion_time(h.b), ps(2 * program_ps));
    EXPECT_EQ(unit.ftl.completion_time(h.c), ps(2 * program_ps + P() + tR() + X()));
    // Die 1's erase command waits for A's command and data phase on the shared bus.
    EXPECT_EQ(unit.ftl.completion_time(h.erase), ps(P() + X() + E() + tBERS()));
    EXPECT_EQ(unit.ftl.result(h.c).targets[0].data_tag, 11u);
    EXPECT_EQ(unit.controller.channel_busy_time(0), ps(3 * P() + 3 * X() + E()));
    EXPECT_EQ(unit.controller.die_busy_time(0), ps(2 * program_ps + P() + tR() + X()));
    EXPECT_EQ(unit.controller.die_array_time(0), ps(2 * tPROG() + tR()));
  }

  FlashControllerConfig data_mode() const {
    FlashControllerConfig config;
    config.data_mode = true;
    return config;
  }
};

TEST_F(DispatchByCompletionTest, AloneOnItsLoopTheChainedCommandsTakeNoDeferredEntry) {
  EventLoop loop("loop");
  std::unique_ptr<Unit> unit;
  {
    const EventLoopScope scope(loop);
    unit = std::make_unique<Unit>("controller", "ftl", small_geometry(1, 2, 1), nand_, bus_, data_mode());
  }
  const Handles h = script(unit->ftl);
  sc_core::sc_start();
  expect_times(*unit, h);
  // Loop entries: one deferred dispatch at 0 (both dies), the ends of A's and B's two steps,
  // C's three and the erase's two: 10. B and C are dispatched by A's and B's completions.
  EXPECT_EQ(loop.callbacks_run(), 10u);
}

TEST_F(DispatchByCompletionTest, TwoControllersOnOneLoopKeepTheDeferredEntriesWithTheSameTimes) {
  EventLoop loop("loop");
  std::unique_ptr<Unit> first, second;
  {
    const EventLoopScope scope(loop);
    first = std::make_unique<Unit>("controller_a", "ftl_a", small_geometry(1, 2, 1), nand_, bus_, data_mode());
    second = std::make_unique<Unit>("controller_b", "ftl_b", small_geometry(1, 2, 1), nand_, bus_, data_mode());
  }
  const Handles h1 = script(first->ftl);
  const Handles h2 = script(second->ftl);
  sc_core::sc_start();
  expect_times(*first, h1);
  expect_times(*second, h2);
  // Each controller: the 10 entries above plus the deferred dispatches of B and C.
  EXPECT_EQ(loop.callbacks_run(), 2u * 12u);
}

TEST_F(DispatchByCompletionTest, WithSuspendEnabledTheChainedCommandsKeepTheirDeferredEntries) {
  EventLoop loop("loop");
  std::unique_ptr<Unit> unit;
  FlashControllerConfig config = data_mode();
  config.suspend_enabled = true;
  {
    const EventLoopScope scope(loop);
    unit = std::make_unique<Unit>("controller", "ftl", small_geometry(1, 2, 1), nand_, bus_, config);
  }
  const Handles h = script(unit->ftl);
  sc_core::sc_start();
  expect_times(*unit, h);
  EXPECT_EQ(loop.callbacks_run(), 12u);
}

}  // namespace
}  // namespace ssdtlm::testing
