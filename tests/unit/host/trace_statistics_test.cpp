// Trace statistics: exact figures on a crafted trace, [Van Houdt 2013]'s page processing, and the
// real traces against an independent Python computation over the same files (footprint,
// read-only pages and the Table 3 locality columns with 4 KiB pages, devices merged).
#include "models/host/trace/trace_statistics.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "models/host/trace/page_span.h"
#include "tests/unit/host/trace_test_files.h"

namespace ssdtlm {
namespace {

using ::testing::HasSubstr;
using testing::TempTraceFile;

// MQSim lines, 8 sectors = one 4 KiB page. Page 0 written 5 times, page 1 read 3 times,
// page 2 written once, page 3 read once.
const char* const kLocalityTrace =
    "0 0 16 8 0\n1 0 8 8 1\n2 0 0 8 0\n3 0 0 8 0\n4 0 8 8 1\n"
    "5 0 24 8 1\n6 0 0 8 0\n7 0 8 8 1\n8 0 0 8 0\n9 0 0 8 0\n";

TraceStatistics statistics_of(const std::string& path, const std::string& format = "auto") {
  TraceReaderOptions options;
  options.format = format;
  TraceReader reader(path, options);
  return compute_trace_statistics(reader);
}

TEST(TraceStatisticsTest, CountsBytesFootprintAndLocality) {
  TempTraceFile file(kLocalityTrace);
  const TraceStatistics stats = statistics_of(file.path(), "mqsim");
  EXPECT_EQ(stats.requests, 10u);
  EXPECT_EQ(stats.reads, 4u);
  EXPECT_EQ(stats.writes, 6u);
  EXPECT_EQ(stats.bytes_read, 4u * 4096);
  EXPECT_EQ(stats.bytes_written, 6u * 4096);
  EXPECT_EQ(stats.footprint_pages, 4u);
  EXPECT_EQ(stats.footprint_bytes(), 16384u);
  EXPECT_EQ(stats.read_only_pages, 2u);
  EXPECT_EQ(stats.last_timestamp_ns - stats.first_timestamp_ns, 9u);
  // Accesses sorted: 5, 3, 1, 1 of 10. 20 % and 40 % need the hottest page (25 % of the
  // footprint), 60 % and 80 % the two hottest (50 %).
  ASSERT_EQ(stats.locality.size(), 4u);
  EXPECT_DOUBLE_EQ(stats.locality[0].footprint_percent, 25.0);
  EXPECT_DOUBLE_EQ(stats.locality[1].footprint_percent, 25.0);
  EXPECT_DOUBLE_EQ(stats.locality[2].footprint_percent, 50.0);
  EXPECT_DOUBLE_EQ(stats.locality[3].footprint_percent, 50.0);
  ASSERT_EQ(stats.size_histogram.size(), 1u);
  EXPECT_EQ(stats.size_histogram[0].max_bytes, 4096u);
  EXPECT_EQ(stats.size_histogram[0].requests, 10u);
}

TEST(TraceStatisticsTest, JsonHasTheRequiredKeys) {
  TempTraceFile file(kLocalityTrace);
  const nlohmann::json json = to_json(statistics_of(file.path()));
  EXPECT_EQ(json["requests"], 10);
  EXPECT_EQ(json["reads"], 4);
  EXPECT_EQ(json["writes"], 6);
  EXPECT_EQ(json["bytes_read"], 16384);
  EXPECT_EQ(json["bytes_written"], 24576);
  EXPECT_EQ(json["footprint_bytes"], 16384);
  EXPECT_EQ(json["locality"][2]["access_percent"], 60.0);
  EXPECT_EQ(json["lines"]["bad"]["total"], 0);
  EXPECT_THAT(json["format"].get<std::string>(), HasSubstr("mqsim (detected"));
  EXPECT_THAT(to_text(statistics_of(file.path())), HasSubstr("footprint  4 pages = 16384 B"));
}

TEST(TraceStatisticsTest, PagesFollowTheReplayPageProcessing) {
  // Offset aligned down to the page, then ceil(size / page) pages: 2 KiB + 8 KiB touches
  // pages 0 and 1 (not 2, which its last bytes overlap).
  TraceRecord record;
  record.offset_bytes = 2048;
  record.size_bytes = 8192;
  EXPECT_EQ(page_span(record, 4096).first_page, 0u);
  EXPECT_EQ(page_span(record, 4096).page_count, 2u);
  record.size_bytes = 512;
  EXPECT_EQ(page_span(record, 4096).page_count, 1u);
}

struct ExpectedStatistics {
  const char* file;
  std::uint64_t footprint_pages, read_only_pages, page_accesses;
  double locality[4];
};

class RealTraceStatisticsTest : public ::testing::TestWithParam<ExpectedStatistics> {};

TEST_P(RealTraceStatisticsTest, MatchesAnIndependentComputation) {
  SSDTLM_REQUIRE_SHARED_TRACES(dir);
  const ExpectedStatistics& expected = GetParam();
  const TraceStatistics stats = statistics_of(dir + "/" + expected.file);
  EXPECT_EQ(stats.footprint_pages, expected.footprint_pages);
  EXPECT_EQ(stats.read_only_pages, expected.read_only_pages);
  EXPECT_EQ(stats.page_reads + stats.page_writes, expected.page_accesses);
  for (int i = 0; i < 4; ++i) {
    EXPECT_NEAR(stats.locality[i].footprint_percent, expected.locality[i], 1e-4) << i;
  }
}

INSTANTIATE_TEST_SUITE_P(
    SharedTraces, RealTraceStatisticsTest,
    ::testing::Values(
        ExpectedStatistics{"wdev_3.csv", 300, 174, 904, {0.6667, 1.3333, 2.3333, 40.0}},
        ExpectedStatistics{
            "fiu-mail-cheetah-110108.blkparse", 9202, 8308, 9998, {13.0841, 34.8185, 56.5421, 78.2765}},
        ExpectedStatistics{"tpcc-small.trace", 14481, 8778, 14641, {19.1216, 39.3412, 59.5608, 79.7804}},
        ExpectedStatistics{"wsrch-small.trace", 92259, 92255, 93312, {19.0876, 39.3154, 59.5443, 79.7722}}));

TEST(TraceStatisticsTest, FlushesAreCountedApartFromRequests) {
  // Two flushes among a write and a read: they are neither requests nor sizes.
  TempTraceFile file("fio version 3 iolog\n1 d add\n10 d write 0 4096\n20 d sync\n30 d read 0 8192\n40 d datasync\n");
  const TraceStatistics stats = statistics_of(file.path(), "fio");
  EXPECT_EQ(stats.flushes, 2u);
  EXPECT_EQ(stats.requests, 2u);
  EXPECT_EQ(stats.min_request_bytes, 4096u);
  EXPECT_EQ(to_json(stats)["flushes"], 2);
  EXPECT_THAT(to_text(stats), HasSubstr("flushes 2"));
}

}  // namespace
}  // namespace ssdtlm
