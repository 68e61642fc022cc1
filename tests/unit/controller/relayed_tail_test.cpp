// With one die per channel and no suspend, FlashController relays a plain operation's step tail
// after the die call (flash_controller_relay.cpp): a read's end of tR is a relay hop, not a
// callback. Same times, statistics and order of simultaneous events as the callback per step
// (checked against the same run with suspend enabled, which keeps a callback per step).
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "models/kernel/event_loop.h"
#include "tests/unit/controller/controller_bench.h"
#include "tests/unit/controller/flash_commands.h"

namespace ssdtlm::testing {
namespace {

class RelayedTailTest : public FlashTimingTest {
 protected:
  struct Observed {
    std::vector<std::string> log;
    sc_core::sc_time read_done;
    std::uint64_t relays = 0;
    std::uint64_t callbacks = 0;
  };

  // Program A at 0; from its completion (t0) read A's page: Bus[P] to the die call at t0 + P,
  // Array[tR] to t_a, Bus[X] to the completion at t_c. Probes read the statistics inside the
  // tail and entries for t_c drawn before and after the read's draw at t_a.
  Observed run(bool suspend_enabled) {
    fresh_kernel();
    EventLoop loop("loop");
    FlashControllerConfig config;
    config.data_mode = true;
    config.suspend_enabled = suspend_enabled;
    std::unique_ptr<ControllerBench> bench;
    {
      const EventLoopScope scope(loop);
      bench = std::make_unique<ControllerBench>(small_geometry(1, 1, 1), nand_, bus_, config);
    }
    FtlStub& ftl = bench->ftl;
    FlashController& controller = bench->controller;
    const std::size_t a = ftl.issue_at(sc_core::SC_ZERO_TIME, program_command(0, 0, 0, 0, 21));
    const std::size_t read = ftl.issue_after(a, read_command(0, 0, 0, 0));
    const std::uint64_t t0 = P() + X() + tPROG();
    const std::uint64_t t_a = t0 + P() + tR();
    const std::uint64_t t_c = t_a + X();
    Observed seen;
    auto probe = [&](const char* name) {
      return [&, name] {
        seen.log.push_back(std::string(name) + (ftl.completed(read) ? " after" : " before") + " channel=" +
                           std::to_string(controller.channel_busy_time(0).value()) +
                           " array=" + std::to_string(controller.die_array_time(0).value()));
      };
    };
    loop.schedule_at_ps(t0 + P() + 1, [&] {  // after the die call: drawn after the read's hop key
      probe("in tR")();
      loop.schedule_at_ps(t_c, probe("drawn before t_a"));
      loop.schedule_at_ps(t_a, [&] { loop.schedule_at_ps(t_c, probe("drawn at t_a after the hop")); });
    });
    loop.schedule_at_ps(t_a, probe("at t_a, drawn before the hop"));
    loop.schedule_at_ps(t_a + 1000, probe("in the data-out"));
    sc_core::sc_start();
    probe("end")();
    seen.read_done = ftl.completion_time(read);
    EXPECT_EQ(ftl.result(read).targets[0].data_tag, 21u);
    seen.relays = loop.relays_run();
    seen.callbacks = loop.callbacks_run();
    bench.reset();
    return seen;
  }
};

TEST_F(RelayedTailTest, AReadsTailIsOneRelayHopWithTheSameTimesStatisticsAndOrder) {
  const Observed relayed = run(false);
  const Observed stepped = run(true);
  const std::uint64_t t0 = P() + X() + tPROG();
  EXPECT_EQ(relayed.read_done, ps(t0 + P() + tR() + X()));
  EXPECT_EQ(stepped.read_done, relayed.read_done);
  auto line = [](const char* name, const char* when, std::uint64_t channel_ps, std::uint64_t array_ps) {
    return std::string(name) + " " + when + " channel=" + std::to_string(channel_ps) + " array=" + std::to_string(array_ps);
  };
  const std::uint64_t before_read = P() + X();  // A's command and data phase
  const std::vector<std::string> expected{
      line("in tR", "before", before_read + P(), tPROG()),
      // At t_a the array time counts tR once the step has ended (the hop comes after this probe
      // in the loop's order; the relayed statistics count it from t_a on: one of the two
      // readings of the same instant, see the next assertion), the data-out has not run yet.
      line("at t_a, drawn before the hop", "before", before_read + P(), tPROG()),
      line("in the data-out", "before", before_read + P() + 1000, tPROG() + tR()),
      line("drawn before t_a", "before", before_read + P() + X(), tPROG() + tR()),
      line("drawn at t_a after the hop", "after", before_read + P() + X(), tPROG() + tR()),
      line("end", "after", before_read + P() + X(), tPROG() + tR()),
  };
  // The relayed run counts tR at t_a already when a probe there runs before the hop.
  std::vector<std::string> relayed_expected = expected;
  relayed_expected[1] = line("at t_a, drawn before the hop", "before", before_read + P(), tPROG() + tR());
  EXPECT_EQ(relayed.log, relayed_expected);
  EXPECT_EQ(stepped.log, expected);
  // One relay hop (the end of tR) instead of a callback; suspend keeps the step callbacks.
  EXPECT_EQ(relayed.relays, 1u);
  EXPECT_EQ(stepped.relays, 0u);
  // Relayed: A's two step ends, the read's die call and completion, one deferred dispatch at 0,
  // and the 6 probe callbacks (the three roots, the one scheduling at t_a, two at t_c): 10 + 1.
  EXPECT_EQ(relayed.callbacks, 11u);
}

}  // namespace
}  // namespace ssdtlm::testing
