// SPC trace format (UMass Financial1/2, WebSearch1-3): ASU,LBA,Size,Opcode,Timestamp and
// optional trailing fields. LBA in 512-byte sectors, Size in bytes, Timestamp in seconds.
#include "models/host/trace/trace_fields.h"
#include "models/host/trace/trace_format_parsers.h"

namespace ssdtlm {
namespace {

using namespace trace_fields;

constexpr std::uint64_t kSectorBytes = 512;

class SpcParser final : public TraceLineParser {
 public:
  LineVerdict parse(std::string_view line, TraceRecord& record, LineProblem& problem) override {
    constexpr std::size_t kFields = 5;
    std::string_view fields[kFields];
    const std::size_t count = split_on(line, ',', fields, kFields);
    if (count < kFields) {
      missing_field(problem, count <= 3 ? "Opcode" : "Timestamp",
                    "5 comma-separated fields: ASU,LBA,Size,Opcode,Timestamp");
      return LineVerdict::Bad;
    }
    std::uint64_t lba = 0;
    if (!read_u32(fields[0], "ASU", record.device, problem) || !read_whole(fields[1], "LBA", lba, problem) ||
        !multiply(lba, kSectorBytes, "LBA", fields[1], record.offset_bytes, problem) ||
        !read_whole(fields[2], "Size", record.size_bytes, problem) ||
        !read_op(fields[3], "r", "w", "Opcode", "r or w", record.op, problem) ||
        !read_scaled_decimal(fields[4], 9, "Timestamp", record.timestamp_ns, problem)) {
      return LineVerdict::Bad;
    }
    return LineVerdict::Record;
  }
};

}  // namespace

std::unique_ptr<TraceLineParser> make_spc_parser(const TraceReaderOptions&) {
  return std::make_unique<SpcParser>();
}

}  // namespace ssdtlm
