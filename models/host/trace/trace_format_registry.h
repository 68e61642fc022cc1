#pragma once
// Trace formats by name. A new format is one parser file plus one line in the table of
// trace_format_registry.cpp (an explicit table, not static self-registration, because the
// linker drops unreferenced objects of a static library).
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "models/host/trace/trace_line_parser.h"

namespace ssdtlm {

struct TraceFormat {
  const char* name;
  const char* description;
  std::unique_ptr<TraceLineParser> (*make_parser)(const TraceReaderOptions& options);
};

// In detection priority order: when two formats read a sample equally well, the first wins.
const std::vector<TraceFormat>& trace_formats();
const TraceFormat* find_trace_format(std::string_view name);  // nullptr if unknown
std::string trace_format_names();                             // "msr, spc, ..." for messages
// "unknown trace format 'NAME' (did you mean 'msr'?): expected auto or one of msr, spc, ..."
std::string unknown_trace_format(const std::string& name);

}  // namespace ssdtlm
