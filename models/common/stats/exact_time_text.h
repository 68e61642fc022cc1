#pragma once
// Simulated times written to CSV files as exact decimals: the kernel's picosecond resolution is
// kept (a stream's default 6 significant digits would round millisecond latencies to the
// microsecond, and a double cannot hold every picosecond count of a long run).
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
inline void write_ps_as_ms(std::ostream& out, std::uint64_t ps) { write_ps_exactly<9>(out, ps); }

}  // namespace ssdtlm
