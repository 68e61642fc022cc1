// A fio job file on the timed platform: the paced host loop issues each read exactly when the
// job says (thinktime after the completion), and ramp_time leaves the completions before its
// end out of the statistics, whose rates are over the time after it (fio's ramp).
#include <gtest/gtest.h>

#include "models/host/workload/fio/fio_request_source.h"
#include "platforms/ssd_platform.h"
#include "tests/unit/host/trace_test_files.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

using testing::make_config;
using testing::small_ssd;
using testing::TempTraceFile;

class FioWorkloadTimingTest : public testing::SystemCTest {};

// The cost of one idle 4 KiB read through the whole chain (ssd_platform_timing_test.cpp).
std::uint64_t idle_read_ps(const SsdConfig& config) {
  const auto& pcie = config.host_interface.pcie;
  const auto& bus = config.bus_timing;
  return pcie.transfer_ps(64) + 300'000 + 1'000'000 + bus.page_command_ps() + 25'000'000 + bus.transfer_ps(4096) +
         pcie.transfer_ps(4096) + pcie.transfer_ps(16);
}

TEST_F(FioWorkloadTimingTest, ThinktimeSpacesReadsAndRampTimeSetsTheWindow) {
  const SsdConfig config = make_config(small_ssd());
  constexpr std::uint64_t kThinkNs = 20'000, kRampNs = 300'000, kRuntimeNs = 500'000;
  TempTraceFile job("[job]\nrw=randread\nbs=4k\nthinktime=20\ntime_based\nruntime=500us\nramp_time=300us\n", ".fio");
  SsdPlatform platform("ssd", config);
  platform.attach_workload(
      std::make_unique<FioRequestSource>(job.path(), platform.logical_bytes(), 4096, config.seed));
  platform.precondition(PreconditionMode::Fill);
  platform.run();

  // Read k is issued when the job has seen read k-1 complete (in whole ns) and thought 20 us;
  // none is issued at or after ramp + runtime.
  const std::uint64_t read_ps = idle_read_ps(config);
  std::uint64_t issue_ps = 0, last_complete_ps = 0, measured = 0, all = 0;
  while (issue_ps < (kRampNs + kRuntimeNs) * 1000) {
    last_complete_ps = issue_ps + read_ps;
    ++all;
    measured += last_complete_ps >= kRampNs * 1000;
    issue_ps = (last_complete_ps / 1000 + kThinkNs) * 1000;
  }
  EXPECT_EQ(sc_core::sc_time_stamp().value(), last_complete_ps);
  const HostStatistics& host = platform.host_statistics();
  EXPECT_EQ(host.completed(), all);
  EXPECT_EQ(host.op(HostOp::Read).count, measured);
  EXPECT_LT(measured, all);
  EXPECT_NEAR(host.op(HostOp::Read).latency.max_ns(), read_ps / 1000.0, 1e-6);
  const nlohmann::json stats = platform.statistics();
  EXPECT_EQ(stats["host"]["measured_from_ns"], kRampNs);
  EXPECT_DOUBLE_EQ(stats["host"]["read"]["iops"].get<double>(),
                   double(measured) / (double(last_complete_ps - kRampNs * 1000) * 1e-12));
}

TEST_F(FioWorkloadTimingTest, EachFlowKeepsItsIodepthOnTheDevice) {
  const SsdConfig config = make_config(small_ssd());
  TempTraceFile job("[global]\nrw=randread\nbs=4k\nnumber_ios=64\n[deep]\niodepth=8\n[shallow]\niodepth=1\n", ".fio");
  SsdPlatform platform("ssd", config);
  platform.attach_workload(
      std::make_unique<FioRequestSource>(job.path(), platform.logical_bytes(), 4096, config.seed));
  platform.precondition(PreconditionMode::Fill);
  platform.run();
  // Both jobs finish their 64 reads; the one at depth 1 needs at least 64 idle reads' time.
  EXPECT_EQ(platform.host_statistics().op(HostOp::Read).count, 128u);
  EXPECT_GE(sc_core::sc_time_stamp().value(), 64 * idle_read_ps(config));
}

}  // namespace
}  // namespace ssdtlm
