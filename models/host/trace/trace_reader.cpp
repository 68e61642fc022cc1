#include "models/host/trace/trace_reader.h"

#include <algorithm>
#include <cstring>

#include "models/common/config/config_error.h"
#include "models/host/trace/trace_format_detection.h"

namespace ssdtlm {

std::uint64_t TraceLineCounts::bad() const {
  std::uint64_t total = 0;
  for (std::uint64_t count : bad_by_kind) total += count;
  return total;
}

TraceReader::TraceReader(const std::string& path, const TraceReaderOptions& options)
    : options_(options), lines_(path) {
  if (options_.format == "auto") {
    const FormatDetection detection = detect_trace_format(lines_, options_);
    format_ = detection.format;
    detected_ = true;
    detection_lines_ = detection.sample_lines;
  } else {
    format_ = find_trace_format(options_.format);
    if (format_ == nullptr) {
      throw config_error(path, unknown_trace_format(options_.format));
    }
  }
  parser_ = format_->make_parser(options_);
}

std::string TraceReader::format_description() const {
  if (!detected_) return format_->name;
  return std::string(format_->name) + " (detected from " + std::to_string(detection_lines_) + " lines)";
}

void TraceReader::rewind() {
  lines_.rewind();
  parser_ = format_->make_parser(options_);  // fio's header and blkparse's summary state reset
}

void TraceReader::count_bad(const LineProblem& problem) {
  const std::string where = path() + ":" + std::to_string(lines_.line_number());
  if (options_.strict) throw config_error(where, describe(problem));
  const auto kind = static_cast<std::size_t>(problem.kind);
  if (counts_.bad_by_kind[kind]++ == 0) counts_.first_bad[kind] = where + ": " + describe(problem);
}

bool TraceReader::device_selected(std::uint32_t device) const {
  return options_.devices.empty() ||
         std::find(options_.devices.begin(), options_.devices.end(), device) != options_.devices.end();
}

bool TraceReader::next(TraceRecord& record) {
  std::string_view line;
  LineProblem problem;
  while (lines_.next(line)) {
    ++counts_.lines;
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string_view::npos || line[first] == '#') {
      ++counts_.ignored;
      continue;
    }
    // A NUL never occurs in a text trace: this is a binary file or a torn write.
    if (std::memchr(line.data(), '\0', line.size()) != nullptr) {
      count_bad(LineProblem{BadLineKind::Garbled, "", line, "text, found a NUL byte"});
      continue;
    }
    switch (parser_->parse(line, record, problem)) {
      case LineVerdict::Record:
        if (record.size_bytes == 0 && record.op != HostOp::Flush) {
          ++counts_.zero_size;
          continue;
        }
        if (record.op != HostOp::Trim && record.size_bytes > kLargestTraceTransferBytes) {
          count_bad(LineProblem{BadLineKind::NumberTooLarge, "size", line, "a read or write of at most 256 MiB"});
          continue;
        }
        if (!device_selected(record.device)) {
          ++counts_.filtered;
          continue;
        }
        ++counts_.records;
        return true;
      case LineVerdict::Ignored:
        ++counts_.ignored;
        break;
      case LineVerdict::Bad:
        count_bad(problem);
        break;
    }
  }
  return false;
}

}  // namespace ssdtlm
