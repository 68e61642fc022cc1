// The request timings behind fio's statistics: kept only when asked for, and turned into fio's
// document for a platform's run with the workload's name and options (the exact split of an
// idle read at the command fetch is in ssd_platform_timing_test.cpp).
#include <gtest/gtest.h>

#include "platforms/platform_fio_json.h"
#include "platforms/ssd_platform.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"
#include "tests/unit/support/vector_request_source.h"

namespace ssdtlm {
namespace {

class RequestTimingTest : public testing::SystemCTest {};

TEST_F(RequestTimingTest, NoTimingsAreKeptUnlessAsked) {
  SsdPlatform platform("ssd", testing::make_config(testing::small_ssd()));
  platform.attach_workload(std::make_unique<testing::VectorRequestSource>(
      std::vector<HostRequest>{testing::page_request(HostOp::Write, 3, 4096)}, ArrivalMode::ClosedLoop, 1));
  platform.run();
  EXPECT_EQ(platform.host_statistics().request_timings(), nullptr);
  EXPECT_THROW(platform_fio_json(platform, nullptr, "test"), std::logic_error);
}

TEST_F(RequestTimingTest, FioDocumentOfAPlatformRunNamesTheWorkload) {
  const SsdConfig config = testing::make_config(testing::small_ssd());
  SsdPlatform platform("ssd", config);
  platform.host_statistics().keep_request_timings();
  const WorkloadSpec spec = parse_workload_spec("sequential-write:qd=2,count=10,size=8KiB", "test");
  platform.attach_workload(std::make_unique<testing::VectorRequestSource>(
      std::vector<HostRequest>(10, testing::page_request(HostOp::Write, 0, 8192)), ArrivalMode::ClosedLoop, 2));
  platform.run();
  const nlohmann::ordered_json fio = platform_fio_json(platform, &spec, "1.2.3");
  EXPECT_EQ(fio["fio version"], "ssdtlm-1.2.3");
  const auto& job = fio["jobs"][0];
  EXPECT_EQ(job["jobname"], to_compact(spec));
  EXPECT_EQ(job["job options"]["rw"], "write");
  EXPECT_EQ(job["job options"]["bs"], "8192");
  EXPECT_EQ(job["job options"]["iodepth"], "2");
  EXPECT_EQ(job["job options"]["size"], std::to_string(platform.logical_bytes() / 4096 * 4096));
  EXPECT_EQ(job["latency_depth"], 2u);
  EXPECT_EQ(job["write"]["total_ios"], 10u);
  EXPECT_EQ(job["write"]["io_bytes"], 10u * 8192u);
  // Two outstanding from the start: the first submission at depth 1, every later one at 2.
  EXPECT_DOUBLE_EQ(job["iodepth_level"]["1"].get<double>(), 10.0);
  EXPECT_DOUBLE_EQ(job["iodepth_level"]["2"].get<double>(), 90.0);
  EXPECT_EQ(fio["disk_util"][0]["write_ios"], 10u);
  EXPECT_EQ(job["write"]["runtime"], job["job_runtime"]);
}

}  // namespace
}  // namespace ssdtlm
