// Trace readers: every format on crafted lines (fields, units, operations), the real traces
// of ../shared/traces (counts checked against awk over the same files), format detection,
// and malformed input in strict and lenient mode.
#include "models/host/trace/trace_reader.h"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "models/common/config/config_error.h"
#include "models/host/trace/trace_format_parsers.h"
#include "models/host/trace/trace_format_registry.h"
#include "tests/unit/host/config_error_message.h"
#include "tests/unit/host/trace_test_files.h"

namespace ssdtlm {
namespace {

using ::testing::HasSubstr;
using testing::TempTraceFile;
using namespace std::string_literals;

TraceReaderOptions with_format(const std::string& format, bool strict = false) {
  TraceReaderOptions options;
  options.format = format;
  options.strict = strict;
  return options;
}

std::vector<TraceRecord> read_all(TraceReader& reader) {
  std::vector<TraceRecord> records;
  TraceRecord record;
  while (reader.next(record)) records.push_back(record);
  return records;
}

std::vector<TraceRecord> read_all(const std::string& content, const std::string& format) {
  TempTraceFile file(content);
  TraceReader reader(file.path(), with_format(format, true));
  return read_all(reader);
}

struct Totals {
  std::uint64_t reads = 0, writes = 0, bytes_read = 0, bytes_written = 0;
};

Totals totals(const std::vector<TraceRecord>& records) {
  Totals t;
  for (const auto& r : records) {
    if (r.op == HostOp::Read) {
      ++t.reads;
      t.bytes_read += r.size_bytes;
    } else {
      ++t.writes;
      t.bytes_written += r.size_bytes;
    }
  }
  return t;
}

// ---------------------------------------------------------------- formats, crafted lines

TEST(TraceFormatTest, MsrConvertsFiletimeTicksAndBytes) {
  const auto records = read_all(
      "Timestamp,Hostname,DiskNumber,Type,Offset,Size,ResponseTime\n"
      "128166410318061256,wdev,3,Write,3156835840,4096,933\n"
      "128166410318061327,wdev,3,read,8192,512,862\n",
      "msr");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].timestamp_ns, 12816641031806125600ull);
  EXPECT_EQ(records[0].device, 3u);
  EXPECT_EQ(records[0].offset_bytes, 3156835840ull);
  EXPECT_EQ(records[0].size_bytes, 4096u);
  EXPECT_EQ(records[0].op, HostOp::Write);
  EXPECT_EQ(records[1].op, HostOp::Read);
}

TEST(TraceFormatTest, SpcReadsSectorsAndSecondsExactly) {
  const auto records = read_all("0,303567,3584,w,0.000000\n1,55596,3072,R,12.026214\n", "spc");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].device, 0u);
  EXPECT_EQ(records[0].offset_bytes, 303567ull * 512);
  EXPECT_EQ(records[0].size_bytes, 3584u);
  EXPECT_EQ(records[0].op, HostOp::Write);
  EXPECT_EQ(records[1].timestamp_ns, 12'026'214'000ull);
  EXPECT_EQ(records[1].device, 1u);
  EXPECT_EQ(records[1].op, HostOp::Read);
}

TEST(TraceFormatTest, MqsimAndDisksimDifferInTimeUnitOnly) {
  const auto mqsim = read_all("938513000 4 264719034 16 0\n11413000 0 657728 16 1\n", "mqsim");
  ASSERT_EQ(mqsim.size(), 2u);
  EXPECT_EQ(mqsim[0].timestamp_ns, 938513000u);
  EXPECT_EQ(mqsim[0].device, 4u);
  EXPECT_EQ(mqsim[0].offset_bytes, 264719034ull * 512);
  EXPECT_EQ(mqsim[0].size_bytes, 16u * 512);
  EXPECT_EQ(mqsim[0].op, HostOp::Write);
  EXPECT_EQ(mqsim[1].op, HostOp::Read);
  const auto disksim = read_all("12.5 1 100 8 1\n13 1 200 8 0\n", "disksim");
  ASSERT_EQ(disksim.size(), 2u);
  EXPECT_EQ(disksim[0].timestamp_ns, 12'500'000u);
  EXPECT_EQ(disksim[1].timestamp_ns, 13'000'000u);
  EXPECT_EQ(disksim[0].op, HostOp::Read);
}

