// fio job files as text and options: the value grammar (sizes with kb_base, times with their
// default units, per-direction lists), the file rules ([global], comments, include, ${VAR}),
// the workload spec forms (fio:PATH, {"fio": PATH}), and every kind of bad input as an error
// naming the file, the line and the option. The real drives' job options in
// ../shared/fio-data must all read (those of zoned devices fail with the ZNS error).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>

#include <nlohmann/json.hpp>

#include "models/host/workload/fio/fio_job_file.h"
#include "models/host/workload/fio/fio_job_options.h"
#include "models/host/workload/fio/fio_request_source.h"
#include "models/host/workload/fio/fio_values.h"
#include "models/host/workload/request_source_factory.h"
#include "models/host/workload/workload_spec.h"
#include "tests/unit/host/config_error_message.h"
#include "tests/unit/host/trace_test_files.h"

namespace ssdtlm {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using testing::config_error_message;
using testing::TempTraceFile;

constexpr std::uint64_t kDeviceBytes = 1ull << 30;

std::vector<FioJobOptions> jobs_of(const std::string& text) {
  TempTraceFile file(text, ".fio");
  return read_fio_jobs(read_fio_job_file(file.path()));
}

// The error of reading `text` as a job file, with the temporary path replaced by "JOB".
std::string error_of(const std::string& text, std::uint64_t device_bytes = kDeviceBytes) {
  TempTraceFile file(text, ".fio");
  std::string message =
      config_error_message([&] { FioRequestSource source(file.path(), device_bytes, 4096, 1); });
  for (std::size_t at = message.find(file.path()); at != std::string::npos; at = message.find(file.path())) {
    message.replace(at, file.path().size(), "JOB");
  }
  return message;
}

TEST(FioValuesTest, SizesFollowKbBaseAsFiosParserReadsThem) {
  const std::string w = "test";
  EXPECT_EQ(fio::parse_bytes("4096", 1024, w), 4096u);
  EXPECT_EQ(fio::parse_bytes("4k", 1024, w), 4096u);
  EXPECT_EQ(fio::parse_bytes("4K", 1024, w), 4096u);
  EXPECT_EQ(fio::parse_bytes("4kb", 1024, w), 4096u);
  EXPECT_EQ(fio::parse_bytes("4Ki", 1024, w), 4096u);   // fio's data files write block sizes so
  EXPECT_EQ(fio::parse_bytes("4KiB", 1024, w), 4000u);  // the "opposite" units of old scripts
  EXPECT_EQ(fio::parse_bytes("1m", 1024, w), 1048576u);
  EXPECT_EQ(fio::parse_bytes("1mib", 1024, w), 1000000u);
  EXPECT_EQ(fio::parse_bytes("2g", 1024, w), 2ull << 30);
  EXPECT_EQ(fio::parse_bytes("1t", 1024, w), 1ull << 40);
  EXPECT_EQ(fio::parse_bytes("4k", 1000, w), 4000u);
  EXPECT_EQ(fio::parse_bytes("4kib", 1000, w), 4096u);
  EXPECT_EQ(fio::parse_bytes("0x1000", 1024, w), 4096u);
  EXPECT_EQ(fio::parse_bytes("512b", 1024, w), 512u);
  const fio::SizeValue half = fio::parse_size_or_percent("50%", 1024, w);
  EXPECT_TRUE(half.is_percent());
  EXPECT_EQ(half.percent, 50.0);
  EXPECT_THAT(config_error_message([&] { fio::parse_bytes("1.5k", 1024, w); }), HasSubstr("whole number"));
  EXPECT_THAT(config_error_message([&] { fio::parse_bytes("4x", 1024, w); }), HasSubstr("unknown size unit"));
  EXPECT_THAT(config_error_message([&] { fio::parse_bytes("3z", 1024, w); }), HasSubstr("ZNS"));
}

TEST(FioValuesTest, TimesHaveTheirOptionsDefaultUnit) {
  const std::string w = "test";
  EXPECT_EQ(fio::parse_time_us("30", 1'000'000, w), 30'000'000u);  // runtime: seconds
  EXPECT_EQ(fio::parse_time_us("30s", 1'000'000, w), 30'000'000u);
  EXPECT_EQ(fio::parse_time_us("100", 1, w), 100u);  // thinktime: microseconds
  EXPECT_EQ(fio::parse_time_us("5ms", 1, w), 5'000u);
  EXPECT_EQ(fio::parse_time_us("5msec", 1, w), 5'000u);
  EXPECT_EQ(fio::parse_time_us("7us", 1'000'000, w), 7u);
  EXPECT_EQ(fio::parse_time_us("2m", 1, w), 120'000'000u);
  EXPECT_EQ(fio::parse_time_us("1h", 1, w), 3'600'000'000u);
  EXPECT_EQ(fio::parse_time_us("1d", 1, w), 86'400'000'000u);
  EXPECT_THAT(config_error_message([&] { fio::parse_time_us("5ns", 1, w); }), HasSubstr("unknown time unit"));
}

TEST(FioValuesTest, PerDirectionListsInheritOrKeepTheDefault) {
  using V = std::array<std::optional<std::string>, 3>;
  EXPECT_EQ(fio::split_per_direction("256k", "w"), (V{"256k", "256k", "256k"}));
  EXPECT_EQ(fio::split_per_direction("8k,32k", "w"), (V{"8k", "32k", "32k"}));
  EXPECT_EQ(fio::split_per_direction("8k,32k,", "w"), (V{"8k", "32k", std::nullopt}));
  EXPECT_EQ(fio::split_per_direction(",8k", "w"), (V{std::nullopt, "8k", "8k"}));
  EXPECT_EQ(fio::split_per_direction("500k,", "w"), (V{"500k", std::nullopt, std::nullopt}));
}

TEST(FioJobFileTest, GlobalAppliesToTheJobsAfterIt) {
  const auto jobs = jobs_of(
      "; a comment\n# another\n[global]\nbs=8k\niodepth=4\n\n[first]\nrw=randread\n[global]\niodepth=16\n"
      "[second]\nrw=write\nbs=16k\n");
  ASSERT_EQ(jobs.size(), 2u);
  EXPECT_EQ(jobs[0].name, "first");
  EXPECT_EQ(jobs[0].iodepth, 4u);
  EXPECT_EQ(jobs[0].block_sizes[0][0].bytes, 8192u);
  EXPECT_TRUE(jobs[0].random);
  EXPECT_EQ(jobs[1].iodepth, 16u);
  EXPECT_EQ(jobs[1].block_sizes[1][0].bytes, 16384u);
  EXPECT_FALSE(jobs[1].random);
}

TEST(FioJobFileTest, IncludeAndEnvironmentVariables) {
  TempTraceFile shared("iodepth=${SSDTLM_FIO_TEST_DEPTH}\n", ".fio");
  ::setenv("SSDTLM_FIO_TEST_DEPTH", "12", 1);
  const auto jobs =
      jobs_of("[job]\nrw=read\ninclude " + std::filesystem::path(shared.path()).filename().string() + "\n");
  ::unsetenv("SSDTLM_FIO_TEST_DEPTH");
  ASSERT_EQ(jobs.size(), 1u);
  EXPECT_EQ(jobs[0].iodepth, 12u);
}

TEST(FioJobFileTest, IgnoredOptionsAreNotedOnce) {
  TempTraceFile file("[global]\nioengine=libaio\ndirect=1\nfilename=/dev/nvme0n1\n[a]\nrw=read\nsize=1m\n[b]\nrw=write\nsize=1m\n",
                     ".fio");
  FioRequestSource source(file.path(), kDeviceBytes, 4096, 1);
  const nlohmann::json report = source.report();
  EXPECT_EQ(report["format"], "fio");
  ASSERT_EQ(report["ignored_options"].size(), 2u);  // ioengine and filename, once each; direct=1 is what runs
  EXPECT_THAT(report["ignored_options"][0].get<std::string>(), HasSubstr("ioengine=libaio (" + file.path() + ":2)"));
}

TEST(FioJobErrorTest, UnknownOptionNamesFileLineAndOption) {
  EXPECT_EQ(error_of("[global]\nrw=randread\n\n[job]\nbsz=4k\n"),
            "JOB:5: bsz: unknown or unsupported fio option (did you mean 'bs'?) (docs/workloads.md lists the "
            "supported ones)");
  EXPECT_THAT(error_of("[job]\nrw=randread\nverify=crc32c\n"), HasSubstr("JOB:3: verify: unknown or unsupported"));
}

TEST(FioJobErrorTest, BadValuesNameTheirLine) {
  EXPECT_THAT(error_of("[job]\niodepth=0\n"), HasSubstr("JOB:2: iodepth: expected 1 to 65536, got 0"));
  EXPECT_THAT(error_of("[job]\nrw=randreed\n"), AllOf(HasSubstr("JOB:2: rw: unsupported rw 'randreed'"),
                                                       HasSubstr("did you mean 'randread'")));
  EXPECT_THAT(error_of("[job]\nrw=read:8\n"), HasSubstr("JOB:2: rw:"));
  EXPECT_THAT(error_of("[job]\nbs=4q\n"), HasSubstr("JOB:2: bs: unknown size unit"));
  EXPECT_THAT(error_of("[job]\nrwmixread=101\n"), HasSubstr("JOB:2: rwmixread: expected 0 to 100"));
  EXPECT_THAT(error_of("[job]\nbssplit=4k/60:8k/60\n"), HasSubstr("JOB:2: bssplit: percentages add up to 120"));
  EXPECT_THAT(error_of("[job]\nrandom_distribution=zipf\n"), HasSubstr("JOB:2: random_distribution: zipf needs"));
  EXPECT_THAT(error_of("[job]\nrandom_distribution=zoned:50/10:40/90\n"), HasSubstr("add up to 100"));
  EXPECT_THAT(error_of("[job]\nrate_process=bursty\n"), HasSubstr("JOB:2: rate_process"));
  EXPECT_THAT(error_of("[job]\ntime_based=2\n"), HasSubstr("JOB:2: time_based: expected 1 or 0"));
  EXPECT_THAT(error_of("[job]\ntime_based\n"), HasSubstr("time_based needs a runtime"));
  EXPECT_THAT(error_of("[job]\nblocksize_unaligned=1\n"), HasSubstr("JOB:2: blocksize_unaligned"));
  EXPECT_THAT(error_of("[job]\nruntime=10x\n"), HasSubstr("JOB:2: runtime: unknown time unit"));
  EXPECT_THAT(error_of("[job]\nsize=\n"), HasSubstr("JOB:2: size: expected a value"));
  EXPECT_THAT(error_of("[job]\nsize\n"), HasSubstr("JOB:2: size: expected size=VALUE"));
}

TEST(FioJobErrorTest, ZonedJobsWaitForZns) {
  EXPECT_THAT(error_of("[job]\nsize=3z\nzonemode=zbd\nmax_open_zones=2\n"),
              AllOf(HasSubstr("JOB:3: zonemode: zoned block devices (zonemode=zbd) are not supported until"),
                    HasSubstr("ZNS")));
}

TEST(FioJobErrorTest, FileStructureErrors) {
  EXPECT_THAT(error_of("rw=read\n[job]\n"), HasSubstr("JOB:1: option 'rw=read' before any [section]"));
  EXPECT_THAT(error_of("[job\n"), HasSubstr("JOB:1: expected a section header"));
  EXPECT_THAT(error_of("[global]\nrw=read\n"), HasSubstr("no job section"));
  EXPECT_THAT(error_of("[job]\nsize=${SSDTLM_FIO_TEST_UNSET_VARIABLE}\n"),
              HasSubstr("JOB:2: environment variable 'SSDTLM_FIO_TEST_UNSET_VARIABLE' is not set"));
  EXPECT_THAT(error_of("[job]\nsize=8*$mb_memory\n"), HasSubstr("JOB:2:"));
  EXPECT_THAT(error_of("[job]\ninclude no-such-file.fio\n"), HasSubstr("JOB:2: include no-such-file.fio: no such file"));
  TempTraceFile with_section("[inner]\nrw=read\n", ".fio");
  EXPECT_THAT(error_of("[job]\ninclude " + with_section.path() + "\n"), HasSubstr("may not contain [sections]"));
}

TEST(FioJobErrorTest, WhatOnlyTheDeviceCanRuleOut) {
  EXPECT_THAT(error_of("[job]\nsize=2g\n"), HasSubstr("JOB:2: size: 2GiB from byte 0 runs past the simulated device"));
  EXPECT_THAT(error_of("[job]\noffset=2g\n"), HasSubstr("JOB:2: offset:"));
  EXPECT_THAT(error_of("[job]\nbs=1000\n"), HasSubstr("JOB:2: bs: 1000B is not a whole number"));
  EXPECT_THAT(error_of("[job]\noffset=512\n"), HasSubstr("JOB:2: offset: starts at byte 512"));
  EXPECT_THAT(error_of("[job]\nnumjobs=4\noffset_increment=512m\n"), HasSubstr("JOB:3: offset_increment:"));
  EXPECT_THAT(error_of("[a]\nramp_time=1s\n[b]\nramp_time=2s\n"), HasSubstr("JOB:4: ramp_time:"));
}

TEST(FioWorkloadSpecTest, CompactAndJsonFormsRoundTrip) {
  TempTraceFile file("[job]\nrw=randread\nsize=1m\n", ".fio");
  const WorkloadSpec spec = parse_workload_spec("fio:" + file.path(), "--workload");
  EXPECT_TRUE(spec.is_fio());
  EXPECT_EQ(to_compact(spec), "fio:" + file.path());
  const nlohmann::json json = to_json(spec);
  EXPECT_EQ(json, (nlohmann::json{{"fio", file.path()}}));
  EXPECT_EQ(workload_from_json(json, "workload"), spec);
  auto source = make_request_source(spec, kDeviceBytes, 4096, 1);
  EXPECT_EQ(source->arrival_mode(), ArrivalMode::Paced);
  EXPECT_THAT(config_error_message([] { parse_workload_spec("fio:", "--workload"); }), HasSubstr("fio:PATH"));
  EXPECT_THAT(config_error_message([&] {
                workload_from_json({{"fio", file.path()}, {"queue_depth", 4}}, "workload");
              }),
              HasSubstr("workload.queue_depth"));
}

TEST(FioWorkloadSpecTest, BadJobFileFailsWhenTheSpecIsRead) {
  TempTraceFile file("[job]\nrw=read\niodepth=-1\n", ".fio");
  EXPECT_THAT(config_error_message([&] { parse_workload_spec("fio:" + file.path(), "--workload"); }),
              HasSubstr(file.path() + ":3: iodepth"));
  EXPECT_THAT(config_error_message([] { parse_workload_spec("fio:/no/such/job.fio", "--workload"); }),
              HasSubstr("/no/such/job.fio: no such fio job file"));
}

// The embedded job options of measured fio runs, written back as job files, all read; only
// zonemode=zbd jobs are refused (with the ZNS error). A 128 GiB device holds their 100 GiB sizes.
TEST(FioJobFileTest, RealDrivesJobOptionsRead) {
  const std::filesystem::path data = "/work/shared/fio-data/zns-study";
  const char* source_dir = std::getenv("SSDTLM_SOURCE_DIR");
  std::filesystem::path root = source_dir ? std::filesystem::path(source_dir) / "../shared/fio-data/zns-study" : data;
  if (!std::filesystem::is_directory(root)) root = data;
  if (!std::filesystem::is_directory(root)) GTEST_SKIP() << "no fio data beside the checkout";
  std::size_t read = 0, zoned = 0;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(root)) {
    if (entry.path().extension() != ".json") continue;
    nlohmann::json measured;
    try {
      measured = nlohmann::json::parse(std::ifstream(entry.path()));
    } catch (const nlohmann::json::exception&) {
      continue;  // fio prints notes before its JSON in some files; those are the calibration's to handle
    }
    // items() refers to its json: the global options need a name that outlives the loop.
    const nlohmann::json global_options = measured.value("global options", nlohmann::json::object());
    for (const auto& job : measured.value("jobs", nlohmann::json::array())) {
      std::string text = "[global]\n";
      for (const auto& [key, value] : global_options.items()) {
        text += key + "=" + value.get<std::string>() + "\n";
      }
      text += "[" + job["jobname"].get<std::string>() + "]\n";
      for (const auto& [key, value] : job["job options"].items()) text += key + "=" + value.get<std::string>() + "\n";
      TempTraceFile file(text, ".fio");
      const std::string error =
          config_error_message([&] { FioRequestSource source(file.path(), 128ull << 30, 4096, 1); });
      if (text.find("zonemode=zbd") != std::string::npos) {
        EXPECT_THAT(error, HasSubstr("ZNS")) << entry.path();
        ++zoned;
      } else {
        EXPECT_EQ(error, "(no ConfigError)") << entry.path() << "\n" << text;
        ++read;
      }
    }
  }
  EXPECT_GT(read, 100u);
  EXPECT_GT(zoned, 100u);
}

}  // namespace
}  // namespace ssdtlm
