// The FTL's direct calls into FlashController (models/common/flash_command_link.h): an initiator
// links only to the controller its socket is bound to, and the same commands give the same
// times, data and completion order as through the socket.
#include <gtest/gtest.h>

#include <vector>

#include "tests/unit/controller/controller_bench.h"
#include "tests/unit/controller/flash_commands.h"

namespace ssdtlm::testing {
namespace {

class FlashCommandLinkTest : public FlashTimingTest {
 protected:
  // Program A at 0; from A's completion (inside the controller's response) program B; from
  // B's, read A's page; die 1 erases at 0 and shares the channel.
  using Handles = ChainedCommands;
  static Handles script(FtlStub& ftl) { return issue_chained_commands(ftl); }

  void run_and_expect(ControllerBench& bench) {
    const Handles h = script(bench.ftl);
    sc_core::sc_start();
    const std::uint64_t program_ps = P() + X() + tPROG();
    EXPECT_EQ(bench.ftl.completion_time(h.a).value(), program_ps);
    EXPECT_EQ(bench.ftl.completion_time(h.b).value(), 2 * program_ps);
    EXPECT_EQ(bench.ftl.completion_time(h.c).value(), 2 * program_ps + P() + tR() + X());
    EXPECT_EQ(bench.ftl.completion_time(h.erase).value(), P() + X() + E() + tBERS());
    EXPECT_EQ(bench.ftl.result(h.c).targets[0].data_tag, 11u);
    EXPECT_EQ(bench.ftl.response_status(h.c), tlm::TLM_OK_RESPONSE);
    EXPECT_EQ(bench.ftl.completion_order(), (std::vector<std::size_t>{h.a, h.b, h.c, h.erase}));
    EXPECT_EQ(bench.controller.channel_busy_time(0).value(), 3 * P() + 3 * X() + E());
    EXPECT_EQ(bench.controller.die_busy_time(0).value(), 2 * program_ps + P() + tR() + X());
    EXPECT_EQ(bench.controller.completed_commands(), 4u);
  }

  FlashControllerConfig data_mode() const {
    FlashControllerConfig config;
    config.data_mode = true;
    return config;
  }
};

TEST_F(FlashCommandLinkTest, DirectCallsGiveExactTimesDataAndOrder) {
  ControllerBench bench(small_geometry(1, 2, 1), nand_, bus_, data_mode());
  bench.ftl.use_direct_calls();
  run_and_expect(bench);
  EXPECT_EQ(bench.ftl.direct_target(), static_cast<const FlashCommandTarget*>(&bench.controller));
}

TEST_F(FlashCommandLinkTest, TheSocketGivesTheSameTimesDataAndOrder) {
  ControllerBench bench(small_geometry(1, 2, 1), nand_, bus_, data_mode());
  run_and_expect(bench);
  EXPECT_EQ(bench.ftl.direct_target(), nullptr);
}

TEST_F(FlashCommandLinkTest, AnInitiatorLinksToTheControllerItsSocketIsBoundTo) {
  // Crossed: the first FTL is bound to the second controller and the other way round.
  FlashController first("controller_a", small_geometry(), nand_, bus_, data_mode());
  FlashController second("controller_b", small_geometry(), nand_, bus_, data_mode());
  NandDies first_dies("nand_a", small_geometry(), nand_, true);
  NandDies second_dies("nand_b", small_geometry(), nand_, true);
  bind_builtin_dies(first, first_dies);
  bind_builtin_dies(second, second_dies);
  FtlStub to_second("ftl_a");
  FtlStub to_first("ftl_b");
  to_second.socket.bind(second.target_socket);
  to_first.socket.bind(first.target_socket);
  to_second.use_direct_calls();
  to_first.use_direct_calls();
  const std::size_t on_second = to_second.issue_at(sc_core::SC_ZERO_TIME, program_command(0, 1, 2, 0, 7));
  const std::size_t on_first = to_first.issue_at(ps(1'000'000), erase_command(0, 0, 3));
  sc_core::sc_start();
  EXPECT_EQ(to_second.direct_target(), static_cast<const FlashCommandTarget*>(&second));
  EXPECT_EQ(to_first.direct_target(), static_cast<const FlashCommandTarget*>(&first));
  EXPECT_EQ(to_second.completion_time(on_second).value(), P() + X() + tPROG());
  EXPECT_EQ(to_first.completion_time(on_first).value(), 1'000'000 + E() + tBERS());
  EXPECT_EQ(second.completed_commands(), 1u);
  EXPECT_EQ(first.completed_commands(), 1u);
}

TEST_F(FlashCommandLinkTest, AControllerRefusesALinkFromAnInitiatorNotBoundToIt) {
  ControllerBench bench(small_geometry(), nand_, bus_, FlashControllerConfig{});
  FtlStub stranger("stranger");
  FlashController other("other", small_geometry(), nand_, bus_, FlashControllerConfig{});
  NandDies other_dies("other_nand", small_geometry(), nand_, false);
  bind_builtin_dies(other, other_dies);
  stranger.socket.bind(other.target_socket);
  sc_core::sc_start(sc_core::SC_ZERO_TIME);  // elaborates
  // `stranger`'s socket is bound to `other`, so `bench.controller` takes no responses for it.
  struct Sink : FlashCommandInitiator {
    void end_command(tlm::tlm_generic_payload&) override {}
  } sink;
  EXPECT_FALSE(bench.controller.link_command_initiator(sink, nullptr));
  EXPECT_FALSE(bench.controller.link_command_initiator(sink, &stranger.socket.get_base_interface()));
  EXPECT_TRUE(bench.controller.link_command_initiator(sink, &bench.ftl.socket.get_base_interface()));
}

}  // namespace
}  // namespace ssdtlm::testing
