// A fio job file's names and options as fio's JSON output gives them: "global options" from the
// [global] sections, one job (group_reporting) named after the first job section with that
// section's own options, fio's option names for aliases, values as written after ${VAR}
// expansion, "" for a bare flag.
#include <gtest/gtest.h>

#include <cstdlib>

#include <nlohmann/json.hpp>

#include "models/common/config/config_error.h"
#include "models/host/workload/fio/fio_job_file.h"
#include "platforms/fio_job_file_report.h"
#include "tests/unit/host/trace_test_files.h"

namespace ssdtlm {
namespace {

using nlohmann::ordered_json;
using testing::TempTraceFile;

FioJobFileReport report_of(const std::string& text) {
  TempTraceFile file(text, ".fio");
  return fio_job_file_report(read_fio_job_file(file.path()));
}

TEST(FioJobFileReport, OneJobGivesTheGlobalAndTheJobSectionsOptionsAsWritten) {
  ::setenv("SSDTLM_REPORT_TEST_DEPTH", "16", 1);
  const FioJobFileReport report = report_of(
      "[global]\nioengine=libaio\nblocksize=4k\nsize=64m\ntime_based\n\n"
      "[randread-qd16]\nreadwrite=randread\niodepth=${SSDTLM_REPORT_TEST_DEPTH}\nruntime=2ms\n");
  EXPECT_EQ(report.global_options.dump(),
            ordered_json({{"ioengine", "libaio"}, {"bs", "4k"}, {"size", "64m"}, {"time_based", ""}}).dump());
  EXPECT_EQ(report.job_name, "randread-qd16");
  EXPECT_EQ(report.job_options.dump(),
            ordered_json({{"rw", "randread"}, {"iodepth", "16"}, {"runtime", "2ms"}}).dump());
}

TEST(FioJobFileReport, SeveralJobsAreOneGroupNamedAfterTheFirstJob) {
  const FioJobFileReport report = report_of(
      "[global]\nsize=8m\n[reader]\nrw=randread\nbs=4k\n[global]\nbs=8k\nruntime=1ms\n"
      "[writers]\nrw=write\nnumjobs=2\n");
  // Both [global] sections, in fio's order; bs set twice keeps its place and its last value.
  EXPECT_EQ(report.global_options.dump(),
            ordered_json({{"size", "8m"}, {"bs", "8k"}, {"runtime", "1ms"}}).dump());
  EXPECT_EQ(report.job_name, "reader");
  EXPECT_EQ(report.job_options.dump(), ordered_json({{"rw", "randread"}, {"bs", "4k"}}).dump());
}

TEST(FioJobFileReport, NoGlobalSectionGivesNoGlobalOptions) {
  const FioJobFileReport report = report_of("[only]\nrw=write\n");
  EXPECT_TRUE(report.global_options.empty());
  EXPECT_EQ(report.job_name, "only");
}

TEST(FioJobFileReport, AFileWithoutAJobIsAnErrorNamingIt) {
  TempTraceFile file("[global]\nbs=4k\n", ".fio");
  try {
    fio_job_file_report(read_fio_job_file(file.path()));
    FAIL() << "expected a ConfigError";
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find(file.path()), std::string::npos) << error.what();
    EXPECT_NE(std::string(error.what()).find("no job section"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace ssdtlm
