// DiskSim's ASCII input format and MQSim's variant of it: five blank-separated fields,
// time device block size flags, 512-byte blocks, flags bit 0 set for a read. They differ only
// in the time unit: DiskSim writes milliseconds with a fraction, MQSim integer nanoseconds;
// one class serves both so the two can never drift apart.
#include "models/host/trace/trace_fields.h"
#include "models/host/trace/trace_format_parsers.h"

namespace ssdtlm {
namespace {

using namespace trace_fields;

constexpr std::uint64_t kSectorBytes = 512;

class DiskSimParser final : public TraceLineParser {
 public:
  // `time_digits`: fraction digits of the time field that make whole ns (ms -> 6, ns -> 0).
  explicit DiskSimParser(unsigned time_digits) : time_digits_(time_digits) {}

  LineVerdict parse(std::string_view line, TraceRecord& record, LineProblem& problem) override {
    constexpr std::size_t kFields = 5;
    std::string_view fields[kFields];
    const std::size_t count = split_blanks(line, fields, kFields);
    if (count < kFields) {
      missing_field(problem, count <= 3 ? "size" : "type",
                    "5 fields: time device start_sector size_sectors type");
      return LineVerdict::Bad;
    }
    if (count > kFields) {
      fail(problem, BadLineKind::ExtraField, "", line,
           "5 fields: time device start_sector size_sectors type");
      return LineVerdict::Bad;
    }
    std::uint64_t sector = 0, sectors = 0, flags = 0;
    const bool time_ok = time_digits_ == 0 ? read_whole(fields[0], "time", record.timestamp_ns, problem)
                                           : read_scaled_decimal(fields[0], time_digits_, "time",
                                                                 record.timestamp_ns, problem);
    if (!time_ok || !read_u32(fields[1], "device", record.device, problem) ||
        !read_whole(fields[2], "start_sector", sector, problem) ||
        !multiply(sector, kSectorBytes, "start_sector", fields[2], record.offset_bytes, problem) ||
        !read_whole(fields[3], "size", sectors, problem) ||
        !multiply(sectors, kSectorBytes, "size", fields[3], record.size_bytes, problem)) {
      return LineVerdict::Bad;
    }
    if (!read_whole(fields[4], "type", flags, problem)) {
      problem.kind = BadLineKind::BadOperation;
      problem.expected = "0 (write) or 1 (read)";
      return LineVerdict::Bad;
    }
    record.op = (flags & 1) != 0 ? HostOp::Read : HostOp::Write;
    return LineVerdict::Record;
  }

 private:
  unsigned time_digits_;
};

}  // namespace

std::unique_ptr<TraceLineParser> make_mqsim_parser(const TraceReaderOptions&) {
  return std::make_unique<DiskSimParser>(0);
}

std::unique_ptr<TraceLineParser> make_disksim_parser(const TraceReaderOptions&) {
  return std::make_unique<DiskSimParser>(6);
}

}  // namespace ssdtlm
