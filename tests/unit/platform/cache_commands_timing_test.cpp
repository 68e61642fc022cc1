// controller.cache_commands: the firmware sends the pages of a sequential stream on a plane as
// cache programs / cache reads (models/ftl/cache_command_streams.h), and the whole chain's
// times follow the controller's cache pipeline (operation_script.h) exactly.
#include <gtest/gtest.h>

#include "models/ftl/cache_command_streams.h"
#include "platforms/ssd_platform.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"
#include "tests/unit/support/vector_request_source.h"

namespace ssdtlm {
namespace {

using testing::make_config;
using testing::page_request;
using testing::VectorRequestSource;

// One die, one plane: every page of a stream goes to the same plane.
nlohmann::json one_die(bool cache_commands) {
  return {
      {"nand", {{"page_size_bytes", 4096}, {"pages_per_block", 16}, {"blocks_per_plane", 32},
                {"planes_per_die", 1}, {"dies_per_chip", 1},
                {"timing", {{"read_us", 25}, {"program_us", 200}, {"erase_us", 1500}, {"cache_busy_us", 3}}}}},
      {"controller", {{"channels", 1}, {"chips_per_channel", 1}, {"cache_commands", cache_commands}}},
      {"channel", {{"transfer_rate_mts", 333}, {"bus_width_bits", 8}, {"command_cycle_ns", 5}, {"address_cycles", 5}}},
      {"ftl", {{"spare_factor", 0.25},
               {"gc", {{"free_block_low_watermark", 0.0}, {"free_block_high_watermark", 0.0}}},
               {"cpu", {{"clock_mhz", 500}, {"cycles_per_host_read", 500}, {"cycles_per_host_write", 750}}}}},
  };
}

constexpr std::uint64_t kPages = 4;

struct StreamRun {
  std::uint64_t end_ps = 0;
  std::uint64_t plain = 0;  // FTL commands of the stream's kind sent as plain commands
  std::uint64_t cached = 0;  // ... and as cache commands
  std::uint64_t completed = 0;
};

// kPages requests of pages 0..kPages-1, all queued at once (queue depth kPages).
StreamRun run_stream(HostOp op, bool cache_commands) {
  testing::fresh_kernel();
  const SsdConfig config = make_config(one_die(cache_commands));
  SsdPlatform platform("ssd", config);
  std::vector<HostRequest> requests;
  for (std::uint64_t page = 0; page < kPages; ++page) requests.push_back(page_request(op, page, 4096));
  platform.attach_workload(std::make_unique<VectorRequestSource>(requests, ArrivalMode::ClosedLoop, kPages));
  if (op == HostOp::Read) {
    platform.precondition(PreconditionMode::Fill);
    // The stream: the fill wrote logical pages 0..3 to consecutive pages of one block.
    const FlashGeometry& g = config.geometry;
    for (Lpn lpn = 1; lpn < kPages; ++lpn) {
      EXPECT_EQ(platform.core().lookup(lpn), platform.core().lookup(0) + lpn);
      EXPECT_EQ(g.block_of_page(platform.core().lookup(lpn)), g.block_of_page(platform.core().lookup(0)));
    }
  }
  platform.run();
  StreamRun result;
  result.end_ps = sc_core::sc_time_stamp().value();
  const auto& host = platform.ftl().flash_statistics().flash_commands[static_cast<int>(OpOrigin::Host)];
  const bool read = op == HostOp::Read;
  result.plain = host[static_cast<int>(read ? FlashOpcode::Read : FlashOpcode::Program)];
  result.cached = host[static_cast<int>(read ? FlashOpcode::CacheRead : FlashOpcode::CacheProgram)];
  result.completed = platform.host_statistics().completed();
  return result;
}

class CacheCommandsTimingTest : public testing::SystemCTest, public ::testing::WithParamInterface<HostOp> {
 protected:
  void SetUp() override {
    testing::SystemCTest::SetUp();
    const SsdConfig config = make_config(one_die(true));
    P_ = config.bus_timing.page_command_ps();
    X_ = config.bus_timing.transfer_ps(4096);
    C_ = config.nand_timing.cache_busy_ns * 1000;
    ASSERT_EQ(C_, 3'000'000u);
  }
  std::uint64_t P_ = 0, X_ = 0, C_ = 0;
};

// Writes: off, page k starts when page k-1 has completed, each costing P + X + tPROG. On, page
// 0 is a plain program (completing at c0, as before); page 1 a cache program after it
// (P + X + tCBSY + tPROG), and every further page's data-in runs under the previous tPROG,
// adding tCBSY + tPROG: page 3 ends at c0 + P + X + 3 (tCBSY + tPROG) instead of
// c0 + 3 (P + X + tPROG).
// Reads: page 0 plain (c0); page k >= 1 ends at c0 + P + k (tR + tRCBSY) + X, its tR under the
// previous page's data-out, instead of c0 + k (P + tR + X).
// Either way the stream of four pages ends 2 (P + X) - 3 tCBSY earlier.
TEST_P(CacheCommandsTimingTest, SequentialStreamUsesCacheCommandsAndOverlapsBusWithArray) {
  const HostOp op = GetParam();
  const StreamRun off = run_stream(op, false);
  const StreamRun on = run_stream(op, true);
  ASSERT_EQ(off.completed, kPages);
  ASSERT_EQ(on.completed, kPages);
  EXPECT_EQ(off.plain, kPages);
  EXPECT_EQ(off.cached, 0u);
  EXPECT_EQ(on.plain, 1u);
  EXPECT_EQ(on.cached, kPages - 1);
  EXPECT_EQ(off.end_ps - on.end_ps, 2 * (P_ + X_) - 3 * C_);
}

INSTANTIATE_TEST_SUITE_P(WritesAndReads, CacheCommandsTimingTest, ::testing::Values(HostOp::Write, HostOp::Read),
                         [](const ::testing::TestParamInfo<HostOp>& info) {
                           return std::string(info.param == HostOp::Write ? "Writes" : "Reads");
                         });

// The firmware's rule, on its own: the next page of the same block on the same plane continues
// the plane's stream; another block, a skipped page or another plane's stream does not.
TEST(CacheCommandStreamsTest, OnlyTheNextPageOfTheSameBlockOnThePlaneContinuesItsStream) {
  FlashGeometry geometry;
  geometry.channels = 1;
  geometry.dies_per_channel = 2;
  geometry.planes_per_die = 2;
  geometry.blocks_per_plane = 8;
  geometry.pages_per_block = 8;
  CacheCommandStreams streams(geometry);
  auto opcode_of = [&](FlashOpcode opcode, DieId die, std::uint32_t plane, std::uint32_t block, std::uint32_t page) {
    FlashCommand command;
    command.opcode = opcode;
    command.die = die;
    command.targets[0].plane = plane;
    command.targets[0].block_in_plane = block;
    command.targets[0].page = page;
    streams.apply(command);
    return command.opcode;
  };
  using O = FlashOpcode;
  EXPECT_EQ(opcode_of(O::Program, 0, 0, 3, 0), O::Program);        // a stream's first page
  EXPECT_EQ(opcode_of(O::Program, 0, 1, 5, 0), O::Program);        // the other plane's own stream
  EXPECT_EQ(opcode_of(O::Program, 0, 0, 3, 1), O::CacheProgram);   // plane 0 continues
  EXPECT_EQ(opcode_of(O::Program, 0, 1, 5, 1), O::CacheProgram);   // plane 1 continues
  EXPECT_EQ(opcode_of(O::Program, 1, 0, 3, 2), O::Program);        // die 1: a stream of its own
  EXPECT_EQ(opcode_of(O::Program, 0, 0, 4, 2), O::Program);        // another block
  EXPECT_EQ(opcode_of(O::Program, 0, 0, 4, 4), O::Program);        // a skipped page
  EXPECT_EQ(opcode_of(O::Read, 0, 0, 4, 5), O::Read);              // reads have streams of their own
  EXPECT_EQ(opcode_of(O::Read, 0, 0, 4, 6), O::CacheRead);
  EXPECT_EQ(opcode_of(O::Program, 0, 0, 4, 5), O::CacheProgram);   // reads do not break a program stream
  EXPECT_EQ(opcode_of(O::Erase, 0, 0, 4, 0), O::Erase);            // other opcodes pass
  EXPECT_EQ(opcode_of(O::Copyback, 0, 0, 4, 6), O::Copyback);
}

}  // namespace
}  // namespace ssdtlm
