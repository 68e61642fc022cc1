#pragma once
// The field splitting and number reading every line parser uses. Inline and allocation-free
// because they run once per field of every line: the readers must do a million lines a second.
#include <charconv>
#include <cstdint>
#include <string_view>

#include "models/host/trace/trace_line_parser.h"

namespace ssdtlm::trace_fields {

inline bool is_blank(char c) {
  return c == ' ' || c == '\t';
}

inline std::string_view trim(std::string_view text) {
  while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
  return text;
}

// Splits at runs of blanks. Stores at most `capacity` fields and returns how many there are,
// so a caller can tell "too many" from "just enough".
inline std::size_t split_blanks(std::string_view line, std::string_view* fields, std::size_t capacity) {
  std::size_t count = 0;
  std::size_t i = 0;
  const std::size_t n = line.size();
  while (true) {
    while (i < n && is_blank(line[i])) ++i;
    if (i >= n) return count;
    const std::size_t start = i;
    while (i < n && !is_blank(line[i])) ++i;
    if (count < capacity) fields[count] = line.substr(start, i - start);
    ++count;
  }
}

// Splits at every `separator` (empty fields count), trimming blanks around each field.
inline std::size_t split_on(std::string_view line, char separator, std::string_view* fields,
                            std::size_t capacity) {
  std::size_t count = 0;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = line.find(separator, start);
    const std::string_view field =
        line.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
    if (count < capacity) fields[count] = trim(field);
    ++count;
    if (end == std::string_view::npos) return count;
    start = end + 1;
  }
}

inline bool fail(LineProblem& problem, BadLineKind kind, const char* field, std::string_view text,
                 const char* expected) {
  problem.kind = kind;
  problem.field = field;
  problem.text = text;
  problem.expected = expected;
  return false;
}

inline bool missing_field(LineProblem& problem, const char* field, const char* expected) {
  return fail(problem, BadLineKind::MissingField, field, {}, expected);
}

// The whole field as a decimal integer >= 0.
inline bool read_whole(std::string_view text, const char* field, std::uint64_t& value, LineProblem& problem) {
  const char* end = text.data() + text.size();
  auto [stop, error] = std::from_chars(text.data(), end, value);
  if (error == std::errc::result_out_of_range) {
    return fail(problem, BadLineKind::NumberTooLarge, field, text, "a number below 2^64");
  }
  if (text.empty() || error != std::errc() || stop != end) {
    return fail(problem, BadLineKind::BadNumber, field, text, "a whole number");
  }
  return true;
}

// A whole number that fits 32 bits (device, ASU and disk numbers).
inline bool read_u32(std::string_view text, const char* field, std::uint32_t& value, LineProblem& problem) {
  std::uint64_t wide = 0;
  if (!read_whole(text, field, wide, problem)) return false;
  if (wide > 0xffffffffu) return fail(problem, BadLineKind::NumberTooLarge, field, text, "a 32-bit number");
  value = static_cast<std::uint32_t>(wide);
  return true;
}

inline bool multiply(std::uint64_t a, std::uint64_t b, const char* field, std::string_view text,
                     std::uint64_t& product, LineProblem& problem) {
  if (__builtin_mul_overflow(a, b, &product)) {
    return fail(problem, BadLineKind::NumberTooLarge, field, text, "a value that fits 64 bits");
  }
  return true;
}

// A decimal such as "12.5" times 10^digits as an integer ("12.5", 3 -> 12500), exactly, with
// no floating point in between: timestamps in seconds keep their nanoseconds. Fraction digits
// beyond `digits` are dropped.
inline bool read_scaled_decimal(std::string_view text, unsigned digits, const char* field,
                                std::uint64_t& value, LineProblem& problem) {
  static constexpr std::uint64_t kPow10[] = {1,      10,      100,      1000,      10000,
                                             100000, 1000000, 10000000, 100000000, 1000000000};
  const std::size_t dot = text.find('.');
  const std::string_view whole_text = text.substr(0, dot);
  std::uint64_t whole = 0;
  if (whole_text.empty() && dot == std::string_view::npos) {
    return fail(problem, BadLineKind::BadNumber, field, text, "a decimal number");
  }
  if (!whole_text.empty()) {
    const char* end = whole_text.data() + whole_text.size();
    auto [stop, error] = std::from_chars(whole_text.data(), end, whole);
    if (error == std::errc::result_out_of_range) {
      return fail(problem, BadLineKind::NumberTooLarge, field, text, "a smaller number");
    }
    if (error != std::errc() || stop != end) {
      return fail(problem, BadLineKind::BadNumber, field, text, "a decimal number");
    }
  }
  std::uint64_t fraction = 0;
  if (dot != std::string_view::npos) {
    const std::string_view fraction_text = text.substr(dot + 1);
    unsigned used = 0;
    for (char c : fraction_text) {
      if (c < '0' || c > '9') {
        return fail(problem, BadLineKind::BadNumber, field, text, "a decimal number");
      }
      if (used < digits) {
        fraction = fraction * 10 + static_cast<std::uint64_t>(c - '0');
        ++used;
      }
    }
    if (whole_text.empty() && fraction_text.empty()) {
      return fail(problem, BadLineKind::BadNumber, field, text, "a decimal number");
    }
    fraction *= kPow10[digits - used];
  }
  std::uint64_t scaled_whole = 0;
  if (!multiply(whole, kPow10[digits], field, text, scaled_whole, problem)) return false;
  if (__builtin_add_overflow(scaled_whole, fraction, &value)) {
    return fail(problem, BadLineKind::NumberTooLarge, field, text, "a value that fits 64 bits");
  }
  return true;
}

// Case-insensitive comparison with a lower-case word.
inline bool equals_lower(std::string_view text, std::string_view lower_word) {
  if (text.size() != lower_word.size()) return false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
    if (c != lower_word[i]) return false;
  }
  return true;
}

// An operation spelled as one of two words, case-insensitively ("Read"/"Write", "r"/"w").
inline bool read_op(std::string_view text, std::string_view read_word, std::string_view write_word,
                    const char* field, const char* expected, HostOp& op, LineProblem& problem) {
  if (equals_lower(text, read_word)) {
    op = HostOp::Read;
  } else if (equals_lower(text, write_word)) {
    op = HostOp::Write;
  } else {
    return fail(problem, BadLineKind::BadOperation, field, text, expected);
  }
  return true;
}

// dev_t of a major and minor number, as the kernel limits them (12 and 20 bits).
inline bool make_device_number(std::uint64_t major, std::uint64_t minor, const char* field,
                               std::string_view text, std::uint32_t& device, LineProblem& problem) {
  if (major > 0xfff || minor > 0xfffff) {
    return fail(problem, BadLineKind::NumberTooLarge, field, text, "a 12-bit major, 20-bit minor");
  }
  device = device_number(static_cast<std::uint32_t>(major), static_cast<std::uint32_t>(minor));
  return true;
}

}  // namespace ssdtlm::trace_fields
