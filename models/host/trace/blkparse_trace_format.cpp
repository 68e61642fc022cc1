// blkparse's default text output:
//   8,0    3        1     0.000000000   697  D   W 223490 + 8 [kjournald]
//   maj,min cpu sequence seconds.nanoseconds pid action RWBS sector + sectors [process]
// Each I/O appears once per action (Q queued, G get request, I inserted, D issued to the
// device, C completed, ...); only the configured action becomes a record, or every request
// would be counted several times. The summary blkparse prints at the end is skipped.
#include "models/host/trace/trace_fields.h"
#include "models/host/trace/trace_format_parsers.h"

namespace ssdtlm {
namespace {

using namespace trace_fields;

constexpr std::uint64_t kSectorBytes = 512;

bool starts_summary(std::string_view line) {
  // "CPU0 (8,0):" opens the per-CPU summary, "Total (8,0):" the per-device one.
  return (line.size() > 3 && line.compare(0, 3, "CPU") == 0 && line[3] >= '0' && line[3] <= '9') ||
         line.compare(0, 7, "Total (") == 0;
}

class BlkparseParser final : public TraceLineParser {
 public:
  explicit BlkparseParser(char event) : event_(event) {}

  LineVerdict parse(std::string_view line, TraceRecord& record, LineProblem& problem) override {
    if (in_summary_) return LineVerdict::Ignored;
    if (starts_summary(line)) {
      in_summary_ = true;
      return LineVerdict::Ignored;
    }
    constexpr std::size_t kFields = 10;
    std::string_view fields[kFields];
    const std::size_t count = split_blanks(line, fields, kFields);
    if (count < 7) {
      missing_field(problem, "RWBS", "maj,min cpu sequence time pid action RWBS [sector + count]");
      return LineVerdict::Bad;
    }
    const std::size_t comma = fields[0].find(',');
    std::uint64_t major = 0, minor = 0;
    if (comma == std::string_view::npos) {
      fail(problem, BadLineKind::BadNumber, "device", fields[0], "major,minor such as 8,0");
      return LineVerdict::Bad;
    }
    if (!read_whole(fields[0].substr(0, comma), "device", major, problem) ||
        !read_whole(fields[0].substr(comma + 1), "device", minor, problem)) {
      problem.text = fields[0];
      problem.expected = "major,minor such as 8,0";
      return LineVerdict::Bad;
    }
    if (!make_device_number(major, minor, "device", fields[0], record.device, problem)) {
      return LineVerdict::Bad;
    }
    const std::string_view action = fields[5];
    if (action.size() != 1 || action[0] != event_) return LineVerdict::Ignored;

    const std::string_view rwbs = fields[6];
    // RWBS: a leading F is a preflush (REQ_PREFLUSH), then the data direction (R, W, D for a
    // discard, N for none), then modifiers (F for FUA, S sync, M meta, A ahead, B barrier).
    // A preflush without data (no "sector + count", or a count of 0) is a flush request.
    const bool preflush = !rwbs.empty() && rwbs[0] == 'F';
    const bool has_sectors = count >= 8 && fields[7].front() != '[';
    if (rwbs.find('D') != std::string_view::npos) {
      record.op = HostOp::Trim;
    } else if (rwbs.find('W') != std::string_view::npos) {
      record.op = HostOp::Write;
    } else if (rwbs.find('R') != std::string_view::npos) {
      record.op = HostOp::Read;
    } else if (rwbs.find_first_not_of("NFSMAB") == std::string_view::npos) {
      if (!preflush) return LineVerdict::Ignored;  // barriers and driver-private requests
      record.op = HostOp::Flush;
    } else {
      fail(problem, BadLineKind::BadOperation, "RWBS", rwbs, "an RWBS string such as R, WS, FN or D");
      return LineVerdict::Bad;
    }
    if (!read_scaled_decimal(fields[3], 9, "time", record.timestamp_ns, problem)) {
      return LineVerdict::Bad;
    }
    if (preflush && (record.op == HostOp::Flush || !has_sectors)) {
      record.op = HostOp::Flush;
      record.offset_bytes = 0;
      record.size_bytes = 0;
      return LineVerdict::Record;
    }
    if (count < 10) {
      missing_field(problem, "sectors", "sector + count after the RWBS field");
      return LineVerdict::Bad;
    }
    if (fields[8] != "+") {
      fail(problem, BadLineKind::MissingField, "sectors", fields[8], "'+' between sector and count");
      return LineVerdict::Bad;
    }
    std::uint64_t sector = 0, sectors = 0;
    if (!read_whole(fields[7], "sector", sector, problem) ||
        !multiply(sector, kSectorBytes, "sector", fields[7], record.offset_bytes, problem) ||
        !read_whole(fields[9], "sectors", sectors, problem) ||
        !multiply(sectors, kSectorBytes, "sectors", fields[9], record.size_bytes, problem)) {
      return LineVerdict::Bad;
    }
    if (preflush && sectors == 0) {  // "FWS 0 + 0": a flush written as an empty write
      record.op = HostOp::Flush;
      record.offset_bytes = 0;
    }
    return LineVerdict::Record;
  }

 private:
  char event_;
  bool in_summary_ = false;
};

}  // namespace

std::unique_ptr<TraceLineParser> make_blkparse_parser(const TraceReaderOptions& options) {
  return std::make_unique<BlkparseParser>(options.blkparse_event);
}

}  // namespace ssdtlm
