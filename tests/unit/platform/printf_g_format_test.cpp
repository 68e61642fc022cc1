// format_printf_g6 must write exactly what std::to_chars(general, 6) writes (the timeline's
// text before the fast path) for every double: checked on values of every kind the timeline
// produces and on random bit patterns, magnitudes, rounding ties and powers of ten.
#include "platforms/printf_g_format.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <random>
#include <string>

#include <gtest/gtest.h>

namespace ssdtlm {
namespace {

std::string library_text(double value) {
  char text[64];
  char* end = std::to_chars(text, text + sizeof text, value, std::chars_format::general, 6).ptr;
  return std::string(text, end);
}

std::string fast_text(double value) {
  char text[64];
  char* end = format_printf_g6(text, text + sizeof text, value);
  return std::string(text, end);
}

// Counts mismatches and reports the first few (a loop of EXPECT_EQ would flood the log).
class Comparison {
 public:
  void check(double value) {
    ++checked_;
    const std::string expected = library_text(value);
    const std::string got = fast_text(value);
    if (expected != got && ++mismatches_ <= 10) {
      ADD_FAILURE() << "value " << std::hexfloat << value << ": to_chars '" << expected << "', fast '" << got << "'";
    }
  }
  ~Comparison() { EXPECT_EQ(mismatches_, 0u) << "of " << checked_ << " values"; }

 private:
  std::uint64_t checked_ = 0;
  std::uint64_t mismatches_ = 0;
};

TEST(PrintfG6FormatTest, TimelineValuesAreWrittenAsTheLibraryWritesThem) {
  EXPECT_EQ(fast_text(0.0), "0");
  EXPECT_EQ(fast_text(65.536), "65.536");
  EXPECT_EQ(fast_text(16000.0), "16000");
  EXPECT_EQ(fast_text(2001000.0), "2.001e+06");
  EXPECT_EQ(fast_text(999999.5), library_text(999999.5));
  EXPECT_EQ(fast_text(-0.0), "-0");
  Comparison compare;
  // What TimelineSampler computes: times in us, rates over intervals of 1 ms and odd intervals.
  for (std::uint64_t step = 0; step < 200000; ++step) {
    compare.check(double(step) * 1000.0);
    compare.check(double(step) * 0.001 * 1e6);
    for (double seconds : {0.001, 0.0007, 0.000123456}) {
      compare.check(double(step * 4096) / seconds / 1e6);
      compare.check(double(step) / seconds);
    }
  }
}

TEST(PrintfG6FormatTest, AgreesWithTheLibraryOnRandomMagnitudesTiesAndBitPatterns) {
  Comparison compare;
  std::mt19937_64 random(20261123);
  std::uniform_real_distribution<double> log_magnitude(-6.0, 18.0);
  for (int i = 0; i < 1000000; ++i) {
    const double value = std::pow(10.0, log_magnitude(random));
    compare.check(value);
    compare.check(-value);
  }
  for (int i = 0; i < 1000000; ++i) {
    const std::uint64_t bits = random();
    double value;
    std::memcpy(&value, &bits, sizeof value);
    compare.check(value);
  }
  // Seven significant digits ending in 5 (exact ties when representable), their neighbours
  // one ulp away, and every power of ten with its neighbours.
  std::uniform_int_distribution<std::uint64_t> seven_digits(100000, 999999);
  for (int i = 0; i < 200000; ++i) {
    const double tie_digits = double(seven_digits(random) * 10 + 5);
    for (int exponent = -7; exponent <= 10; ++exponent) {
      const double value = tie_digits * std::pow(10.0, exponent);
      compare.check(value);
      compare.check(std::nextafter(value, 0.0));
      compare.check(std::nextafter(value, std::numeric_limits<double>::infinity()));
    }
  }
  for (int exponent = -8; exponent <= 22; ++exponent) {
    const double power = std::pow(10.0, exponent);
    for (double value : {power, std::nextafter(power, 0.0), std::nextafter(power, 1e300), power * 0.9999995,
                         power * 0.99999949999, power * 0.9999995000001}) {
      compare.check(value);
    }
  }
  for (double value : {std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity(),
                       std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::denorm_min(),
                       std::numeric_limits<double>::max(), 1e17, 99999999999999984.0}) {
    compare.check(value);
  }
}

}  // namespace
}  // namespace ssdtlm
