// CSV time columns keep every picosecond (models/common/stats/exact_time_text.h).
#include "models/common/stats/exact_time_text.h"

#include <sstream>

#include <gtest/gtest.h>

namespace ssdtlm {
namespace {

std::string as_ns(std::uint64_t ps) {
  std::ostringstream out;
  write_ps_as_ns(out, ps);
  return out.str();
}

std::string as_ms(std::uint64_t ps) {
  std::ostringstream out;
  write_ps_as_ms(out, ps);
  return out.str();
}

TEST(ExactTimeText, NanosecondsKeepThePicoseconds) {
  EXPECT_EQ(as_ns(0), "0.000");
  EXPECT_EQ(as_ns(7), "0.007");
  EXPECT_EQ(as_ns(1'234'567'891), "1234567.891");
}

TEST(ExactTimeText, MillisecondsKeepThePicoseconds) {
  EXPECT_EQ(as_ms(1'234'567'891), "1.234567891");
  EXPECT_EQ(as_ms(1'950'000'000'000ull), "1950.000000000");
  EXPECT_EQ(as_ms(12'000'000'001ull), "12.000000001");
  // A double would lose the last digit here (2^63 ps is about 107 days of simulated time).
  EXPECT_EQ(as_ms(9'223'372'036'854'775'807ull), "9223372036.854775807");
}

std::string as_us(std::uint64_t ps) {
  char text[27];
  return std::string(text, format_ps_as_us(text, text + sizeof text, ps));
}

TEST(ExactTimeText, MicrosecondsKeepThePicosecondsAndDropTrailingZeros) {
  EXPECT_EQ(as_us(0), "0");
  EXPECT_EQ(as_us(1), "0.000001");
  EXPECT_EQ(as_us(7'000'000), "7");
  EXPECT_EQ(as_us(12'500'000), "12.5");
  EXPECT_EQ(as_us(1'000'000'007'000'000ull), "1000000007");  // 1,000 s + 7 us: all ten digits
  EXPECT_EQ(as_us(1'000'000'007'120'000ull), "1000000007.12");
  EXPECT_EQ(as_us(18'446'744'073'709'551'615ull), "18446744073709.551615");  // the longest value
}

}  // namespace
}  // namespace ssdtlm
