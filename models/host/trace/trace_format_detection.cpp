#include "models/host/trace/trace_format_detection.h"

#include <vector>

#include "models/common/config/config_error.h"

namespace ssdtlm {
namespace {

bool is_blank_line(std::string_view line) {
  return line.find_first_not_of(" \t") == std::string_view::npos;
}

}  // namespace

FormatDetection detect_trace_format(LineReader& lines, const TraceReaderOptions& options,
                                    std::uint64_t sample_lines) {
  const auto& formats = trace_formats();
  std::vector<std::unique_ptr<TraceLineParser>> parsers;
  for (const TraceFormat& format : formats) parsers.push_back(format.make_parser(options));
  std::vector<std::uint64_t> records(formats.size(), 0), bad(formats.size(), 0);

  std::string first_line;
  std::uint64_t sampled = 0;
  std::string_view line;
  TraceRecord record;
  LineProblem problem;
  while (sampled < sample_lines && lines.next(line)) {
    if (is_blank_line(line) || line.front() == '#') continue;
    if (sampled++ == 0) first_line = std::string(line.substr(0, 80));
    for (std::size_t i = 0; i < parsers.size(); ++i) {
      const LineVerdict verdict = parsers[i]->parse(line, record, problem);
      if (verdict == LineVerdict::Record) ++records[i];
      if (verdict == LineVerdict::Bad) ++bad[i];
    }
  }
  lines.rewind();
  if (sampled == 0) {
    throw config_error(lines.path(),
                       "the trace is empty, so its format cannot be detected "
                       "(give format=NAME, one of: " +
                           trace_format_names() + ")");
  }
  // A format must read at least as many of the sample lines as it rejects.
  std::size_t best = formats.size();
  for (std::size_t i = 0; i < formats.size(); ++i) {
    if (records[i] == 0 || records[i] < bad[i]) continue;
    if (best == formats.size() || records[i] - bad[i] > records[best] - bad[best]) best = i;
  }
  if (best == formats.size()) {
    for (char& c : first_line) {
      if (static_cast<unsigned char>(c) < 0x20) c = '?';
    }
    throw config_error(lines.path(), "unknown trace format: none of " + trace_format_names() +
                                         " reads the first " + std::to_string(sampled) +
                                         " lines (the first is '" + first_line + "'); give format=NAME");
  }
  return FormatDetection{&formats[best], sampled, records[best]};
}

}  // namespace ssdtlm
