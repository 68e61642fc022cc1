// End-to-end exact timing through the whole chain: host link, NVMe front end, firmware cycles,
// flash controller, channel bus and die. Every expectation is computed from the configured
// times, so a change in any stage's accounting fails here.
#include <gtest/gtest.h>

#include "models/ftl/ftl_cpu.h"
#include "platforms/ssd_platform.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"
#include "tests/unit/support/vector_request_source.h"

namespace ssdtlm {
namespace {

using testing::make_config;
using testing::small_ssd;
using testing::page_request;
using testing::VectorRequestSource;

class PlatformTimingTest : public testing::SystemCTest {};

TEST_F(PlatformTimingTest, IdleReadCostsExactlyLinkFirmwareCommandArrayAndTransfer) {
  const SsdConfig config = make_config(small_ssd());
  SsdPlatform platform("ssd", config);
  platform.host_statistics().keep_request_timings();
  platform.attach_workload(std::make_unique<VectorRequestSource>(
      std::vector<HostRequest>{page_request(HostOp::Read, 3, 4096)}, ArrivalMode::ClosedLoop, 1));
  platform.precondition(PreconditionMode::Fill);
  platform.run();

  const auto& pcie = config.host_interface.pcie;
  const auto& bus = config.bus_timing;
  const std::uint64_t fetch_ps = pcie.transfer_ps(64);
  const std::uint64_t expected_ps = fetch_ps                    // command fetch
                                    + 300'000                   // NVMe front end
                                    + 1'000'000                 // 500 cycles at 500 MHz
                                    + bus.page_command_ps()     // 00h-addr-30h
                                    + 25'000'000                // tR
                                    + bus.transfer_ps(4096)     // data out on the channel
                                    + pcie.transfer_ps(4096)    // data to the host
                                    + pcie.transfer_ps(16);     // completion entry
  EXPECT_EQ(sc_core::sc_time_stamp().value(), expected_ps);
  EXPECT_TRUE(platform.ftl().direct_flash_calls());  // the times above are the direct calls'
  EXPECT_TRUE(dynamic_cast<FtlCpu&>(platform.ftl()).direct_host_calls());
  EXPECT_TRUE(platform.host_interface().direct_host_calls());
  EXPECT_TRUE(platform.host_interface().direct_ftl_calls());
  const auto& read = platform.host_statistics().op(HostOp::Read);
  ASSERT_EQ(read.count, 1u);
  EXPECT_NEAR(read.latency.max_ns(), expected_ps / 1000.0, 1e-6);
  // fio's slat ends and its clat starts at the command fetch (platforms/fio_json_report.h).
  const RequestTimingLog* log = platform.host_statistics().request_timings();
  ASSERT_NE(log, nullptr);
  ASSERT_EQ(log->timings().size(), 1u);
  EXPECT_EQ(log->timings()[0].submit_ps, 0u);
  EXPECT_EQ(log->timings()[0].fetch_ps, fetch_ps);
  EXPECT_EQ(log->timings()[0].complete_ps, expected_ps);
}

TEST_F(PlatformTimingTest, IdleWriteCostsExactlyLinkFirmwareTransferAndProgram) {
  const SsdConfig config = make_config(small_ssd());
  SsdPlatform platform("ssd", config);
  platform.attach_workload(std::make_unique<VectorRequestSource>(
      std::vector<HostRequest>{page_request(HostOp::Write, 7, 4096)}, ArrivalMode::ClosedLoop, 1));
  platform.precondition(PreconditionMode::Fill);
  platform.run();

  const auto& pcie = config.host_interface.pcie;
  const auto& bus = config.bus_timing;
  const std::uint64_t expected_ps = pcie.transfer_ps(64) + pcie.transfer_ps(4096)  // command + data pull
                                    + 300'000 + 1'500'000                          // front end + 750 cycles
                                    + bus.page_command_ps() + bus.transfer_ps(4096) // 80h-addr-data-10h
                                    + 200'000'000                                   // tPROG
                                    + pcie.transfer_ps(16);
  EXPECT_EQ(sc_core::sc_time_stamp().value(), expected_ps);
}

// mdc's sort buffer: a write is staged in DRAM and answered after the DRAM access, with no
// flash time; a read of the staged page is served from DRAM; the page is programmed only when
// the workload has drained (the final partial batch), after the read's completion.
TEST_F(PlatformTimingTest, MdcSortBufferStagesAWriteAndServesItsReadFromDram) {
  nlohmann::json overrides = small_ssd();
  overrides["ftl"]["gc"]["policy"] = "mdc";
  overrides["ftl"]["gc"]["params"] = {{"sort_buffer_segments", 1}};  // 16 pages; the fill is 24 whole batches
  overrides["ftl"]["write_buffer"] = {{"access_ns", 100}};
  const SsdConfig config = make_config(overrides);
  SsdPlatform platform("ssd", config);
  platform.attach_workload(std::make_unique<VectorRequestSource>(
      std::vector<HostRequest>{page_request(HostOp::Write, 7, 4096), page_request(HostOp::Read, 7, 4096)},
      ArrivalMode::ClosedLoop, 1));
  platform.precondition(PreconditionMode::Fill);
  ASSERT_EQ(platform.core().staged_host_writes(), 0u);
  platform.run();

  const auto& pcie = config.host_interface.pcie;
  const auto& bus = config.bus_timing;
  const std::uint64_t write_ps = pcie.transfer_ps(64) + pcie.transfer_ps(4096)  // command + data pull
                                 + 300'000 + 1'500'000                          // front end + 750 cycles
                                 + 100'000                                      // into DRAM
                                 + pcie.transfer_ps(16);
  const std::uint64_t read_ps = pcie.transfer_ps(64) + 300'000 + 1'000'000     // command, front end, 500 cycles
                                + 100'000                                       // out of DRAM
                                + pcie.transfer_ps(4096) + pcie.transfer_ps(16);
  const std::uint64_t program_ps = bus.page_command_ps() + bus.transfer_ps(4096) + 200'000'000;
  const auto& write = platform.host_statistics().op(HostOp::Write);
  const auto& read = platform.host_statistics().op(HostOp::Read);
  ASSERT_EQ(write.count, 1u);
  ASSERT_EQ(read.count, 1u);
  EXPECT_NEAR(write.latency.max_ns(), write_ps / 1000.0, 1e-6);
  EXPECT_NEAR(read.latency.max_ns(), read_ps / 1000.0, 1e-6);
  EXPECT_EQ(sc_core::sc_time_stamp().value(), write_ps + read_ps + program_ps);
  const auto stats = platform.statistics();
  EXPECT_EQ(stats["flash"]["reads"]["total"], 0);
  EXPECT_EQ(stats["flash"]["programs"]["host"], 1);
  EXPECT_EQ(stats["ftl"]["reads_from_buffer"], 1);
  EXPECT_EQ(stats["ftl"]["sort_buffer"]["flushes"], 1);
  EXPECT_EQ(platform.core().staged_host_writes(), 0u);
  EXPECT_NE(platform.core().lookup(7), kInvalidPpn);
}

TEST_F(PlatformTimingTest, ReadOfUnwrittenPageCostsNoFlashTime) {
  const SsdConfig config = make_config(small_ssd());
  SsdPlatform platform("ssd", config);
  platform.attach_workload(std::make_unique<VectorRequestSource>(
      std::vector<HostRequest>{page_request(HostOp::Read, 3, 4096)}, ArrivalMode::ClosedLoop, 1));
  platform.run();  // no preconditioning: nothing is mapped
  const auto& pcie = config.host_interface.pcie;
  EXPECT_EQ(sc_core::sc_time_stamp().value(),
            pcie.transfer_ps(64) + 300'000 + 1'000'000 + pcie.transfer_ps(4096) + pcie.transfer_ps(16));
  EXPECT_EQ(platform.statistics()["flash"]["reads"]["total"], 0);
}

// [Lee et al. 2011]'s example: a victim with two valid pages costs 2 x (tR + tPROG) + tBERS = 1.95 ms
// on an ideal bus; with a real bus each move adds the command phases and two page transfers.
class GcCycleTimeTest : public testing::SystemCTest, public ::testing::WithParamInterface<bool> {};

TEST_P(GcCycleTimeTest, OneVictimWithTwoValidPagesCostsMovesPlusErase) {
  const bool ideal_bus = GetParam();
  nlohmann::json overrides = small_ssd();
  overrides["nand"]["pages_per_block"] = 4;
  overrides["nand"]["blocks_per_plane"] = 8;
  overrides["ftl"]["cpu"] = {{"cycles_per_host_read", 0}, {"cycles_per_host_write", 0}};
  // Foreground: the write that needs space starts GC on an idle die (in background mode GC
  // would start right after the previous write and queue behind its program).
  overrides["ftl"]["gc"]["foreground"] = true;
  if (ideal_bus) overrides["channel"] = {{"transfer_rate_mts", 0}, {"command_cycle_ns", 0}};
  const SsdConfig config = make_config(overrides);
  SsdPlatform platform("ssd", config);
  // After the fill (24 logical pages in blocks 0-5), these overwrites leave blocks 0-3 with
  // two valid pages each and fill the two free blocks; the last write needs GC.
  std::vector<HostRequest> writes;
  for (int lpn : {0, 1, 4, 5, 8, 9, 12, 13, 16}) writes.push_back(page_request(HostOp::Write, lpn, 4096));
  platform.attach_workload(std::make_unique<VectorRequestSource>(writes, ArrivalMode::ClosedLoop, 1));
  platform.precondition(PreconditionMode::Fill);
  platform.run();

  const auto stats = platform.statistics();
  ASSERT_EQ(stats["gc"]["victims"], 1);
  ASSERT_EQ(stats["gc"]["pages_moved"], 2);
  const auto& bus = config.bus_timing;
  const std::uint64_t move_ps = bus.page_command_ps() + 25'000'000 + bus.transfer_ps(4096)   // read out
                                + bus.page_command_ps() + bus.transfer_ps(4096) + 200'000'000; // program
  const std::uint64_t expected_ps = 2 * move_ps + bus.erase_command_ps() + 1'500'000'000;
  if (ideal_bus) {
    EXPECT_EQ(expected_ps, 1'950'000'000u);
  }
  EXPECT_EQ(platform.ftl().flash_statistics().gc_busy_ps, expected_ps);
}

INSTANTIATE_TEST_SUITE_P(IdealAndRealBus, GcCycleTimeTest, ::testing::Values(true, false));

// Die and channel utilization in stats.json are measured over the host window [0, last host
// completion]: flash work that runs on after it (GC, buffered programs draining) is not counted,
// so a die is never more than 100 % busy.
class UtilizationWindowTest : public testing::SystemCTest {};

TEST_F(UtilizationWindowTest, IdleWriteKeepsTheDieBusyForCommandTransferAndProgramOnly) {
  const SsdConfig config = make_config(small_ssd());
  SsdPlatform platform("ssd", config);
  platform.attach_workload(std::make_unique<VectorRequestSource>(
      std::vector<HostRequest>{page_request(HostOp::Write, 7, 4096)}, ArrivalMode::ClosedLoop, 1));
  platform.run();

  const auto& bus = config.bus_timing;
  const double window_ps = double(sc_core::sc_time_stamp().value());
  const std::uint64_t channel_busy_ps = bus.page_command_ps() + bus.transfer_ps(4096);
  const std::uint64_t die_busy_ps = channel_busy_ps + 200'000'000;
  const auto stats = platform.statistics();
  EXPECT_DOUBLE_EQ(stats["die_utilization"][0].get<double>(), double(die_busy_ps) / window_ps);
  EXPECT_DOUBLE_EQ(stats["channel_utilization"][0].get<double>(), double(channel_busy_ps) / window_ps);
}

TEST_F(UtilizationWindowTest, ProgramsDrainingAfterTheLastBufferedWriteAreNotCounted) {
  nlohmann::json overrides = small_ssd();
  overrides["ftl"]["write_buffer"] = {{"pages", 8}};
  const SsdConfig config = make_config(overrides);
  SsdPlatform platform("ssd", config);
  std::vector<HostRequest> writes;
  for (int lpn = 0; lpn < 4; ++lpn) writes.push_back(page_request(HostOp::Write, lpn, 4096));
  platform.attach_workload(std::make_unique<VectorRequestSource>(writes, ArrivalMode::ClosedLoop, 1));
  platform.run();

  // The four writes are acknowledged from DRAM long before their 4 x 200 us of programs end;
  // the run goes on until the buffer has drained.
  const auto stats = platform.statistics();
  const std::uint64_t window_ps = std::uint64_t(stats["sim_time_ns"].get<std::uint64_t>()) * 1000;
  ASSERT_LT(window_ps, 4 * 200'000'000u);
  ASSERT_GT(sc_core::sc_time_stamp().value(), 4 * 200'000'000u);
  // The die is busy without a gap from the first buffered write's program on: the firmware issues
  // that program when it takes the write (after command and data over the link, the front end and
  // its cycles), while the DRAM access that acknowledges the host runs beside it.
  const auto& pcie = config.host_interface.pcie;
  const std::uint64_t first_program_ps = pcie.transfer_ps(64) + pcie.transfer_ps(4096) + 300'000 + 1'500'000;
  EXPECT_DOUBLE_EQ(stats["die_utilization"][0].get<double>(),
                   double(window_ps - first_program_ps) / double(window_ps));
}


// With a write buffer a write is acknowledged before it is placed. A 2 KiB write of a mapped page
// first reads the page's other half (read-modify-write); a read of the page arriving meanwhile
// must wait for the write and be served from the buffer, not read the old copy from flash.
class WriteBufferReadTest : public testing::SystemCTest {};

TEST_F(WriteBufferReadTest, ReadOfAnAcknowledgedUnplacedWriteWaitsForItAndComesFromTheBuffer) {
  nlohmann::json overrides = small_ssd();
  overrides["ftl"]["write_buffer"] = {{"pages", 8}};
  overrides["nand"]["data_mode"] = true;
  overrides["host"]["logical_block_bytes"] = 512;
  const SsdConfig config = make_config(overrides);
  SsdPlatform platform("ssd", config);
  HostRequest half_page_write = page_request(HostOp::Write, 3, 4096);
  half_page_write.size_bytes = 2048;
  platform.attach_workload(std::make_unique<VectorRequestSource>(
      std::vector<HostRequest>{half_page_write, page_request(HostOp::Read, 3, 4096)},
      ArrivalMode::ClosedLoop, 2));
  platform.precondition(PreconditionMode::Fill);
  platform.run();

  const auto stats = platform.statistics();
  EXPECT_EQ(stats["ftl"]["reads_waited_for_buffered_writes"], 1);
  EXPECT_EQ(stats["ftl"]["reads_from_buffer"], 1);
  EXPECT_EQ(stats["flash"]["reads"]["total"], 1);  // the read-modify-write's only
  // The read is answered after the merge read (command, tR, data out) has placed the write.
  const auto& read = platform.host_statistics().op(HostOp::Read);
  ASSERT_EQ(read.count, 1u);
  EXPECT_GT(read.latency.max_ns(), 25'000.0);
}

}  // namespace
}  // namespace ssdtlm
