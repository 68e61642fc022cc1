#include "platforms/printf_g_format.h"

#include <charconv>
#include <cmath>
#include <cstdint>

namespace ssdtlm {
namespace {

constexpr int kSignificantDigits = 6;
// Exact doubles: every power of ten up to 1e22 is representable.
constexpr double kPowersOfTen[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,
                                   1e9,  1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17};
constexpr int kLargestExponent = 16;  // values below 1e17
// m = value * 10^(5 - X) carries one rounding (relative 2^-53, so below 1.2e-10 absolute for
// m < 1e6): a fraction farther than this from one half rounds the same way as the exact value.
constexpr double kTieMargin = 1e-9;

// "%g": the six significant digits `digits` (100000..999999, already rounded) of a value whose
// decimal exponent is `exponent`; fixed notation for exponents -4..5, else scientific, trailing
// zeros (and a bare decimal point) removed.
char* write_significand(char* p, std::uint32_t digits, int exponent) {
  char text[kSignificantDigits];
  for (int i = kSignificantDigits - 1; i >= 0; --i) {
    text[i] = static_cast<char>('0' + digits % 10);
    digits /= 10;
  }
  int kept = kSignificantDigits;
  while (kept > 1 && text[kept - 1] == '0') --kept;
  if (exponent < kSignificantDigits) {  // fixed; exponent >= 0 here
    const int integer_digits = exponent + 1;
    for (int i = 0; i < integer_digits; ++i) *p++ = text[i];
    if (kept > integer_digits) {
      *p++ = '.';
      for (int i = integer_digits; i < kept; ++i) *p++ = text[i];
    }
    return p;
  }
  *p++ = text[0];
  if (kept > 1) {
    *p++ = '.';
    for (int i = 1; i < kept; ++i) *p++ = text[i];
  }
  *p++ = 'e';
  *p++ = '+';
  if (exponent < 10) *p++ = '0';
  return std::to_chars(p, p + 3, exponent).ptr;
}

}  // namespace

char* format_printf_g6(char* first, char* last, double value) {
  if (value == 0.0 && !std::signbit(value)) {
    *first = '0';
    return first + 1;
  }
  const double magnitude = std::fabs(value);
  if (magnitude >= 1.0 && magnitude < kPowersOfTen[kLargestExponent + 1]) {
    int exponent = 0;
    while (magnitude >= kPowersOfTen[exponent + 1]) ++exponent;
    const int shift = kSignificantDigits - 1 - exponent;
    const double scaled = shift >= 0 ? magnitude * kPowersOfTen[shift] : magnitude / kPowersOfTen[-shift];
    const double whole = std::floor(scaled);
    const double fraction = scaled - whole;
    if (std::fabs(fraction - 0.5) > kTieMargin) {
      auto digits = static_cast<std::uint32_t>(whole) + (fraction > 0.5 ? 1u : 0u);
      if (digits == 1000000u) {  // rounded up to the next power of ten
        digits = 100000u;
        ++exponent;
      }
      char* p = first;
      if (value < 0) *p++ = '-';
      return write_significand(p, digits, exponent);
    }
  }
  return std::to_chars(first, last, value, std::chars_format::general, kSignificantDigits).ptr;
}

}  // namespace ssdtlm
