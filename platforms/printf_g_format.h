#pragma once
// The text printf's "%g" (precision 6) gives for a double, written faster than std::to_chars
// with chars_format::general and precision 6 (libstdc++'s exact-rounding formatter, ~440
// instructions per value), for the values the timeline holds: zero, and magnitudes from 1 to
// 1e17 whose sixth significant digit is not a near-tie. Every other value (fractions below 1,
// NaN, infinities, huge numbers, values within 1e-9 of a rounding tie) goes to std::to_chars,
// so the text is always exactly std::to_chars' (tests/unit/platform/printf_g_format_test.cpp
// compares both on millions of values).
namespace ssdtlm {

// Writes `value` as "%g" would into [first, last) and returns one past the last character
// written. [first, last) must hold at least 16 characters.
char* format_printf_g6(char* first, char* last, double value);

}  // namespace ssdtlm
