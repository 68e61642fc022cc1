#pragma once
// Simulated times written to CSV files as exact decimals: the kernel's picosecond resolution is
// kept (a stream's default 6 significant digits would round millisecond latencies to the
// microsecond, and a double cannot hold every picosecond count of a long run).
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <ostream>

namespace ssdtlm {

// `ps` in units of 10^fraction_digits picoseconds: 3 digits give nanoseconds ("1234567.891"),
// 9 give milliseconds ("1.234567891").
template <unsigned fraction_digits>
void write_ps_exactly(std::ostream& out, std::uint64_t ps) {
  static_assert(fraction_digits >= 1 && fraction_digits <= 12, "1 to 12 fraction digits");
  std::uint64_t unit = 1;
  for (unsigned i = 0; i < fraction_digits; ++i) unit *= 10;
  char fraction[24];  // "." + up to 20 digits (what the compiler cannot rule out) + NUL
  std::snprintf(fraction, sizeof fraction, ".%0*llu", static_cast<int>(fraction_digits),
                static_cast<unsigned long long>(ps % unit));
  out << ps / unit << fraction;
}

inline void write_ps_as_ns(std::ostream& out, std::uint64_t ps) { write_ps_exactly<3>(out, ps); }

// `ps` in microseconds, exactly and as short as it goes: the whole microseconds, then the
// fraction's digits without trailing zeros ("1000000007", "12.5", "0.000001"). Written into
// [first, last), which must hold 27 characters; returns one past the last one written. A
// char buffer, not a stream: timeline.csv writes one per row on the simulation's path.
inline char* format_ps_as_us(char* first, char* last, std::uint64_t ps) {
  constexpr std::uint64_t kPsPerUs = 1'000'000;
  char* p = std::to_chars(first, last, ps / kPsPerUs).ptr;
  std::uint64_t fraction = ps % kPsPerUs;
  if (fraction == 0) return p;
  int digits = 6;
  while (fraction % 10 == 0) {
    fraction /= 10;
    --digits;
  }
  *p++ = '.';
  for (int i = digits - 1; i >= 0; --i) {
    p[i] = static_cast<char>('0' + fraction % 10);
    fraction /= 10;
  }
  return p + digits;
}
inline void write_ps_as_ms(std::ostream& out, std::uint64_t ps) { write_ps_exactly<9>(out, ps); }

}  // namespace ssdtlm
