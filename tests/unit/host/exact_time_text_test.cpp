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

}  // namespace
}  // namespace ssdtlm
