#include "models/host/workload/fio/fio_values.h"

#include <cctype>
#include <cmath>
#include <limits>

#include "models/common/config/config_error.h"
#include "models/host/workload/spec_text.h"

namespace ssdtlm::fio {
namespace {

std::string lower(std::string text) {
  for (char& c : text) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return text;
}

// Leading digits (decimal, or hexadecimal after 0x) and the rest. fio reads "1.5k" as 1 (its
// integer parser stops at the '.'): refused here rather than silently truncated.
std::pair<std::uint64_t, std::string> split_whole_number(const std::string& text, const std::string& where) {
  std::size_t end = 0;
  int base = 10;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    base = 16;
    end = 2;
  }
  const std::size_t digits_start = end;
  std::uint64_t value = 0;
  while (end < text.size() && std::isxdigit(static_cast<unsigned char>(text[end])) &&
         (base == 16 || std::isdigit(static_cast<unsigned char>(text[end])))) {
    const char c = static_cast<char>(std::tolower(static_cast<unsigned char>(text[end])));
    const std::uint64_t digit = c <= '9' ? static_cast<std::uint64_t>(c - '0') : static_cast<std::uint64_t>(c - 'a' + 10);
    if (value > (std::numeric_limits<std::uint64_t>::max() - digit) / static_cast<std::uint64_t>(base)) {
      throw config_error(where, "value too large, got '" + text + "'");
    }
    value = value * static_cast<std::uint64_t>(base) + digit;
    ++end;
  }
  if (end == digits_start) throw config_error(where, "expected a whole number, got '" + text + "'");
  if (end < text.size() && text[end] == '.') {
    throw config_error(where, "expected a whole number (fio reads no fractions here), got '" + text + "'");
  }
  return {value, text.substr(end)};
}

std::uint64_t checked_multiply(std::uint64_t value, std::uint64_t multiplier, const std::string& text,
                               const std::string& where) {
  if (multiplier != 0 && value > std::numeric_limits<std::uint64_t>::max() / multiplier) {
    throw config_error(where, "value too large, got '" + text + "'");
  }
  return value * multiplier;
}

std::uint64_t power(std::uint64_t base, int exponent) {
  std::uint64_t result = 1;
  while (exponent-- > 0) result *= base;
  return result;
}

// The multiplier of a size suffix (see the header), or nullopt for one fio does not know.
std::optional<std::uint64_t> size_multiplier(const std::string& suffix, unsigned kb_base) {
  static constexpr const char* kPrefixes = "kmgtp";
  if (suffix.empty() || suffix == "b") return 1;
  const std::size_t exponent = std::string(kPrefixes).find(suffix[0]);
  if (exponent == std::string::npos) return std::nullopt;
  const std::string rest = suffix.substr(1);
  const unsigned opposite = kb_base == 1024 ? 1000 : 1024;
  if (rest == "ib") return power(opposite, static_cast<int>(exponent) + 1);
  if (rest.empty() || rest == "b" || rest == "i") return power(kb_base, static_cast<int>(exponent) + 1);
  return std::nullopt;
}

}  // namespace

std::uint64_t parse_bytes(const std::string& text, unsigned kb_base, const std::string& where) {
  const SizeValue value = parse_size_or_percent(text, kb_base, where);
  if (value.is_percent()) throw config_error(where, "expected a size in bytes, not a percentage, got '" + text + "'");
  return value.bytes;
}

SizeValue parse_size_or_percent(const std::string& text, unsigned kb_base, const std::string& where) {
  if (text.empty()) throw config_error(where, "expected a size, got nothing");
  auto [number, rest] = split_whole_number(text, where);
  const std::string suffix = lower(rest);
  if (suffix == "%") {
    if (number == 0 || number > 100) {
      throw config_error(where, "expected a percentage in (0, 100], got '" + text + "'");
    }
    return {0, static_cast<double>(number)};
  }
  if (suffix == "z") {
    throw config_error(where, "'" + text + "' counts zones (zonemode=zbd), which need ZNS: not supported until "
                                           "the model has zoned namespaces");
  }
  const std::optional<std::uint64_t> multiplier = size_multiplier(suffix, kb_base);
  if (!multiplier) {
    throw config_error(where, "unknown size unit in '" + text + "': expected k, m, g, t, p (optionally with b, i "
                                                               "or ib) or %");
  }
  return {checked_multiply(number, *multiplier, text, where), 0};
}

std::uint64_t parse_count(const std::string& text, const std::string& where) {
  auto [number, rest] = split_whole_number(text, where);
  if (!rest.empty()) throw config_error(where, "expected a whole number, got '" + text + "'");
  return number;
}

std::uint64_t parse_time_us(const std::string& text, std::uint64_t default_unit_us, const std::string& where) {
  auto [number, rest] = split_whole_number(text, where);
  const std::string unit = lower(rest);
  std::uint64_t multiplier = 0;
  if (unit.empty()) {
    multiplier = default_unit_us;
  } else if (unit == "us" || unit == "usec") {
    multiplier = 1;
  } else if (unit == "ms" || unit == "msec") {
    multiplier = 1'000;
  } else if (unit == "s" || unit == "sec") {
    multiplier = 1'000'000;
  } else if (unit == "m") {
    multiplier = 60'000'000;
  } else if (unit == "h") {
    multiplier = 3'600'000'000ull;
  } else if (unit == "d") {
    multiplier = 86'400'000'000ull;
  } else {
    throw config_error(where, "unknown time unit in '" + text + "': expected d, h, m, s, ms or us");
  }
  return checked_multiply(number, multiplier, text, where);
}

bool parse_bool(const std::string& text, const std::string& where) {
  if (text == "1") return true;
  if (text == "0") return false;
  throw config_error(where, "expected 1 or 0, got '" + text + "'");
}

std::array<std::optional<std::string>, 3> split_per_direction(const std::string& text, const std::string& where) {
  const std::vector<std::string> items = spec::split(text, ',');
  if (items.size() > 3) {
    throw config_error(where, "expected at most three values (read,write,trim), got '" + text + "'");
  }
  std::array<std::optional<std::string>, 3> values;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (!items[i].empty()) values[i] = items[i];
  }
  // Without a trailing comma the last value given stands for the directions after it.
  for (std::size_t i = items.size(); i < 3; ++i) values[i] = values[items.size() - 1];
  return values;
}

}  // namespace ssdtlm::fio