TEST(TraceFormatTest, BlkparseTakesOnlyTheChosenActionAndSkipsTheSummary) {
  const std::string trace =
      "  8,0    3        1     0.000000000   697  Q   W 223490 + 8 [kjournald]\n"
      "  8,0    3        2     0.000001000   697  G   W 223490 + 8 [kjournald]\n"
      "  8,0    3        3     0.000002500   697  D   W 223490 + 8 [kjournald]\n"
      "  8,0    3        4     0.000100000     0  C   W 223490 + 8 [0]\n"
      "  8,16   1        5     1.5             12 D  RM 1000 + 16 [cat]\n"
      "  8,0    1        6     2.000000000     0  D  FN [kworker]\n"
      "  8,0    1        7     2.000000001     0  m   N cfq schedule dispatch\n"
      "  8,0    1        8     3.000000000     0  D   D 4096 + 2048 [fstrim]\n"
      "CPU0 (8,0):\n"
      " Reads Queued:           0,        0KiB  Writes Queued:           1,        4KiB\n"
      "Total (8,0):\n";
  const auto issued = read_all(trace, "blkparse");
  ASSERT_EQ(issued.size(), 4u);
  EXPECT_EQ(issued[0].timestamp_ns, 2500u);
  EXPECT_EQ(issued[0].offset_bytes, 223490ull * 512);
  EXPECT_EQ(issued[0].size_bytes, 4096u);
  EXPECT_EQ(issued[0].op, HostOp::Write);
  EXPECT_EQ(issued[0].device, device_number(8, 0));
  EXPECT_EQ(issued[1].timestamp_ns, 1'500'000'000u);
  EXPECT_EQ(issued[1].device, device_number(8, 16));
  EXPECT_EQ(issued[1].op, HostOp::Read);
  EXPECT_EQ(issued[2].op, HostOp::Flush);  // FN: a flush request without data
  EXPECT_EQ(issued[2].timestamp_ns, 2'000'000'000u);
  EXPECT_EQ(issued[2].size_bytes, 0u);
  EXPECT_EQ(issued[3].op, HostOp::Trim);

  TempTraceFile file(trace);
  TraceReaderOptions completed = with_format("blkparse", true);
  completed.blkparse_event = 'C';
  TraceReader reader(file.path(), completed);
  const auto records = read_all(reader);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].timestamp_ns, 100'000u);
}

TEST(TraceFormatTest, FiuReadsFromBothEndsSoProcessNamesMayHoldBlanks) {
  const auto records = read_all(
      "89966522969723 4270 rpc.mountd 18579576 8 W 6 0 d6c75ba46e82326fefa545b57a12e221\n"
      "89966527950584 4253 kworker u16 2 508516672 16 R 8 1 88b93b628d84082186026d9da044f173\n",
      "fiu");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].timestamp_ns, 89966522969723ull);
  EXPECT_EQ(records[0].offset_bytes, 18579576ull * 512);
  EXPECT_EQ(records[0].size_bytes, 4096u);
  EXPECT_EQ(records[0].device, device_number(6, 0));
  EXPECT_EQ(records[1].offset_bytes, 508516672ull * 512);
  EXPECT_EQ(records[1].size_bytes, 8192u);
  EXPECT_EQ(records[1].op, HostOp::Read);
  EXPECT_EQ(records[1].device, device_number(8, 1));
}

