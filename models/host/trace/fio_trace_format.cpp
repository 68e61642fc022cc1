// fio iolog, versions 2 and 3 (fio's iolog.c is the reference):
//   fio version 2 iolog            fio version 3 iolog
//   /dev/sdb add                   0 /dev/sdb add
//   /dev/sdb open                  12 /dev/sdb open
//   /dev/sdb write 0 4096          878 /dev/sdb write 0 4096
//   /dev/sdb wait 100              (v3 times are microseconds since the start)
// v2 has no times; its "wait <us>" actions advance the clock. Files become device numbers in
// order of first appearance; sync and datasync (with or without offset and length) are flush
// records, add/open/close are not I/Os.
#include <string>
#include <vector>

#include "models/host/trace/trace_fields.h"
#include "models/host/trace/trace_format_parsers.h"

namespace ssdtlm {
namespace {

using namespace trace_fields;

constexpr const char* kHeaderForms = "'fio version 2 iolog' or 'fio version 3 iolog' as the first line";

class FioParser final : public TraceLineParser {
 public:
  LineVerdict parse(std::string_view line, TraceRecord& record, LineProblem& problem) override {
    if (line.compare(0, 12, "fio version ") == 0) return parse_header(line, problem);
    if (version_ == 0) {
      fail(problem, BadLineKind::NoHeader, "", line, kHeaderForms);
      return LineVerdict::Bad;
    }
    constexpr std::size_t kCapacity = 6;
    std::string_view fields[kCapacity];
    const std::size_t count = split_blanks(line, fields, kCapacity);
    // v3 puts the time first; from there on both versions read alike.
    const std::size_t first = version_ == 3 ? 1 : 0;
    std::uint64_t time_us = 0;
    if (version_ == 3 && count >= 1 && !read_whole(fields[0], "time_us", time_us, problem)) {
      return LineVerdict::Bad;
    }
    if (count == first + 2) {  // file action, or a sync without offset and length
      const std::string_view action = fields[first + 1];
      if (action == "add" || action == "open" || action == "close") {
        file_index(fields[first]);
        return LineVerdict::Ignored;
      }
      if (action == "sync" || action == "datasync") return flush(fields, first, time_us, record, problem);
      fail(problem, BadLineKind::BadOperation, "action", action, "add, open, close, sync or datasync");
      return LineVerdict::Bad;
    }
    if (count < first + 4) {
      missing_field(problem, "length",
                    version_ == 3 ? "time file action [offset length]" : "file action [offset length]");
      return LineVerdict::Bad;
    }
    if (count > first + 4) {
      fail(problem, BadLineKind::ExtraField, "", line, "at most offset and length after the action");
      return LineVerdict::Bad;
    }
    const std::string_view action = fields[first + 1];
    std::uint64_t offset = 0, length = 0;
    if (!read_whole(fields[first + 2], "offset", offset, problem) ||
        !read_whole(fields[first + 3], "length", length, problem)) {
      return LineVerdict::Bad;
    }
    if (action == "wait") {
      // v2: offset is the delay in us. v3 forbids wait; fio ignores it there, so do we.
      if (version_ == 2 && !advance_clock(offset, fields[first + 2], problem)) return LineVerdict::Bad;
      return LineVerdict::Ignored;
    }
    if (action == "sync" || action == "datasync") return flush(fields, first, time_us, record, problem);
    if (action == "read") {
      record.op = HostOp::Read;
    } else if (action == "write") {
      record.op = HostOp::Write;
    } else if (action == "trim") {
      record.op = HostOp::Trim;
    } else {
      fail(problem, BadLineKind::BadOperation, "action", action, "read, write, trim, sync, datasync or wait");
      return LineVerdict::Bad;
    }
    if (!stamp(fields, first, time_us, record, problem)) return LineVerdict::Bad;
    record.offset_bytes = offset;
    record.size_bytes = length;
    return LineVerdict::Record;
  }

 private:
  // The record's time (v3: the line's, v2: the clock the waits advanced) and device.
  bool stamp(const std::string_view* fields, std::size_t first, std::uint64_t time_us, TraceRecord& record,
             LineProblem& problem) {
    if (version_ == 3 && !multiply(time_us, 1000, "time_us", fields[0], clock_ns_, problem)) return false;
    record.timestamp_ns = clock_ns_;
    record.device = file_index(fields[first]);
    return true;
  }

  LineVerdict flush(const std::string_view* fields, std::size_t first, std::uint64_t time_us,
                    TraceRecord& record, LineProblem& problem) {
    if (!stamp(fields, first, time_us, record, problem)) return LineVerdict::Bad;
    record.op = HostOp::Flush;
    record.offset_bytes = 0;
    record.size_bytes = 0;
    return LineVerdict::Record;
  }

  LineVerdict parse_header(std::string_view line, LineProblem& problem) {
    if (line == "fio version 2 iolog") {
      version_ = 2;
    } else if (line == "fio version 3 iolog") {
      version_ = 3;
    } else {
      fail(problem, BadLineKind::NoHeader, "", line, kHeaderForms);
      return LineVerdict::Bad;
    }
    return LineVerdict::Ignored;
  }

  bool advance_clock(std::uint64_t delay_us, std::string_view text, LineProblem& problem) {
    std::uint64_t delay_ns = 0;
    if (!multiply(delay_us, 1000, "offset", text, delay_ns, problem)) return false;
    if (__builtin_add_overflow(clock_ns_, delay_ns, &clock_ns_)) {
      return fail(problem, BadLineKind::NumberTooLarge, "offset", text, "waits adding up to < 2^64 ns");
    }
    return true;
  }

  std::uint32_t file_index(std::string_view name) {
    // A log names a handful of files, nearly always the one just used: a short scan beats a map.
    if (last_file_ < files_.size() && files_[last_file_] == name)
      return static_cast<std::uint32_t>(last_file_);
    for (std::size_t i = 0; i < files_.size(); ++i) {
      if (files_[i] == name) return static_cast<std::uint32_t>(last_file_ = i);
    }
    files_.emplace_back(name);
    return static_cast<std::uint32_t>(last_file_ = files_.size() - 1);
  }

  int version_ = 0;
  std::uint64_t clock_ns_ = 0;
  std::vector<std::string> files_;
  std::size_t last_file_ = 0;
};

}  // namespace

std::unique_ptr<TraceLineParser> make_fio_parser(const TraceReaderOptions&) {
  return std::make_unique<FioParser>();
}

}  // namespace ssdtlm
