#pragma once
// fio's value grammar (HOWTO "Parameter types"), each parser taking the whole text and the
// "path:line: option" to blame:
//   sizes    integer with an optional unit prefix; with kb_base=1024 (fio's default) k/m/g/t/p
//            and their kb/mb/... spellings are powers of 1024, and kib/mib/... powers of 1000
//            ("opposite units, for old scripts"); kb_base=1000 swaps them. As fio's parser
//            reads them, "4Ki" is 4096 under either base (only the three-letter kib changes).
//   times    integer with d/h/m/s/ms(msec)/us(usec); without a unit seconds or microseconds,
//            depending on the option.
//   per-direction lists "read[,write][,trim]": a missing trailing value repeats the last one
//            given, an empty one keeps the default (bs=8k,32k is 8k reads, 32k writes and trims;
//            rate=500k, limits reads only).
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace ssdtlm::fio {

// A size that may be a percentage of the device ("size=50%").
struct SizeValue {
  std::uint64_t bytes = 0;
  double percent = 0;  // > 0: a percentage of the device instead of bytes
  bool is_percent() const { return percent > 0; }
};

std::uint64_t parse_bytes(const std::string& text, unsigned kb_base, const std::string& where);
SizeValue parse_size_or_percent(const std::string& text, unsigned kb_base, const std::string& where);
// A whole number without units (iodepth, numjobs, number_ios, percentages).
std::uint64_t parse_count(const std::string& text, const std::string& where);
// Microseconds; `default_unit_us` applies when the text has no unit (1'000'000 for seconds).
std::uint64_t parse_time_us(const std::string& text, std::uint64_t default_unit_us, const std::string& where);
// fio's bool: 1 or 0 (an option given without a value is true).
bool parse_bool(const std::string& text, const std::string& where);

// "read[,write][,trim]" split by fio's rule; an unset entry is std::nullopt.
std::array<std::optional<std::string>, 3> split_per_direction(const std::string& text, const std::string& where);

}  // namespace ssdtlm::fio
