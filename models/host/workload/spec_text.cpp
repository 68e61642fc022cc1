#include "models/host/workload/spec_text.h"

#include <charconv>
#include <cctype>
#include <cmath>
#include <limits>
#include <set>

#include "models/common/config/config_error.h"

namespace ssdtlm::spec {
namespace {

std::string quoted(std::string_view text) {
  return "'" + std::string(text) + "'";
}

struct Unit {
  std::string_view suffix;
  std::uint64_t multiplier;
};

// Splits "4KiB" into the number and the unit suffix.
std::pair<std::string_view, std::string_view> split_number_unit(std::string_view text) {
  std::size_t end = 0;
  while (end < text.size() &&
         ((text[end] >= '0' && text[end] <= '9') || text[end] == '.' || text[end] == '+' ||
          text[end] == '-' || text[end] == 'e' || text[end] == 'E')) {
    // An 'e' followed by a non-digit starts a unit, not an exponent.
    if ((text[end] == 'e' || text[end] == 'E') &&
        (end + 1 >= text.size() || !(text[end + 1] >= '0' && text[end + 1] <= '9'))) {
      break;
    }
    ++end;
  }
  return {text.substr(0, end), text.substr(end)};
}

// Multiplies a (possibly fractional) quantity by a unit, insisting on a whole result.
std::uint64_t scale_whole(std::string_view number, std::uint64_t multiplier, const std::string& where,
                          std::string_view original, const char* expected) {
  std::uint64_t whole = 0;
  auto [end, error] = std::from_chars(number.data(), number.data() + number.size(), whole);
  if (error == std::errc() && end == number.data() + number.size()) {
    if (multiplier != 0 && whole > std::numeric_limits<std::uint64_t>::max() / multiplier) {
      throw config_error(where, std::string("value too large, got ") + quoted(original));
    }
    return whole * multiplier;
  }
  const double value = parse_number(number, where);
  const double scaled = value * static_cast<double>(multiplier);
  // "0.3ms" is 299999.99999999994 ns in binary floating point: accept what is whole up to
  // rounding noise, reject a real fraction such as "1.5B".
  const double whole_scaled = std::round(scaled);
  if (value < 0 || whole_scaled >= 0x1.0p64 ||
      std::fabs(scaled - whole_scaled) > 1e-9 * (1.0 + whole_scaled)) {
    throw config_error(where, std::string("expected ") + expected + ", got " + quoted(original));
  }
  return static_cast<std::uint64_t>(whole_scaled);
}

enum class UnitCase { Exact, Insensitive };

// "<number><unit>" with one of `units`, as a whole multiple of the smallest. With
// UnitCase::Insensitive the units are listed in lower case and the text's unit may be in any case.
template <std::size_t N>
std::uint64_t parse_with_unit(std::string_view text, const Unit (&units)[N], const std::string& where,
                              const char* whole_expected, const char* form_expected,
                              UnitCase unit_case = UnitCase::Exact) {
  const auto [number, given_suffix] = split_number_unit(text);
  std::string suffix(given_suffix);
  if (unit_case == UnitCase::Insensitive) {
    for (char& c : suffix) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  for (const Unit& unit : units) {
    if (suffix == unit.suffix && !number.empty()) {
      return scale_whole(number, unit.multiplier, where, text, whole_expected);
    }
  }
  throw config_error(where, std::string("expected ") + form_expected + ", got " + quoted(text));
}

// The largest unit (units listed largest first, the last of multiplier 1) that divides
// `value` exactly, so the text reads back as the same number.
template <std::size_t N>
std::string format_in_largest_unit(std::uint64_t value, const Unit (&units)[N]) {
  for (const Unit& unit : units) {
    if ((value != 0 && value % unit.multiplier == 0) || unit.multiplier == 1) {
      return std::to_string(value / unit.multiplier) + std::string(unit.suffix);
    }
  }
  return std::to_string(value);
}

}  // namespace

std::vector<std::string> split(std::string_view text, char separator) {
  std::vector<std::string> items;
  std::size_t start = 0;
  while (true) {
    const std::size_t end = text.find(separator, start);
    items.emplace_back(
        text.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start));
    if (end == std::string_view::npos) return items;
    start = end + 1;
  }
}

std::vector<KeyValue> split_key_values(std::string_view text, char separator, const std::string& where) {
  std::vector<KeyValue> items;
  std::set<std::string> seen;
  for (const std::string& item : split(text, separator)) {
    if (item.empty()) {
      throw config_error(where, std::string("empty item in ") + quoted(text) + " (items are separated by '" +
                                    separator + "')");
    }
    KeyValue kv;
    const std::size_t equals = item.find('=');
    kv.key = item.substr(0, equals);
    if (equals != std::string::npos) {
      kv.value = item.substr(equals + 1);
      kv.has_value = true;
    }
    if (kv.key.empty()) throw config_error(where, "missing key before '=' in " + quoted(item));
    if (!seen.insert(kv.key).second) {
      throw config_error(where, "key '" + kv.key + "' given twice");
    }
    items.push_back(std::move(kv));
  }
  return items;
}

double parse_number(std::string_view text, const std::string& where) {
  double value = 0;
  const char* first = text.data();
  const char* last = text.data() + text.size();
  if (!text.empty() && text.front() == '+') ++first;  // from_chars rejects a leading '+'
  auto [end, error] = std::from_chars(first, last, value);
  if (text.empty() || error != std::errc() || end != last || !std::isfinite(value)) {
    throw config_error(where, "expected a number, got " + quoted(text));
  }
  return value;
}

std::uint64_t parse_whole_number(std::string_view text, const std::string& where) {
  std::uint64_t value = 0;
  auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc() || end != text.data() + text.size()) {
    throw config_error(where, "expected a whole number >= 0, got " + quoted(text));
  }
  return value;
}

