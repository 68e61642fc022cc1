// MSR Cambridge block traces (SNIA IOTTA): Timestamp,Hostname,DiskNumber,Type,Offset,Size,
// ResponseTime. Timestamps are Windows FILETIME (100 ns ticks since 1601).
#include "models/host/trace/trace_fields.h"
#include "models/host/trace/trace_format_parsers.h"

namespace ssdtlm {
namespace {

using namespace trace_fields;

class MsrParser final : public TraceLineParser {
 public:
  LineVerdict parse(std::string_view line, TraceRecord& record, LineProblem& problem) override {
    constexpr std::size_t kFields = 7;
    std::string_view fields[kFields + 1];
    const std::size_t count = split_on(line, ',', fields, kFields + 1);
    // Copies of the traces often carry the column names as a first line.
    if (count >= 1 && equals_lower(fields[0], "timestamp")) return LineVerdict::Ignored;
    if (count < 6) {
      missing_field(problem, count <= 4 ? "Offset" : "Size",
                    "7 comma-separated fields: Timestamp,Hostname,DiskNumber,Type,Offset,Size,"
                    "ResponseTime");
      return LineVerdict::Bad;
    }
    if (count > kFields) {
      fail(problem, BadLineKind::ExtraField, "ResponseTime", fields[kFields], "at most 7 fields");
      return LineVerdict::Bad;
    }
    std::uint64_t ticks = 0;
    if (!read_whole(fields[0], "Timestamp", ticks, problem) ||
        !multiply(ticks, 100, "Timestamp", fields[0], record.timestamp_ns, problem) ||
        !read_u32(fields[2], "DiskNumber", record.device, problem) ||
        !read_op(fields[3], "read", "write", "Type", "Read or Write", record.op, problem) ||
        !read_whole(fields[4], "Offset", record.offset_bytes, problem) ||
        !read_whole(fields[5], "Size", record.size_bytes, problem)) {
      return LineVerdict::Bad;
    }
    return LineVerdict::Record;
  }
};

}  // namespace

std::unique_ptr<TraceLineParser> make_msr_parser(const TraceReaderOptions&) {
  return std::make_unique<MsrParser>();
}

}  // namespace ssdtlm
