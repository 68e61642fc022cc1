#pragma once
// Picks a trace's format from its first lines: every registered parser reads the same sample
// and the one that makes the most records (net of bad lines) wins. Cheap (a few hundred
// lines) and needs no magic numbers, which most of these formats do not have.
#include <cstdint>
#include <string>

#include "models/host/trace/line_reader.h"
#include "models/host/trace/trace_format_registry.h"

namespace ssdtlm {

struct FormatDetection {
  const TraceFormat* format = nullptr;
  std::uint64_t sample_lines = 0;  // non-blank lines looked at
  std::uint64_t records = 0;       // of those, lines the chosen parser read as I/Os
};

// Reads up to `sample_lines` non-blank lines from the start of `lines`, then rewinds it.
// Throws ConfigError naming the file when the trace is empty or no format fits.
FormatDetection detect_trace_format(LineReader& lines, const TraceReaderOptions& options,
                                    std::uint64_t sample_lines = 200);

}  // namespace ssdtlm
