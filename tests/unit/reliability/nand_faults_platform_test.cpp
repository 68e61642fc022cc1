// The NAND fault model end to end through the timed platform (docs/reliability.md): exact time
// of read retries, uncorrectable reads as host errors, program/erase failures re-driven with
// no data loss in data mode, factory bad blocks never touched, end of life as a status, and
// bit-identical statistics for one seed.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "models/host/workload/request_source_factory.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/ssd_platform.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"
#include "tests/unit/support/vector_request_source.h"

namespace ssdtlm {
namespace {

using testing::make_config;
using testing::page_request;
using testing::VectorRequestSource;

nlohmann::json small_ssd() {
  return {
      {"nand", {{"page_size_bytes", 4096}, {"pages_per_block", 16}, {"blocks_per_plane", 32},
                {"timing", {{"read_us", 25}, {"program_us", 200}, {"erase_us", 1500}}}}},
      {"controller", {{"channels", 1}, {"chips_per_channel", 1}}},
      {"channel", {{"transfer_rate_mts", 333}, {"bus_width_bits", 8}, {"command_cycle_ns", 5}, {"address_cycles", 5}}},
      {"ftl", {{"spare_factor", 0.25},
               {"cpu", {{"clock_mhz", 500}, {"cycles_per_host_read", 500}}}}},
      {"host", {{"nvme", {{"command_overhead_ns", 300}}}}},
  };
}

// RBER 0.1 gives a 1 KiB codeword ~819 expected bit errors; each retry step multiplies the
// RBER by 0.1, so step 1 sees ~82 and step 2 ~8. With a threshold of 40 bits the read takes
// exactly two retry steps (the chance of any other outcome is below 1e-6).
nlohmann::json retrying_ssd(int max_steps) {
  nlohmann::json config = small_ssd();
  config["nand"]["reliability"] = {{"rber", {{"base", 0.1}}},
                                   {"ecc", {{"codeword_bytes", 1024}, {"correctable_bits", 40}}},
                                   {"read_retry", {{"threshold_bits", 40}, {"max_steps", max_steps}, {"rber_factor", 0.1}}}};
  return config;
}

class ReliabilityTimedTest : public testing::SystemCTest {};

TEST_F(ReliabilityTimedTest, IdleReadWithRetryStepsCostsExactlyOneReadPerStep) {
  const SsdConfig config = make_config(retrying_ssd(4));
  SsdPlatform platform("ssd", config);
  platform.attach_workload(std::make_unique<VectorRequestSource>(
      std::vector<HostRequest>{page_request(HostOp::Read, 3, 4096)}, ArrivalMode::ClosedLoop, 1));
  platform.precondition(PreconditionMode::Fill);
  platform.run();

  const auto stats = platform.statistics();
  const std::uint64_t steps = stats["reliability"]["read_retry_steps"].get<std::uint64_t>();
  ASSERT_EQ(steps, 2u);
  EXPECT_EQ(stats["reliability"]["reads_retried"], 1);
  EXPECT_EQ(stats["reliability"]["corrected_reads"], 1);
  EXPECT_EQ(stats["reliability"]["uncorrectable_reads"], 0);
  EXPECT_EQ(stats["flash"]["reads"]["host"], 1) << "the FTL issued one read";
  EXPECT_EQ(platform.controller().completed_commands(), 3u) << "each retry step is a die read";
  const auto& pcie = config.host_interface.pcie;
  const auto& bus = config.bus_timing;
  const std::uint64_t one_read_ps = bus.page_command_ps() + 25'000'000 + bus.transfer_ps(4096);
  const std::uint64_t expected_ps = pcie.transfer_ps(64) + 300'000 + 1'000'000  // fetch, front end, firmware
                                    + (1 + steps) * one_read_ps                  // the read and its retries
                                    + pcie.transfer_ps(4096) + pcie.transfer_ps(16);
  EXPECT_EQ(sc_core::sc_time_stamp().value(), expected_ps);
}

TEST_F(ReliabilityTimedTest, RetryStepsWaitForTheChannelLikeAnyRead) {
  // Two dies on one channel: both reads retry twice, and every step of the second read queues
  // for the bus behind the first one's data-out. The last completion is then the serialized
  // sum, which a model charging retries as a flat penalty would not reproduce.
  nlohmann::json overrides = retrying_ssd(4);
  overrides["controller"]["chips_per_channel"] = 2;
  overrides["ftl"]["cpu"]["cycles_per_host_read"] = 0;
  overrides["host"]["nvme"]["command_overhead_ns"] = 0;
  const SsdConfig config = make_config(overrides);
  SsdPlatform platform("ssd", config);
  // Logical pages 0 and 1 are striped onto dies 0 and 1 by the fill.
  platform.attach_workload(std::make_unique<VectorRequestSource>(
      std::vector<HostRequest>{page_request(HostOp::Read, 0, 4096), page_request(HostOp::Read, 1, 4096)},
      ArrivalMode::ClosedLoop, 2));
  platform.precondition(PreconditionMode::Fill);
  ASSERT_NE(platform.core().die_of_unit(platform.core().unit_of_block(platform.core().lookup(0) / 16)),
            platform.core().die_of_unit(platform.core().unit_of_block(platform.core().lookup(1) / 16)));
  platform.run();
  const auto stats = platform.statistics();
  ASSERT_EQ(stats["reliability"]["read_retry_steps"], 4);
  EXPECT_GT(platform.controller().channel_busy_time(0).value(), 0u);
  const auto& bus = config.bus_timing;
  const std::uint64_t command_ps = bus.page_command_ps(), data_ps = bus.transfer_ps(4096), tr_ps = 25'000'000;
  // The channel carries 6 command phases and 6 data-outs; the dies' tR overlap. Per step both
  // dies issue their command, run tR in parallel and then take turns on the bus for data-out.
  EXPECT_EQ(platform.controller().channel_busy_time(0).value(), 6 * (command_ps + data_ps));
  const auto& read = platform.host_statistics().op(HostOp::Read);
  ASSERT_EQ(read.count, 2u);
  // The slower read finishes no earlier than three serialized read steps plus the other's data-outs.
  EXPECT_GE(read.latency.max_ns() * 1000.0, double(3 * (command_ps + tr_ps + data_ps) + 2 * data_ps));
}

TEST_F(ReliabilityTimedTest, UncorrectableReadReturnsAnErrorStatusAndIsCounted) {
  const SsdConfig config = make_config(retrying_ssd(1));  // one step: ~82 errors > 40 remain
  SsdPlatform platform("ssd", config);
  platform.attach_workload(std::make_unique<VectorRequestSource>(
      std::vector<HostRequest>{page_request(HostOp::Read, 3, 4096), page_request(HostOp::Read, 4, 4096)},
      ArrivalMode::ClosedLoop, 1));
  platform.precondition(PreconditionMode::Fill);
  platform.run();
  const auto stats = platform.statistics();
  EXPECT_EQ(stats["reliability"]["uncorrectable_reads"], 2);
  EXPECT_EQ(stats["reliability"]["read_retry_steps"], 2);
  EXPECT_EQ(stats["reliability"]["host_read_errors"], 2);
  EXPECT_EQ(stats["reliability"]["host_requests_failed"], 2);
  EXPECT_EQ(platform.host_interface().failed_requests(), 2u);
  EXPECT_EQ(stats["host"]["requests"], 2) << "the requests complete (with an error), they do not hang";
}

nlohmann::json failing_ssd(std::uint64_t seed) {
  return {
      {"seed", seed},
      {"nand", {{"pages_per_block", 8}, {"blocks_per_plane", 64}, {"planes_per_die", 2}, {"data_mode", true},
                {"reliability", {{"program_fail_probability", 0.002}, {"erase_fail_probability", 0.005},
                                 {"factory_bad_block_rate", 0.03}, {"factory_bad_blocks", {1, 40}},
                                 {"rber", {{"base", 2e-4}}},
                                 {"read_retry", {{"threshold_bits", 2}, {"max_steps", 3}}},
                                 {"ecc", {{"correctable_bits", 8}}}}}}},
      {"controller", {{"channels", 2}, {"chips_per_channel", 1}}},
      {"ftl", {{"spare_factor", 0.45},
               {"gc", {{"free_block_low_watermark", 0.05}, {"free_block_high_watermark", 0.1}}},
               {"wear_leveling", {{"dynamic", true}, {"static", true}, {"static_threshold", 4}}}}},
  };
}

constexpr const char* kMixedWorkload = "mixed:qd=8,count=5000,read=0.4,size=4KiB";

// Runs `workload` after a fill; checks what must hold in any run with faults: the workload
// completes, the FTL core is consistent, no factory bad block was ever erased.
nlohmann::json run_faulty(const nlohmann::json& overrides, const char* workload,
                          std::uint64_t* mapped_into_retired = nullptr) {
  const SsdConfig config = make_config(overrides);
  SsdPlatform platform("ssd", config);
  const WorkloadSpec spec = parse_workload_spec(workload, "test");
  platform.attach_workload(make_request_source(spec, platform.logical_bytes(), 4096, config.seed));
  platform.precondition(PreconditionMode::Fill);
  platform.run();
  EXPECT_TRUE(platform.workload_done());
  EXPECT_EQ(platform.core().check_consistency(), "");
  if (mapped_into_retired != nullptr) {
    *mapped_into_retired = 0;
    for (Lpn lpn = 0; lpn < platform.core().logical_pages(); ++lpn) {
      const Ppn ppn = platform.core().lookup(lpn);
      if (ppn != kInvalidPpn && platform.core().retired(config.geometry.block_of_page(ppn))) ++*mapped_into_retired;
    }
  }
  for (const BlockId block : config.ftl_core.factory_bad_blocks) {
    EXPECT_EQ(platform.core().erase_count(block), 0u) << "factory bad block " << block << " was erased";
  }
  return platform.statistics();
}

TEST_F(ReliabilityTimedTest, FailedProgramsAndErasesAreRedrivenWithNoDataLoss) {
  std::uint64_t mapped_into_retired = 0;
  const auto stats = run_faulty(failing_ssd(1), kMixedWorkload, &mapped_into_retired);
  const auto& r = stats["reliability"];
  EXPECT_GT(r["program_failures"].get<std::uint64_t>(), 0u);
  EXPECT_GT(r["programs_redriven"].get<std::uint64_t>(), 0u);
  EXPECT_GT(r["erase_failures"].get<std::uint64_t>(), 0u);
  EXPECT_GT(r["grown_bad_blocks"].get<std::uint64_t>(), 0u);
  EXPECT_GT(r["factory_bad_blocks"].get<std::uint64_t>(), 2u);
  EXPECT_GT(r["reads_retried"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(r["uncorrectable_reads"], 0);
  EXPECT_EQ(r["lost_pages"], 0);
  EXPECT_FALSE(r["end_of_life"].get<bool>());
  EXPECT_EQ(mapped_into_retired, 0u) << "every retired block's data was moved";
  // Data mode checked every flash read as it happened (a mismatch is a SystemC error that
  // fails the test) and re-reads every logical page at the end.
  EXPECT_GT(stats["ftl"]["data_checks"].get<std::uint64_t>(), 1000u);
  EXPECT_EQ(stats["data_integrity"]["mismatches"], 0);
  EXPECT_GT(stats["gc"]["victims"].get<std::uint64_t>(), 20u);
}

TEST_F(ReliabilityTimedTest, SameSeedGivesIdenticalStatisticsAndAnotherSeedDoesNot) {
  const auto first = run_faulty(failing_ssd(3), kMixedWorkload);
  testing::fresh_kernel();
  const auto second = run_faulty(failing_ssd(3), kMixedWorkload);
  EXPECT_EQ(first.dump(), second.dump());
  testing::fresh_kernel();
  const auto other = run_faulty(failing_ssd(4), kMixedWorkload);
  EXPECT_NE(first["reliability"].dump(), other["reliability"].dump());
}

TEST_F(ReliabilityTimedTest, SpareExhaustionEndsInAReadOnlyDeviceNotACrash) {
  nlohmann::json overrides = failing_ssd(5);
  overrides["nand"]["reliability"] = {{"program_fail_probability", 0.03}};
  overrides["nand"]["data_mode"] = false;
  const auto stats = run_faulty(overrides, "random-write:qd=4,count=20000,size=4KiB");
  EXPECT_TRUE(stats["reliability"]["end_of_life"].get<bool>());
  EXPECT_GT(stats["reliability"]["host_write_errors"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(stats["host"]["requests"], 20000);
}

// With copyback a GC move stays in its plane. Program failures close frontiers onto free
// blocks and queue retirements whose pages need room the plane may no longer have; an in-place
// victim whose erase fails leaves its buffered pages with no block of its own to go to. Each
// used to end in "FtlCore::relocate: no open frontier and no free block in the unit" (an
// internal error); now retirements wait for in-place GC to make room, moves without an
// in-plane destination go through controller memory, and the run reaches end of life.
TEST_F(ReliabilityTimedTest, CopybackGcWithFailuresNeverRunsOutOfDestinations) {
  const nlohmann::json overrides = {
      {"seed", 1},
      {"nand", {{"pages_per_block", 8}, {"blocks_per_plane", 64}, {"planes_per_die", 2}, {"data_mode", true},
                {"reliability", {{"program_fail_probability", 0.01}, {"erase_fail_probability", 0.03},
                                 {"rber", {{"base", 2e-4}}},
                                 {"read_retry", {{"threshold_bits", 2}, {"max_steps", 3}}},
                                 {"ecc", {{"correctable_bits", 8}}}}}}},
      {"controller", {{"channels", 2}, {"chips_per_channel", 1}, {"copyback", true}}},
      {"ftl", {{"spare_factor", 0.3}, {"gc", {{"free_block_low_watermark", 0.05}, {"free_block_high_watermark", 0.1}}}}},
  };
  const auto stats = run_faulty(overrides, kMixedWorkload);
  const auto& r = stats["reliability"];
  EXPECT_GT(r["program_failures"].get<std::uint64_t>(), 0u);
  EXPECT_GT(r["erase_failures"].get<std::uint64_t>(), 0u);
  EXPECT_GT(r["grown_bad_blocks"].get<std::uint64_t>(), 20u);
  EXPECT_TRUE(r["end_of_life"].get<bool>()) << "the spare blocks run out: reported, not an internal error";
  EXPECT_EQ(r["lost_pages"], 0);
  EXPECT_EQ(stats["host"]["requests"], 5000);
  EXPECT_GT(stats["ftl"]["data_checks"].get<std::uint64_t>(), 1000u);
  EXPECT_EQ(stats["data_integrity"]["mismatches"], 0);
  // End of life makes the device read-only: the run says so (the summary prints these).
  ASSERT_TRUE(stats.contains("warnings"));
  std::vector<std::string> kinds;
  for (const auto& warning : stats["warnings"]) kinds.push_back(warning["kind"]);
  EXPECT_NE(std::find(kinds.begin(), kinds.end(), "end_of_life"), kinds.end()) << stats["warnings"].dump();
  EXPECT_EQ(std::find(kinds.begin(), kinds.end(), "lost_pages"), kinds.end());
  const bool writes_refused = r["host_write_errors"].get<std::uint64_t>() > 0;
  EXPECT_EQ(std::find(kinds.begin(), kinds.end(), "host_requests_failed") != kinds.end(),
            writes_refused || r["host_read_errors"].get<std::uint64_t>() > 0);
}

TEST_F(ReliabilityTimedTest, WithEverythingOffThereIsNoFaultModelAndNoReliabilitySection) {
  const SsdConfig config = make_config(small_ssd());
  EXPECT_FALSE(config.controller.reliability.enabled());
  SsdPlatform platform("ssd", config);
  EXPECT_EQ(platform.die(0).fault_model(), nullptr);
  EXPECT_FALSE(platform.statistics().contains("reliability"));
}

}  // namespace
}  // namespace ssdtlm