bool parse_bool(std::string_view text, const std::string& where) {
  if (text == "true" || text == "1" || text == "yes") return true;
  if (text == "false" || text == "0" || text == "no") return false;
  throw config_error(where, "expected true or false, got " + quoted(text));
}

std::uint64_t parse_bytes(std::string_view text, const std::string& where) {
  // fio's spellings (its default kb_base=1024): the unit in any case, with or without a
  // trailing b, all binary: 4k = 4K = 4kb = 4KB = 4KiB = 4096. (fio in that mode reads KiB as
  // 1000; here the IEC units keep their standard, binary meaning.)
  static constexpr Unit kUnits[] = {{"", 1},
                                    {"b", 1},
                                    {"k", 1ull << 10},
                                    {"kb", 1ull << 10},
                                    {"kib", 1ull << 10},
                                    {"m", 1ull << 20},
                                    {"mb", 1ull << 20},
                                    {"mib", 1ull << 20},
                                    {"g", 1ull << 30},
                                    {"gb", 1ull << 30},
                                    {"gib", 1ull << 30},
                                    {"t", 1ull << 40},
                                    {"tb", 1ull << 40},
                                    {"tib", 1ull << 40},
                                    {"p", 1ull << 50},
                                    {"pb", 1ull << 50},
                                    {"pib", 1ull << 50}};
  return parse_with_unit(text, kUnits, where, "a whole number of bytes",
                         "a size in bytes such as 4096, 4k, 4KiB or 1GiB", UnitCase::Insensitive);
}

std::uint64_t parse_duration_ns(std::string_view text, const std::string& where) {
  static constexpr Unit kUnits[] = {{"ns", 1}, {"us", 1000}, {"ms", 1000 * 1000}, {"s", 1000 * 1000 * 1000}};
  return parse_with_unit(text, kUnits, where, "a whole number of nanoseconds",
                         "a duration with a unit (ns, us, ms, s) such as 10ms");
}

std::string format_number(double value) {
  char buffer[32];
  auto [end, error] = std::to_chars(buffer, buffer + sizeof buffer, value);
  (void)error;  // 32 characters always hold the shortest form of a double
  return std::string(buffer, end);
}

std::string format_bytes(std::uint64_t bytes) {
  static constexpr Unit kUnits[] = {
      {"TiB", 1ull << 40}, {"GiB", 1ull << 30}, {"MiB", 1ull << 20}, {"KiB", 1ull << 10}, {"B", 1}};
  return format_in_largest_unit(bytes, kUnits);
}

std::string format_duration(std::uint64_t duration_ns) {
  static constexpr Unit kUnits[] = {{"s", 1000 * 1000 * 1000}, {"ms", 1000 * 1000}, {"us", 1000}, {"ns", 1}};
  return format_in_largest_unit(duration_ns, kUnits);
}

}  // namespace ssdtlm::spec
