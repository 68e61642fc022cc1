// The trace page stream of [Van Houdt 2013] section 4.1: renumbering in order of first appearance
// (reads count), the write sequence, cyclic replay, and the real traces against an
// independent computation.
#include "models/host/trace/trace_page_stream.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <numeric>

#include "models/common/config/config_error.h"
#include "tests/unit/host/trace_test_files.h"

namespace ssdtlm {
namespace {

using testing::TempTraceFile;

TracePageStream stream_of(const std::string& path) {
  TraceReader reader(path, TraceReaderOptions{});
  return TracePageStream::from_trace(reader);
}

TEST(TracePageStreamTest, RenumbersInOrderOfFirstAppearance) {
  // Pages touched: 2 (write), 1 (read), 0 (write) x2, 3 (read), 0 (write), then a write of
  // pages 5 and 6 (two pages in one request).
  TempTraceFile file("0 0 16 8 0\n1 0 8 8 1\n2 0 0 8 0\n3 0 0 8 0\n4 0 24 8 1\n5 0 0 8 0\n6 0 40 16 0\n");
  const TracePageStream stream = stream_of(file.path());
  EXPECT_EQ(stream.footprint_pages(), 6u);  // 2, 1, 0, 3, 5, 6 -> 0..5
  EXPECT_EQ(stream.writes(), (std::vector<std::uint32_t>{0, 2, 2, 2, 4, 5}));
}

TEST(TracePageStreamTest, CyclicWritesWrapAroundAndPeekAhead) {
  TempTraceFile file("0 0 0 8 0\n1 0 8 8 0\n2 0 16 8 0\n");
  const TracePageStream stream = stream_of(file.path());
  auto writes = stream.cyclic_writes();
  EXPECT_EQ(writes.peek(4), 1u);
  std::vector<std::uint32_t> seen;
  for (int i = 0; i < 7; ++i) seen.push_back(writes.next());
  EXPECT_EQ(seen, (std::vector<std::uint32_t>{0, 1, 2, 0, 1, 2, 0}));
  EXPECT_EQ(writes.position(), 1u);
}

TEST(TracePageStreamTest, ATraceWithoutWritesIsAnError) {
  TempTraceFile file("0 0 0 8 1\n");
  EXPECT_THROW(stream_of(file.path()), ConfigError);
}

struct ExpectedStream {
  const char* file;
  std::uint64_t footprint_pages;
  std::size_t writes;
  std::uint64_t sum_of_written_pages;
};

class RealTracePageStreamTest : public ::testing::TestWithParam<ExpectedStream> {};

TEST_P(RealTracePageStreamTest, MatchesAnIndependentComputation) {
  SSDTLM_REQUIRE_SHARED_TRACES(dir);
  const TracePageStream stream = stream_of(dir + "/" + GetParam().file);
  EXPECT_EQ(stream.footprint_pages(), GetParam().footprint_pages);
  EXPECT_EQ(stream.writes().size(), GetParam().writes);
  EXPECT_EQ(std::accumulate(stream.writes().begin(), stream.writes().end(), std::uint64_t{0}),
            GetParam().sum_of_written_pages);
  for (std::uint32_t page : stream.writes()) ASSERT_LT(page, stream.footprint_pages());
}

INSTANTIATE_TEST_SUITE_P(SharedTraces, RealTracePageStreamTest,
                         ::testing::Values(ExpectedStream{"wdev_3.csv", 300, 730, 15661},
                                           ExpectedStream{"fiu-mail-cheetah-110108.blkparse", 9202, 1102,
                                                          6210827},
                                           ExpectedStream{"tpcc-small.trace", 14481, 5775, 41296510},
                                           ExpectedStream{"wsrch-small.trace", 92259, 8, 15516}));

TEST(TracePageStreamTest, FlushesTouchNoPage) {
  TempTraceFile file("fio version 3 iolog\n1 d add\n10 d write 0 4096\n20 d sync\n30 d read 0 8192\n40 d datasync\n");
  TraceReaderOptions options;
  options.format = "fio";
  TraceReader reader(file.path(), options);
  const TracePageStream stream = TracePageStream::from_trace(reader);
  EXPECT_EQ(stream.footprint_pages(), 2u);  // the write's page and the read's second page
  EXPECT_EQ(stream.writes(), (std::vector<std::uint32_t>{0}));
}

}  // namespace
}  // namespace ssdtlm
