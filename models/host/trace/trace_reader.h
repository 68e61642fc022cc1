#pragma once
// Reads the I/O records of a trace file of any registered format, one at a time (streaming:
// memory does not grow with the trace). Bad lines stop the reader (strict) or are skipped and
// counted by kind (lenient), and the counts are there to report.
#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "models/host/trace/line_reader.h"
#include "models/host/trace/trace_format_registry.h"
#include "models/host/trace/trace_reader_options.h"

namespace ssdtlm {

// No block device transfers more in one read or write (Linux splits requests far below it),
// and every page a request covers costs the statistics and the page stream a table entry: a
// garbled size of terabytes would otherwise take hours and all memory. Larger reads and writes
// are bad lines (number_too_large); trims, which cover whole devices, may be any size.
constexpr std::uint64_t kLargestTraceTransferBytes = std::uint64_t{256} << 20;

struct TraceLineCounts {
  std::uint64_t lines = 0;      // every line read, blank ones included
  std::uint64_t records = 0;    // lines that became records
  std::uint64_t ignored = 0;    // valid non-I/O lines: blank, comments, headers, other events
  std::uint64_t zero_size = 0;  // reads, writes and trims of 0 bytes (not records)
  std::uint64_t filtered = 0;   // I/Os of devices the options leave out
  std::array<std::uint64_t, kBadLineKindCount> bad_by_kind{};
  std::array<std::string, kBadLineKindCount> first_bad{};  // "file:line: reason" of the first
  std::uint64_t bad() const;
};

class TraceReader {
 public:
  // Opens `path`; with format "auto" detects the format from the first lines. Throws
  // ConfigError for an unknown format name, an unreadable or empty-and-undetectable file.
  TraceReader(const std::string& path, const TraceReaderOptions& options);

  // The next record; false at the end. Strict mode throws ConfigError "file:line: reason".
  bool next(TraceRecord& record);
  // Back to the first line for another pass (repeated replay); counts keep accumulating.
  void rewind();

  const std::string& path() const { return lines_.path(); }
  std::uint64_t line_number() const { return lines_.line_number(); }  // of the last line read
  const TraceFormat& format() const { return *format_; }
  bool format_detected() const { return detected_; }
  // "msr" or "fiu (detected from 200 lines)": what the user is told was chosen.
  std::string format_description() const;
  const TraceLineCounts& counts() const { return counts_; }

 private:
  void count_bad(const LineProblem& problem);
  bool device_selected(std::uint32_t device) const;

  TraceReaderOptions options_;
  LineReader lines_;
  const TraceFormat* format_ = nullptr;
  bool detected_ = false;
  std::uint64_t detection_lines_ = 0;
  std::unique_ptr<TraceLineParser> parser_;
  TraceLineCounts counts_;
};

}  // namespace ssdtlm