TEST(TraceFormatTest, FioVersion2TakesTimeFromWaits) {
  const auto records = read_all(
      "fio version 2 iolog\n"
      "/dev/sdb add\n/dev/sdc add\n/dev/sdb open\n"
      "/dev/sdb write 0 4096\n"
      "/dev/sdb wait 100 0\n"
      "/dev/sdc read 8192 8192\n"
      "/dev/sdb sync 0 0\n"
      "/dev/sdb trim 4096 4096\n"
      "/dev/sdb close\n",
      "fio");
  ASSERT_EQ(records.size(), 4u);
  EXPECT_EQ(records[0].timestamp_ns, 0u);
  EXPECT_EQ(records[0].op, HostOp::Write);
  EXPECT_EQ(records[0].device, 0u);
  EXPECT_EQ(records[1].timestamp_ns, 100'000u);
  EXPECT_EQ(records[1].device, 1u);
  EXPECT_EQ(records[1].size_bytes, 8192u);
  EXPECT_EQ(records[2].op, HostOp::Flush);
  EXPECT_EQ(records[2].timestamp_ns, 100'000u);
  EXPECT_EQ(records[2].device, 0u);
  EXPECT_EQ(records[3].op, HostOp::Trim);
}

TEST(TraceFormatTest, FlushRequestsBecomeFlushRecords) {
  // blkparse: a preflush without data in its three spellings; a preflush with data stays a
  // write (one line is one record, so its preflush is not replayed: docs/workloads.md); a
  // barrier-only N is ignored.
  const auto blkparse = read_all(
      "  8,0    0        1     0.000001000   697  D FWS [jbd2/sda1-8]\n"
      "  8,0    0        2     0.000002000   697  D  FN\n"
      "  8,0    0        3     0.000003000   697  D FWS 0 + 0 [jbd2/sda1-8]\n"
      "  8,0    0        4     0.000004000   697  D FWFS 2048 + 8 [jbd2/sda1-8]\n"
      "  8,0    0        5     0.000005000   697  D   N [kworker]\n",
      "blkparse");
  ASSERT_EQ(blkparse.size(), 4u);
  for (int i = 0; i < 3; ++i) {
    EXPECT_EQ(blkparse[i].op, HostOp::Flush) << i;
    EXPECT_EQ(blkparse[i].timestamp_ns, 1000u * (i + 1)) << i;
    EXPECT_EQ(blkparse[i].offset_bytes, 0u) << i;
    EXPECT_EQ(blkparse[i].size_bytes, 0u) << i;
  }
  EXPECT_EQ(blkparse[3].op, HostOp::Write);
  EXPECT_EQ(blkparse[3].offset_bytes, 2048u * 512);
  EXPECT_EQ(blkparse[3].size_bytes, 4096u);

  // fio v3: sync and datasync, with or without offset and length, on their file's device.
  const auto fio = read_all(
      "fio version 3 iolog\n1 a add\n2 b add\n10 a write 0 4096\n20 b sync\n30 a datasync 0 0\n",
      "fio");
  ASSERT_EQ(fio.size(), 3u);
  EXPECT_EQ(fio[1].op, HostOp::Flush);
  EXPECT_EQ(fio[1].timestamp_ns, 20'000u);
  EXPECT_EQ(fio[1].device, 1u);
  EXPECT_EQ(fio[2].op, HostOp::Flush);
  EXPECT_EQ(fio[2].timestamp_ns, 30'000u);
  EXPECT_EQ(fio[2].device, 0u);
}

TEST(TraceFormatTest, FioVersion3HasMicrosecondTimes) {
  const auto records = read_all(
      "fio version 3 iolog\n2 Nvme1n1 add\n872 Nvme1n1 open\n878 Nvme1n1 write 0 16384\n"
      "891 Nvme1n1 read 16384 4096\n10001677 Nvme1n1 close\n",
      "fio");
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[0].timestamp_ns, 878'000u);
  EXPECT_EQ(records[1].timestamp_ns, 891'000u);
  EXPECT_EQ(records[1].op, HostOp::Read);
}

TEST(TraceFormatTest, RegistryListsEveryFormat) {
  EXPECT_EQ(trace_format_names(), "msr, spc, mqsim, disksim, blkparse, fiu, fio");
  EXPECT_NE(find_trace_format("fiu"), nullptr);
  EXPECT_EQ(find_trace_format("nope"), nullptr);
}

// ---------------------------------------------------------------- the real traces

struct RealTrace {
  const char* file;
  const char* format;
  std::uint64_t reads, writes, bytes_read, bytes_written;
};

class RealTraceTest : public ::testing::TestWithParam<RealTrace> {};

TEST_P(RealTraceTest, IsDetectedAndReadCompletely) {
  SSDTLM_REQUIRE_SHARED_TRACES(dir);
  const RealTrace& expected = GetParam();
  TraceReader reader(dir + "/" + expected.file, TraceReaderOptions{});
  EXPECT_TRUE(reader.format_detected());
  EXPECT_STREQ(reader.format().name, expected.format);
  EXPECT_THAT(reader.format_description(), HasSubstr("detected"));
  const Totals t = totals(read_all(reader));
  EXPECT_EQ(t.reads, expected.reads);
  EXPECT_EQ(t.writes, expected.writes);
  EXPECT_EQ(t.bytes_read, expected.bytes_read);
  EXPECT_EQ(t.bytes_written, expected.bytes_written);
  EXPECT_EQ(reader.counts().bad(), 0u);
  EXPECT_EQ(reader.counts().records, expected.reads + expected.writes);
}

// Expected figures: awk over the same files (see the test file's header).
INSTANTIATE_TEST_SUITE_P(
    SharedTraces, RealTraceTest,
    ::testing::Values(RealTrace{"wdev_3.csv", "msr", 11, 671, 712704, 2990080},
                      RealTrace{"tpcc-small.trace", "mqsim", 4381, 2618, 36315136, 23403520},
                      RealTrace{"wsrch-small.trace", "mqsim", 24779, 4, 382085120, 32768},
                      RealTrace{"fiu-mail-cheetah-110108.blkparse", "fiu", 8896, 1102, 36438016, 4513792}));

TEST(TraceReaderTest, RewindReadsTheSameRecordsAgain) {
  SSDTLM_REQUIRE_SHARED_TRACES(dir);
  TraceReader reader(dir + "/wdev_3.csv", TraceReaderOptions{});
  const auto first = read_all(reader);
  reader.rewind();
  const auto second = read_all(reader);
  ASSERT_EQ(first.size(), second.size());
  EXPECT_EQ(first.back().offset_bytes, second.back().offset_bytes);
}

TEST(TraceReaderTest, DeviceFilterKeepsOnlyTheListedDevices) {
  SSDTLM_REQUIRE_SHARED_TRACES(dir);
  TraceReaderOptions options;
  options.devices = {3, 5};
  TraceReader reader(dir + "/tpcc-small.trace", options);
  const auto records = read_all(reader);
  ASSERT_FALSE(records.empty());
  for (const auto& r : records) EXPECT_TRUE(r.device == 3 || r.device == 5);
  EXPECT_EQ(reader.counts().filtered + records.size(), 6999u);
}

// ---------------------------------------------------------------- detection

TEST(TraceDetectionTest, PicksEachFormatFromItsFirstLines) {
  const std::pair<const char*, const char*> samples[] = {
      {"msr", "128166410318061256,wdev,3,Write,3156835840,4096,933\n"},
      {"spc", "0,303567,3584,w,0.000000\n1,55590,3072,w,0.026214\n"},
      {"mqsim", "938513000 4 264719034 16 0\n"},
      {"disksim", "0.125 1 100 8 1\n1.75 1 108 8 0\n"},
      {"blkparse", "  8,0    3        3     0.000002500   697  D   W 223490 + 8 [kjournald]\n"},
      {"fiu", "89966522969723 4270 rpc.mountd 18579576 8 W 6 0 d6c75ba46e82326fefa545b57a12e221\n"},
      {"fio", "fio version 2 iolog\n/dev/sdb add\n/dev/sdb write 0 4096\n"},
  };
  for (const auto& [format, content] : samples) {
    TempTraceFile file(content);
    TraceReader reader(file.path(), TraceReaderOptions{});
    EXPECT_STREQ(reader.format().name, format) << content;
  }
}

TEST(TraceDetectionTest, EmptyFileCannotBeDetected) {
  TempTraceFile file("");
  try {
    TraceReader reader(file.path(), TraceReaderOptions{});
    FAIL() << "detected a format in an empty file";
  } catch (const ConfigError& error) {
    EXPECT_THAT(error.what(), HasSubstr(file.path()));
    EXPECT_THAT(error.what(), HasSubstr("empty"));
  }
}

TEST(TraceDetectionTest, EmptyFileWithAFormatHasNoRecords) {
  TempTraceFile file("\n\n");
  TraceReader reader(file.path(), with_format("msr"));
  EXPECT_TRUE(read_all(reader).empty());
  EXPECT_EQ(reader.counts().ignored, 2u);
}

TEST(TraceDetectionTest, UnknownFormatNamesTheFileAndTheChoices) {
  TempTraceFile file("hello world\nthis is not a trace\n");
  try {
    TraceReader reader(file.path(), TraceReaderOptions{});
    FAIL() << "detected a format in prose";
  } catch (const ConfigError& error) {
    EXPECT_THAT(error.what(), HasSubstr(file.path()));
    EXPECT_THAT(error.what(), HasSubstr("unknown trace format"));
    EXPECT_THAT(error.what(), HasSubstr("hello world"));
    EXPECT_THAT(error.what(), HasSubstr("format=NAME"));
  }
}

TEST(TraceDetectionTest, UnknownFormatNameIsRejected) {
  TempTraceFile file("1 2 3 4 5\n");
  EXPECT_THROW(TraceReader(file.path(), with_format("csv")), ConfigError);
}

TEST(TraceReaderTest, MissingFileNamesThePath) {
  try {
    TraceReader reader("/nonexistent/trace.csv", with_format("msr"));
    FAIL();
  } catch (const ConfigError& error) {
    EXPECT_THAT(error.what(), HasSubstr("/nonexistent/trace.csv: cannot open"));
  }
}

// ---------------------------------------------------------------- malformed input

// Built with ""s so the embedded NUL byte stays in the string.
const std::string kDamagedMsr =
    "128166410318061256,wdev,3,Write,3156835840,4096,933\n"
    "128166410318061327,wdev,3,Write,31541488\n"          // truncated
    "128166410318061390,wdev,3,Write,abc,4096,798\n"      // garbled number
    "128166410318061390,wdev,3,Erase,4096,4096,798\n"     // unknown op
    "128166410318061390,wdev,3,Write,4096,4096,798,1\n"   // extra field
    "999999999999999999999,wdev,3,Write,4096,4096,798\n"  // overflow
    "12816641"
    "\0"
    "318061390,wdev,3,Write,4096,4096,798\n"  // NUL byte
    "128166410397311934,wdev,3,Write,3221282304,8192,2743\n"
    "128166410397311935,wdev,3,Wri"s;  // torn last line

TEST(MalformedTraceTest, LenientModeSkipsAndCountsBadLinesByKind) {
  TempTraceFile damaged(kDamagedMsr);
  TraceReader reader(damaged.path(), with_format("msr"));
  const auto records = read_all(reader);
  ASSERT_EQ(records.size(), 2u);
  EXPECT_EQ(records[1].offset_bytes, 3221282304ull);
  const TraceLineCounts& counts = reader.counts();
  EXPECT_EQ(counts.lines, 9u);
  EXPECT_EQ(counts.bad(), 7u);
  const auto count = [&](BadLineKind kind) { return counts.bad_by_kind[static_cast<std::size_t>(kind)]; };
  EXPECT_EQ(count(BadLineKind::MissingField), 2u);  // truncated + torn last line
  EXPECT_EQ(count(BadLineKind::BadNumber), 1u);
  EXPECT_EQ(count(BadLineKind::BadOperation), 1u);
  EXPECT_EQ(count(BadLineKind::ExtraField), 1u);
  EXPECT_EQ(count(BadLineKind::NumberTooLarge), 1u);
  EXPECT_EQ(count(BadLineKind::Garbled), 1u);
  EXPECT_THAT(counts.first_bad[static_cast<std::size_t>(BadLineKind::BadNumber)],
              HasSubstr(damaged.path() + ":3: bad_number in field Offset"));
}

TEST(MalformedTraceTest, StrictModeStopsAtTheFirstBadLineWithFileAndLine) {
  TempTraceFile file(
      "938513000 4 264719034 16 0\n938828000 3 197570570 sixteen 0\n939044000 6 238240490 16 0\n");
  TraceReader reader(file.path(), with_format("mqsim", true));
  TraceRecord record;
  EXPECT_TRUE(reader.next(record));
  try {
    reader.next(record);
    FAIL() << "strict mode accepted a bad line";
  } catch (const ConfigError& error) {
    EXPECT_THAT(error.what(), HasSubstr(file.path() + ":2: bad_number in field size"));
    EXPECT_THAT(error.what(), HasSubstr("'sixteen'"));
  }
}

TEST(MalformedTraceTest, BinaryGarbageIsGarbledNotACrash) {
  std::string garbage;
  for (int i = 0; i < 5000; ++i) garbage.push_back(static_cast<char>((i * 7919) % 256));
  TempTraceFile file(garbage);
  EXPECT_THROW(TraceReader(file.path(), TraceReaderOptions{}), ConfigError);  // detection fails
  for (const TraceFormat& format : trace_formats()) {
    TraceReader reader(file.path(), with_format(format.name));
    EXPECT_TRUE(read_all(reader).empty()) << format.name;
    EXPECT_GT(reader.counts().bad(), 0u) << format.name;
  }
}

TEST(MalformedTraceTest, FioWithoutHeaderIsReported) {
  TempTraceFile file("/dev/sdb write 0 4096\n");
  TraceReader reader(file.path(), with_format("fio"));
  EXPECT_TRUE(read_all(reader).empty());
  EXPECT_EQ(reader.counts().bad_by_kind[static_cast<std::size_t>(BadLineKind::NoHeader)], 1u);
}

TEST(MalformedTraceTest, EveryFormatRejectsTruncatedLines) {
  const std::pair<const char*, const char*> truncated[] = {
      {"msr", "128166410318061256,wdev,3,Write"},
      {"spc", "0,303567,3584"},
      {"mqsim", "938513000 4 264719034"},
      {"disksim", "0.5 1 100"},
      {"blkparse", "  8,0    3        3     0.000002500   697  D   W 223490 +"},
      {"fiu", "89966522969723 4270 rpc.mountd 18579576 8 W"},
      {"fio", "fio version 2 iolog\n/dev/sdb write 0"},
  };
  for (const auto& [format, content] : truncated) {
    TempTraceFile file(content);
    TraceReader reader(file.path(), with_format(format));
    EXPECT_TRUE(read_all(reader).empty()) << format;
    EXPECT_EQ(reader.counts().bad_by_kind[static_cast<std::size_t>(BadLineKind::MissingField)], 1u) << format;
  }
}

TEST(MalformedTraceTest, ZeroSizeRequestsAreNotRecords) {
  TempTraceFile file("938513000 4 264719034 0 0\n938513001 4 264719034 8 0\n");
  TraceReader reader(file.path(), with_format("mqsim", true));
  EXPECT_EQ(read_all(reader).size(), 1u);
  EXPECT_EQ(reader.counts().zero_size, 1u);
}

// Found by fuzz_trace_msr: one line writing 1 TiB made the statistics and the page stream
// insert 2^28 pages (no end in sight, gigabytes of memory).
TEST(MalformedTraceTest, ReadsAndWritesBeyond256MiBAreBadLinesTrimsAreNot) {
  TempTraceFile file(
      "128166410318061256,wdev,3,Write,0,1099511627776,933\n"
      "128166410318061257,wdev,3,Write,0,268435456,933\n");
  TraceReader reader(file.path(), with_format("msr"));
  const auto records = read_all(reader);
  ASSERT_EQ(records.size(), 1u);
  EXPECT_EQ(records[0].size_bytes, kLargestTraceTransferBytes);
  EXPECT_EQ(reader.counts().bad_by_kind[static_cast<std::size_t>(BadLineKind::NumberTooLarge)], 1u);
  TraceReader strict(file.path(), with_format("msr", true));
  TraceRecord record;
  try {
    strict.next(record);
    FAIL() << "strict mode accepted a 1 TiB write";
  } catch (const ConfigError& error) {
    EXPECT_THAT(error.what(), HasSubstr(file.path() + ":1: number_too_large in field size"));
  }
  const auto trims = read_all("fio version 2 iolog\n/dev/sdb trim 0 1099511627776\n", "fio");
  ASSERT_EQ(trims.size(), 1u);
  EXPECT_EQ(trims[0].op, HostOp::Trim);
}

TEST(LineReaderTest, HandlesCrlfLinesUpToTheLimitAcrossRefillsAndNoFinalNewline) {
  // 1.5 MiB of short lines first, so the longest line allowed straddles a refill of the 1 MiB
  // buffer, with its "\r\n".
  std::string head;
  for (int i = 0; i < (3 << 18); ++i) head += "a\n";
  const std::string long_line(LineReader::kMaxLineBytes, 'x');
  TempTraceFile file("a\r\n" + head + long_line + "\r\nlast");
  LineReader lines(file.path());
  std::string_view line;
  ASSERT_TRUE(lines.next(line));
  EXPECT_EQ(line, "a");
  for (int i = 0; i < (3 << 18); ++i) ASSERT_TRUE(lines.next(line));
  ASSERT_TRUE(lines.next(line));
  EXPECT_EQ(line.size(), long_line.size());
  ASSERT_TRUE(lines.next(line));
  EXPECT_EQ(line, "last");
  EXPECT_EQ(lines.line_number(), 3u + (3 << 18));
  EXPECT_FALSE(lines.next(line));
}

// A line one byte over the limit, inside the buffer, across a refill, or the last line of the
// file, and a file with no newline at all (/dev/zero): a ConfigError naming file and line,
// never a buffer that grows with the line.
TEST(LineReaderTest, RejectsALineLongerThanTheLimitNamingFileAndLine) {
  const std::string too_long(LineReader::kMaxLineBytes + 1, 'x');
  const std::string expected = ": line longer than 65536 bytes (not a text trace, or a corrupt one)";
  for (const std::string& content : {"a\nb\n" + too_long + "\nc\n", "a\nb\n" + too_long}) {
    TempTraceFile file(content);
    LineReader lines(file.path());
    std::string_view line;
    ASSERT_TRUE(lines.next(line));
    ASSERT_TRUE(lines.next(line));
    EXPECT_EQ(testing::config_error_message([&] { lines.next(line); }), file.path() + ":3" + expected);
  }
  std::string head;
  for (int i = 0; i < (1 << 19) - 100; ++i) head += "a\n";
  TempTraceFile across(head + std::string(4 << 20, 'x') + "\n");
  LineReader lines(across.path());
  std::string_view line;
  for (int i = 0; i < (1 << 19) - 100; ++i) ASSERT_TRUE(lines.next(line));
  EXPECT_EQ(testing::config_error_message([&] { lines.next(line); }),
            across.path() + ":" + std::to_string((1 << 19) - 99) + expected);
  LineReader zeros("/dev/zero");
  EXPECT_EQ(testing::config_error_message([&] { zeros.next(line); }), "/dev/zero:1" + expected);
}

}  // namespace
}  // namespace ssdtlm
