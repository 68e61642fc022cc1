#pragma once
// Which pages a trace request touches, by [Van Houdt 2013] section 4.1's processing: the offset is
// aligned down to a page, then the request is split into ceil(size / page) page requests.
// (A request straddling a page boundary thus touches the pages from its aligned start, not
// every page it overlaps: that is what the paper's tables were computed with.)
#include <cstdint>

#include "models/host/trace/trace_record.h"

namespace ssdtlm {

struct PageSpan {
  std::uint64_t first_page = 0;
  std::uint64_t page_count = 0;
};

inline PageSpan page_span(const TraceRecord& record, std::uint64_t page_bytes) {
  return PageSpan{record.offset_bytes / page_bytes,
                  record.size_bytes / page_bytes + (record.size_bytes % page_bytes != 0 ? 1 : 0)};
}

}  // namespace ssdtlm
