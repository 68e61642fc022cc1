// FIU IODedup traces (SNIA IOTTA, blkparse-derived):
//   timestamp_ns pid process sector n_sectors R|W major minor md5
// Read from both ends: the process name is the one free-text field and may hold blanks.
#include "models/host/trace/trace_fields.h"
#include "models/host/trace/trace_format_parsers.h"

namespace ssdtlm {
namespace {

using namespace trace_fields;

constexpr std::uint64_t kSectorBytes = 512;
constexpr const char* kLayout = "9 fields: timestamp_ns pid process sector n_sectors R|W major minor md5";

class FiuParser final : public TraceLineParser {
 public:
  LineVerdict parse(std::string_view line, TraceRecord& record, LineProblem& problem) override {
    constexpr std::size_t kCapacity = 32;
    std::string_view fields[kCapacity];
    const std::size_t count = split_blanks(line, fields, kCapacity);
    if (count < 9) {
      missing_field(problem, count <= 5 ? "n_sectors" : "md5", kLayout);
      return LineVerdict::Bad;
    }
    if (count > kCapacity) {
      fail(problem, BadLineKind::ExtraField, "process", line, kLayout);
      return LineVerdict::Bad;
    }
    const std::size_t last = count - 1;  // md5
    std::uint64_t pid = 0, sector = 0, sectors = 0, major = 0, minor = 0;
    if (!read_whole(fields[0], "timestamp_ns", record.timestamp_ns, problem) ||
        !read_whole(fields[1], "pid", pid, problem) ||
        !read_whole(fields[last - 5], "sector", sector, problem) ||
        !multiply(sector, kSectorBytes, "sector", fields[last - 5], record.offset_bytes, problem) ||
        !read_whole(fields[last - 4], "n_sectors", sectors, problem) ||
        !multiply(sectors, kSectorBytes, "n_sectors", fields[last - 4], record.size_bytes, problem) ||
        !read_whole(fields[last - 2], "major", major, problem) ||
        !read_whole(fields[last - 1], "minor", minor, problem)) {
      return LineVerdict::Bad;
    }
    if (!make_device_number(major, minor, "major", fields[last - 2], record.device, problem) ||
        !read_op(fields[last - 3], "r", "w", "R|W", "R or W", record.op, problem)) {
      return LineVerdict::Bad;
    }
    return LineVerdict::Record;
  }
};

}  // namespace

std::unique_ptr<TraceLineParser> make_fiu_parser(const TraceReaderOptions&) {
  return std::make_unique<FiuParser>();
}

}  // namespace ssdtlm
