#pragma once
// The small text grammar shared by every compact spec a user types: address distributions
// ("hotcold:r=0.8,f=0.2"), workloads ("random-read:qd=1,size=4KiB") and trace options
// ("trace:x.csv,format=msr"). One parser so that numbers, sizes and durations are spelled the
// same everywhere and every error names where it came from and what was expected.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace ssdtlm::spec {

struct KeyValue {
  std::string key;
  std::string value;
  bool has_value = false;  // "strict" (a bare flag) vs "strict=true"
};

// "a/b/c" -> {"a", "b", "c"}; empty items are kept ("a//b" has three).
std::vector<std::string> split(std::string_view text, char separator);

// Splits "a=1,b=2,flag" at `separator`. Empty items and repeated keys are errors, because a
// silently overridden key is a typo the user never hears about.
std::vector<KeyValue> split_key_values(std::string_view text, char separator, const std::string& where);

// Each parser takes the whole text (no trailing garbage) and throws ConfigError naming
// `where` with what was expected.
double parse_number(std::string_view text, const std::string& where);
std::uint64_t parse_whole_number(std::string_view text, const std::string& where);
bool parse_bool(std::string_view text, const std::string& where);  // true|false|1|0|yes|no
// Bytes: "4096", "4096B", "4KiB", "4k", "4K", "4KB" (binary multiples, as fio reads them),
// "1MiB", "2GiB", "1TiB".
std::uint64_t parse_bytes(std::string_view text, const std::string& where);
// Durations with a mandatory unit: "100ns", "5us", "10ms", "2s"; fractions allowed ("1.5ms").
std::uint64_t parse_duration_ns(std::string_view text, const std::string& where);

// The shortest text that reads back as the same double ("0.3", not "0.29999999999999999").
std::string format_number(double value);
// "4KiB", "1536B", "2GiB": the largest binary unit that divides the value exactly.
std::string format_bytes(std::uint64_t bytes);
// "10ms", "1500us", "7ns": the largest unit that divides the value exactly.
std::string format_duration(std::uint64_t duration_ns);

}  // namespace ssdtlm::spec
