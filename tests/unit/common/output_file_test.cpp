// A result that cannot be written (disk full) is an error naming the file, for every file a run
// writes: /dev/full stands in for a full disk (every write fails with ENOSPC), unprivileged.
#include "models/common/output_file.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <filesystem>

#include "models/common/config/config_error.h"
#include "models/host/host_statistics.h"
#include "platforms/timeline_sampler.h"
#include "tests/unit/host/config_error_message.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

using ::testing::HasSubstr;
using testing::config_error_message;

constexpr const char* kFullDisk = "/dev/full";

class OutputFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(kFullDisk)) GTEST_SKIP() << "no /dev/full on this system";
  }
};

TEST_F(OutputFileTest, WriteOutputFileToAFullDiskNamesTheFileAndTheReason) {
  EXPECT_THAT(config_error_message([] { write_output_file(kFullDisk, "{}\n", "JSON results"); }),
              HasSubstr("/dev/full: cannot write JSON results: No space left on device"));
}

TEST_F(OutputFileTest, WriteOutputFileToAWritableFileSucceeds) {
  const auto path = std::filesystem::temp_directory_path() / "ssdtlm_output_file_test.json";
  write_output_file(path.string(), "{}\n", "JSON results");
  EXPECT_EQ(std::filesystem::file_size(path), 3u);
  std::filesystem::remove(path);
}

TEST_F(OutputFileTest, OpenFailureNamesTheFile) {
  EXPECT_THAT(config_error_message([] { open_output_file("/nonexistent-dir/x.csv", "the timeline"); }),
              HasSubstr("/nonexistent-dir/x.csv: cannot write the timeline: No such file or directory"));
}

TEST_F(OutputFileTest, FailedStreamedWritesAreReportedWhenChecked) {
  const auto out = open_output_file(kFullDisk, "per-request records");
  for (int i = 0; i < 100000; ++i) *out << "1,read,0,4096,0,1000,1000\n";  // past the stream's buffer
  EXPECT_THAT(config_error_message([&] { check_output_written(*out, kFullDisk, "per-request records"); }),
              HasSubstr("/dev/full: cannot write per-request records"));
}

TEST_F(OutputFileTest, RequestRecordsOnAFullDiskAreAnError) {
  HostStatistics statistics;
  statistics.open_request_records(kFullDisk);
  HostRequest request;
  request.size_bytes = 4096;
  statistics.record(request, 0, 1'000'000);
  EXPECT_THAT(config_error_message([&] { statistics.check_request_records_written(); }),
              HasSubstr("/dev/full: cannot write per-request records: No space left on device"));
}

TEST_F(OutputFileTest, TimelineOnAFullDiskIsAnError) {
  ssdtlm::testing::fresh_kernel();
  TimelineSampler streamed("streamed", sc_core::sc_time(1, sc_core::SC_US), 4096, [] { return TimelineCounters{}; });
  TimelineSampler kept("kept", sc_core::sc_time(1, sc_core::SC_US), 4096, [] { return TimelineCounters{}; });
  streamed.stream_to(kFullDisk);
  sc_core::sc_start(sc_core::sc_time(10, sc_core::SC_US));
  EXPECT_THAT(config_error_message([&] { streamed.write_csv(kFullDisk); }),
              HasSubstr("/dev/full: cannot write the timeline: No space left on device"));
  EXPECT_THAT(config_error_message([&] { kept.write_csv(kFullDisk); }),
              HasSubstr("/dev/full: cannot write the timeline: No space left on device"));
}

}  // namespace
}  // namespace ssdtlm
