#include "models/host/trace/trace_page_stream.h"

#include "models/common/config/config_error.h"
#include "models/host/trace/page_span.h"
#include "models/host/trace/page_table.h"

namespace ssdtlm {

TracePageStream TracePageStream::from_trace(TraceReader& reader, std::uint64_t page_bytes) {
  if (page_bytes == 0) throw config_error(reader.path(), "page size must be > 0");
  TracePageStream stream;
  stream.page_bytes_ = page_bytes;
  PageTable new_numbers;
  TraceRecord record;
  while (reader.next(record)) {
    // [Van Houdt 2013] counts reads and writes only
    if (record.op == HostOp::Trim || record.op == HostOp::Flush) continue;
    const PageSpan span = page_span(record, page_bytes);
    for (std::uint64_t page = span.first_page; page < span.first_page + span.page_count; ++page) {
      bool inserted = false;
      std::uint32_t& number = new_numbers.find_or_insert(page, inserted);
      if (inserted) {
        if (new_numbers.size() > (1ull << 32)) {
          throw config_error(reader.path(), "footprint exceeds 2^32 pages");
        }
        number = static_cast<std::uint32_t>(new_numbers.size() - 1);
      }
      if (record.op == HostOp::Write) stream.writes_.push_back(number);
    }
  }
  stream.footprint_pages_ = new_numbers.size();
  if (stream.writes_.empty()) {
    throw config_error(reader.path(), "the trace has no writes to replay (" +
                                          std::to_string(reader.counts().records) + " records read)");
  }
  return stream;
}

}  // namespace ssdtlm
