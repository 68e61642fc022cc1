#include "models/host/trace/trace_line_parser.h"

namespace ssdtlm {

const char* to_string(BadLineKind kind) {
  switch (kind) {
    case BadLineKind::MissingField:
      return "missing_field";
    case BadLineKind::ExtraField:
      return "extra_field";
    case BadLineKind::BadNumber:
      return "bad_number";
    case BadLineKind::BadOperation:
      return "bad_operation";
    case BadLineKind::NumberTooLarge:
      return "number_too_large";
    case BadLineKind::Garbled:
      return "garbled";
    default:
      return "no_header";
  }
}

std::string describe(const LineProblem& problem) {
  std::string text = to_string(problem.kind);
  if (problem.field[0] != '\0') text += std::string(" in field ") + problem.field;
  text += std::string(": expected ") + problem.expected;
  if (problem.kind != BadLineKind::MissingField) {
    constexpr std::size_t kShown = 60;  // a garbled line can be megabytes long
    std::string shown(problem.text.substr(0, kShown));
    // Printable ASCII only: the message goes to terminals and into stats.json, and a stray
    // byte >= 0x80 is not UTF-8, which JSON output rejects (with an exception).
    for (char& c : shown) {
      const auto byte = static_cast<unsigned char>(c);
      if (byte < 0x20 || byte >= 0x7f) c = '?';
    }
    text += ", got '" + shown + (problem.text.size() > kShown ? "...'" : "'");
  }
  return text;
}

}  // namespace ssdtlm
