// Both FTLs behind the one FtlFirmware interface the platform holds (make_ftl_firmware by
// ftl.mode): the same workload runs through each, and the platform reads each one's figures,
// data check and capabilities through the interface only.
#include <gtest/gtest.h>

#include "models/ftl/firmware/array_member_firmware.h"
#include "models/ftl/firmware/ftl_firmware.h"
#include "platforms/ssd_platform.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"
#include "tests/unit/support/vector_request_source.h"

namespace ssdtlm {
namespace {

using testing::make_config;
using testing::page_request;
using testing::VectorRequestSource;

constexpr std::uint32_t kPage = 4096;

nlohmann::json device(const char* mode) {
  nlohmann::json doc = {
      {"nand", {{"page_size_bytes", kPage}, {"pages_per_block", 8}, {"blocks_per_plane", 16},
                {"planes_per_die", 1}, {"dies_per_chip", 2}, {"data_mode", true},
                {"timing", {{"read_us", 25}, {"program_us", 200}, {"erase_us", 1500}}}}},
      {"controller", {{"channels", 2}, {"chips_per_channel", 1}}},
      {"ftl", {{"mode", mode}, {"spare_factor", 0.5},
               {"gc", {{"free_block_low_watermark", 0.0}, {"free_block_high_watermark", 0.0}}}}},
      {"host", {{"queue_depth", 1}}},
  };
  return doc;
}

// Writes pages 0..7, rewrites 0..3, reads 0..7: 12 host page programs, 8 flash reads, no GC.
std::vector<HostRequest> workload() {
  std::vector<HostRequest> requests;
  for (int lpn = 0; lpn < 8; ++lpn) requests.push_back(page_request(HostOp::Write, lpn, kPage));
  for (int lpn = 0; lpn < 4; ++lpn) requests.push_back(page_request(HostOp::Write, lpn, kPage));
  for (int lpn = 0; lpn < 8; ++lpn) requests.push_back(page_request(HostOp::Read, lpn, kPage));
  return requests;
}

struct Expected {
  const char* mode;
  bool page_mapped;
};

class FtlFirmwarePlatformTest : public testing::SystemCTest, public ::testing::WithParamInterface<Expected> {};

TEST_P(FtlFirmwarePlatformTest, RunsThroughTheOneInterface) {
  const Expected expected = GetParam();
  const SsdConfig config = make_config(device(expected.mode));
  SsdPlatform platform("ssd", config);
  FtlFirmware& ftl = platform.ftl();

  // Capabilities: what only one of the two FTLs does.
  EXPECT_EQ(ftl.supports_preconditioning(), expected.page_mapped);
  EXPECT_EQ(ftl.array_member() != nullptr, expected.page_mapped);
  EXPECT_EQ(ftl.takes_range_commands(), !expected.page_mapped);
  EXPECT_EQ(ftl.keeps_page_contents(), !expected.page_mapped);
  EXPECT_EQ(ftl.switch_foreground_gc(false), expected.page_mapped);
  EXPECT_FALSE(ftl.has_sort_buffer());
  EXPECT_EQ(ftl.host_logical_pages() * kPage, expected.page_mapped ? platform.logical_bytes()
                                                                    : config.mjolnir.namespace_pages * kPage);

  platform.attach_workload(std::make_unique<VectorRequestSource>(workload(), ArrivalMode::ClosedLoop, 1));
  platform.precondition(PreconditionMode::None);
  platform.run();

  // Both ports were linked to the controller for direct calls.
  EXPECT_TRUE(ftl.direct_flash_calls());
  EXPECT_TRUE(ftl.idle());
  const FtlCpuStatistics& flash = ftl.flash_statistics();
  const auto host = static_cast<int>(OpOrigin::Host);
  EXPECT_EQ(flash.flash_commands[host][static_cast<int>(FlashOpcode::Program)], 12u);
  EXPECT_EQ(flash.flash_commands[host][static_cast<int>(FlashOpcode::Read)], 8u);
  EXPECT_EQ(flash.data_checks, 8u);
  EXPECT_EQ(ftl.gc_pages_moved(), 0u);
  EXPECT_EQ(ftl.units_collecting(), 0u);

  const nlohmann::json stats = platform.statistics();
  EXPECT_EQ(stats["flash"]["programs"]["host"].get<std::uint64_t>(), 12u);
  EXPECT_EQ(stats["flash"]["reads"]["host"].get<std::uint64_t>(), 8u);
  EXPECT_EQ(stats.contains("mjolnir"), !expected.page_mapped);  // add_statistics
  // The data check through the interface: the page-mapped FTL checks every logical page against
  // the oracle (unwritten ones read as 0), the store every page its map references.
  EXPECT_EQ(stats["data_integrity"]["checked_pages"].get<std::uint64_t>(),
            expected.page_mapped ? ftl.host_logical_pages() : 8u);
  EXPECT_EQ(stats["data_integrity"]["mismatches"].get<std::uint64_t>(), 0u);
  // Nothing erased, nothing retired: every block's count is 0, and the free space is the
  // drive's less the blocks (or segments) written.
  EXPECT_EQ(ftl.blocks_erased(), 0u);
  for (BlockId b = 0; b < config.geometry.total_blocks(); ++b) {
    EXPECT_EQ(ftl.erase_count(b), 0u);
    EXPECT_FALSE(ftl.retired(b));
  }
  EXPECT_LT(ftl.free_blocks(), config.geometry.total_blocks());
  EXPECT_GT(ftl.free_blocks(), 0u);
  if (!expected.page_mapped) {
    for (Lpn lpn = 0; lpn < 8; ++lpn) EXPECT_TRUE(ftl.page_content(lpn).has_value()) << lpn;
    EXPECT_FALSE(ftl.page_content(8).has_value());
  }
}

INSTANTIATE_TEST_SUITE_P(BothFtls, FtlFirmwarePlatformTest,
                         ::testing::Values(Expected{"page", true}, Expected{"mjolnir", false}),
                         [](const ::testing::TestParamInfo<Expected>& info) { return std::string(info.param.mode); });

}  // namespace
}  // namespace ssdtlm
