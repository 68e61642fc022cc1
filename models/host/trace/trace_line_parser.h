#pragma once
// One trace format's line grammar. Parsers are stateful where the format is (fio's header and
// file table, blkparse's trailing summary), so the reader makes a fresh one per pass.
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "models/host/trace/trace_reader_options.h"
#include "models/host/trace/trace_record.h"

namespace ssdtlm {

enum class LineVerdict : std::uint8_t {
  Record,   // `record` holds an I/O
  Ignored,  // a valid line that is not an I/O: header, comment, unselected event, file action
  Bad,      // malformed: `problem` says how
};

// The kinds lenient mode counts (and stats.json reports).
enum class BadLineKind : std::uint8_t {
  MissingField,
  ExtraField,
  BadNumber,
  BadOperation,
  NumberTooLarge,
  Garbled,   // binary bytes in a text trace
  NoHeader,  // fio: an I/O line before the "fio version N iolog" line
};
constexpr std::size_t kBadLineKindCount = 7;
const char* to_string(BadLineKind kind);

struct LineProblem {
  BadLineKind kind = BadLineKind::BadNumber;
  const char* field = "";     // which field, in the format's own naming
  std::string_view text;      // the offending text (points into the line)
  const char* expected = "";  // what the field should have held
};
// "bad_number in field Offset: expected a whole number, got 'abc'"
std::string describe(const LineProblem& problem);

class TraceLineParser {
 public:
  virtual ~TraceLineParser() = default;
  // `line` has no line terminator and is not blank.
  virtual LineVerdict parse(std::string_view line, TraceRecord& record, LineProblem& problem) = 0;
};

}  // namespace ssdtlm
