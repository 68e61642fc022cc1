// timeline.csv: exact row times (picoseconds kept past 1,000 s of simulated time), and idle
// stretches recorded as one row instead of one row per interval (platforms/timeline_sampler.h).
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "platforms/ssd_platform.h"
#include "tests/unit/host/trace_test_files.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"
#include "tests/unit/support/vector_request_source.h"

namespace ssdtlm {
namespace {

using testing::make_config;
using testing::page_request;
using testing::VectorRequestSource;

constexpr std::uint64_t kIntervalPs = 7'000'000;  // 7 us: no row time is a round number
constexpr std::uint64_t kSecondPs = 1'000'000'000'000;

struct TimelineRow {
  std::uint64_t time_ps;
  std::vector<std::string> fields;  // the other columns, as written
};

// time_us text -> ps, exactly (a double would round it).
std::uint64_t parse_time_ps(const std::string& text) {
  const std::size_t point = text.find('.');
  std::uint64_t ps = std::stoull(text.substr(0, point)) * 1'000'000;
  if (point != std::string::npos) {
    std::string fraction = text.substr(point + 1);
    EXPECT_LE(fraction.size(), 6u) << text;
    fraction.resize(6, '0');
    ps += std::stoull(fraction);
  }
  return ps;
}

std::vector<TimelineRow> read_timeline(const std::string& path) {
  std::ifstream in(path);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line.rfind("time_us,", 0), 0u);
  std::vector<TimelineRow> rows;
  while (std::getline(in, line)) {
    std::stringstream fields(line);
    std::string field;
    std::getline(fields, field, ',');
    TimelineRow row{parse_time_ps(field), {}};
    while (std::getline(fields, field, ',')) row.fields.push_back(field);
    rows.push_back(row);
  }
  return rows;
}

nlohmann::json ssd_sampled_every_7us() {
  nlohmann::json config = testing::small_ssd();
  config["stats"]["timeline_interval_us"] = 7;
  return config;
}

class TimelineExactTimeTest : public testing::SystemCTest {
 protected:
  testing::TempTraceFile file_{"", ".csv"};  // an empty file, removed at the end
  const std::string& path_ = file_.path();
};

// Two bursts of writes 1,000 s apart: past 1,000 s six significant digits gave rows the same
// time ("1e+09") and the 1,000 s of idle time 1.4e8 rows: exact times, and one idle row.
TEST_F(TimelineExactTimeTest, RowsPast1000SecondsHaveExactDistinctTimesAndTheIdleGapIsOneRow) {
  const SsdConfig config = make_config(ssd_sampled_every_7us());
  SsdPlatform platform("ssd", config);
  const std::uint64_t late_ns = 1000 * 1'000'000'000ull + 3'000;  // 1,000 s + 3 us
  std::vector<HostRequest> requests;
  for (std::uint64_t i = 0; i < 4; ++i) requests.push_back(page_request(HostOp::Write, i, 4096, 0));
  for (std::uint64_t i = 4; i < 8; ++i) requests.push_back(page_request(HostOp::Write, i, 4096, late_ns));
  platform.attach_workload(std::make_unique<VectorRequestSource>(requests, ArrivalMode::OpenLoop, 8));
  platform.stream_timeline_to(path_);
  platform.precondition(PreconditionMode::None);
  platform.run();
  ASSERT_TRUE(platform.workload_done());
  const std::uint64_t end_ps = sc_core::sc_time_stamp().value();
  ASSERT_GT(end_ps, 1000 * kSecondPs);
  platform.write_timeline_csv(path_);

  const std::vector<TimelineRow> rows = read_timeline(path_);
  ASSERT_GE(rows.size(), 3u);
  // Bounded by what ran: each burst's program time (4 x 200 us on one die) in 7 us rows, and
  // one row for the idle stretch between them.
  EXPECT_LT(rows.size(), 2 * (4 * 200'000'000 / kIntervalPs + 20));
  std::size_t gap_rows = 0;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const std::uint64_t previous_ps = i == 0 ? 0 : rows[i - 1].time_ps;
    ASSERT_GT(rows[i].time_ps, previous_ps) << "row " << i;
    if (i + 1 == rows.size()) {
      // The last, partial interval ends at the last host completion.
      EXPECT_GT(rows[i].time_ps, late_ns * 1000);
      EXPECT_LE(rows[i].time_ps, end_ps);
      break;
    }
    EXPECT_EQ(rows[i].time_ps % kIntervalPs, 0u) << "row " << i << " at " << rows[i].time_ps << " ps";
    const std::uint64_t span_ps = rows[i].time_ps - previous_ps;
    if (span_ps == kIntervalPs) continue;
    // A row of several intervals: nothing was due in them (the 1,000 s gap, or the array time
    // of a program), so nothing completed.
    EXPECT_EQ(rows[i].fields[0], "0") << "row " << i;  // host read MB/s
    EXPECT_EQ(rows[i].fields[1], "0") << "row " << i;  // host write MB/s
    EXPECT_EQ(rows[i].fields[2], "0") << "row " << i;  // IOPS
    if (span_ps > 999 * kSecondPs) {
      ++gap_rows;
      // It runs up to the late arrivals, and on through the intervals in which nothing of
      // theirs completed yet (their first program takes 200 us).
      EXPECT_GE(rows[i].time_ps, (late_ns * 1000 - 1) / kIntervalPs * kIntervalPs);
      EXPECT_LT(rows[i].time_ps, late_ns * 1000 + 200'000'000 + 100'000'000);
    }
  }
  EXPECT_EQ(gap_rows, 1u);
}

}  // namespace
}  // namespace ssdtlm
