// fio's JSON document from request timings: fio's key names and units, rates over the exact
// run time, slat/clat/lat split at the command fetch, queue-depth and latency buckets.
#include <gtest/gtest.h>

#include <cmath>

#include "platforms/fio_json_direction.h"
#include "platforms/fio_json_report.h"

namespace ssdtlm {
namespace {

RequestTiming timing(HostOp op, std::uint64_t submit_ps, std::uint64_t fetch_ps, std::uint64_t complete_ps,
                     std::uint32_t bytes = 4096) {
  return {submit_ps, fetch_ps, complete_ps, bytes, op};
}

FioRunResult two_reads_and_a_write() {
  FioRunResult run;
  run.version = "ssdtlm-test";
  run.timestamp_ms = 1'646'420'585'770;
  run.runtime_ps = 2'000'000'000;  // 2 ms
  run.disk_name = "ssd";
  FioJobResult job;
  job.name = "job";
  job.options["name"] = "job";
  job.queue_depth = 2;
  // Two reads outstanding together from 0 (depth 1, then 2), a write submitted at the instant
  // the first read completes (depth 2 again: that completion counts first).
  static const std::vector<RequestTiming> timings = {
      timing(HostOp::Read, 0, 1'000'000, 500'000'000),
      timing(HostOp::Write, 500'000'000, 502'000'000, 2'000'000'000, 8192),
      timing(HostOp::Read, 0, 2'000'000, 1'200'000'500)};
  job.timings = &timings;
  job.percentiles = {50.0, 100.0};
  run.jobs.push_back(job);
  return run;
}

TEST(FioJsonReportTest, DirectionBlockHasFiosFiguresInFiosUnits) {
  const nlohmann::ordered_json document = fio_json_document(two_reads_and_a_write());
  const auto& read = document["jobs"][0]["read"];
  EXPECT_EQ(read["io_bytes"], 8192u);
  EXPECT_EQ(read["io_kbytes"], 8u);
  EXPECT_EQ(read["bw_bytes"], 8192u * 500u);  // over 2 ms
  EXPECT_EQ(read["bw"], 8192u * 500u / 1024u);
  EXPECT_DOUBLE_EQ(read["iops"].get<double>(), 2 / 2e-3);
  EXPECT_EQ(read["runtime"], 2u);
  EXPECT_EQ(read["total_ios"], 2u);
  // slat: submit -> fetch; clat: fetch -> completion; lat: both; integer ns (nearest).
  EXPECT_EQ(read["slat_ns"]["min"], 1000u);
  EXPECT_EQ(read["slat_ns"]["max"], 2000u);
  EXPECT_DOUBLE_EQ(read["slat_ns"]["mean"].get<double>(), 1500.0);
  EXPECT_EQ(read["clat_ns"]["min"], 499'000u);
  EXPECT_EQ(read["clat_ns"]["max"], 1'198'001u);  // 1'198'000.5 ns rounds up
  EXPECT_EQ(read["lat_ns"]["min"], 500'000u);
  EXPECT_EQ(read["lat_ns"]["N"], 2u);
  EXPECT_EQ(read["lat_ns"]["percentile"]["50.000000"], 500'000u);
  EXPECT_EQ(read["lat_ns"]["percentile"]["100.000000"], 1'200'001u);
  // Sample standard deviation of the two latencies (500 us, 1200.0005 us).
  EXPECT_NEAR(read["lat_ns"]["stddev"].get<double>(), 700'000.5 / std::sqrt(2.0), 1e-6);
  // A run under fio's 500 ms averaging window: one bandwidth and IOPS sample, the whole run.
  EXPECT_EQ(read["bw_samples"], 1u);
  EXPECT_DOUBLE_EQ(read["bw_mean"].get<double>(), 8192.0 / 1024.0 / 2e-3);
  EXPECT_DOUBLE_EQ(read["bw_agg"].get<double>(), 100.0);
  EXPECT_DOUBLE_EQ(read["iops_mean"].get<double>(), 1000.0);
  const auto& trim = document["jobs"][0]["trim"];
  EXPECT_EQ(trim["total_ios"], 0u);
  EXPECT_EQ(trim["runtime"], 0u);
  EXPECT_FALSE(trim["clat_ns"].contains("percentile"));  // as fio: no percentiles without samples
}

TEST(FioJsonReportTest, JobLevelDistributionsAndDiskUtil) {
  const nlohmann::ordered_json document = fio_json_document(two_reads_and_a_write());
  const auto& job = document["jobs"][0];
  EXPECT_EQ(job["jobname"], "job");
  EXPECT_EQ(job["job_runtime"], 2u);
  EXPECT_EQ(job["latency_depth"], 2u);
  // Depths at submission: 1, 2 (the two reads), 2 (the write): a third in "1", two in "2".
  EXPECT_DOUBLE_EQ(job["iodepth_level"]["1"].get<double>(), 100.0 / 3);
  EXPECT_DOUBLE_EQ(job["iodepth_level"]["2"].get<double>(), 200.0 / 3);
  // clat 499 us and 1198.0005 us (reads) and 1498 us (write): "500" us once, "2" ms twice.
  EXPECT_DOUBLE_EQ(job["latency_us"]["500"].get<double>(), 100.0 / 3);
  EXPECT_DOUBLE_EQ(job["latency_ms"]["2"].get<double>(), 200.0 / 3);
  EXPECT_EQ(job["sync"]["total_ios"], 0u);
  EXPECT_EQ(document["timestamp"], 1'646'420'585);
  EXPECT_FALSE(document.contains("global options"));
  const auto& disk = document["disk_util"][0];
  EXPECT_EQ(disk["read_ios"], 2u);
  EXPECT_EQ(disk["write_ios"], 1u);
  EXPECT_EQ(disk["read_ticks"], 2u);  // 0.5 + 1.2 ms
  EXPECT_DOUBLE_EQ(disk["util"].get<double>(), 100.0);  // something outstanding all along
}

TEST(FioJsonReportTest, SamplesEachWholeWindowOfFiveHundredMilliseconds) {
  FioRunResult run;
  run.runtime_ps = 2 * kFioSampleWindowPs + kFioSampleWindowPs / 2;  // 1.25 s: two whole windows
  FioJobResult job;
  const std::vector<RequestTiming> timings = {
      timing(HostOp::Write, 0, 1, 100), timing(HostOp::Write, 0, 1, 200),
      timing(HostOp::Write, 0, 1, kFioSampleWindowPs + 5),
      timing(HostOp::Write, 0, 1, 2 * kFioSampleWindowPs + 5)};  // in the partial window
  job.timings = &timings;
  run.jobs.push_back(job);
  const nlohmann::ordered_json document = fio_json_document(run);
  const auto& write = document["jobs"][0]["write"];
  EXPECT_EQ(write["iops_samples"], 2u);
  EXPECT_EQ(write["iops_min"], 2u);  // 1 request in 0.5 s
  EXPECT_EQ(write["iops_max"], 4u);
  EXPECT_DOUBLE_EQ(write["iops_mean"].get<double>(), 3.0);
  EXPECT_DOUBLE_EQ(write["iops_stddev"].get<double>(), std::sqrt(2.0));
  EXPECT_EQ(write["bw_max"], 16u);  // 8 KiB in 0.5 s, in KiB/s
}

TEST(FioJsonReportTest, FlushesAreFiosSyncBlock) {
  FioRunResult run;
  run.runtime_ps = 10'000'000;
  FioJobResult job;
  const std::vector<RequestTiming> timings = {timing(HostOp::Flush, 1'000'000, 2'000'000, 9'000'000, 0)};
  job.timings = &timings;
  run.jobs.push_back(job);
  const nlohmann::ordered_json document = fio_json_document(run);
  const auto& sync = document["jobs"][0]["sync"];
  EXPECT_EQ(sync["total_ios"], 1u);
  EXPECT_EQ(sync["lat_ns"]["min"], 8000u);
  EXPECT_EQ(sync["lat_ns"]["percentile"]["99.990000"], 8000u);
}

}  // namespace
}  // namespace ssdtlm
