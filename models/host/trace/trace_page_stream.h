#pragma once
// The write stream of a trace as [Van Houdt 2013] section 4.1 replays it in the functional engine:
// 4 KiB pages (page_span.h), the footprint (every page a read or a write touches) renumbered
// 0..x-1 in order of first appearance, and the sequence of written pages under those numbers,
// replayed cyclically for as many host writes as the experiment needs.
//
// The trace is read once, streaming; what is kept is the renumbered write sequence, 4 bytes
// per page write (prxy0's 22 million requests: under 100 MB), because the engine replays it
// many times at tens of millions of writes per second, far faster than any text parser.
#include <cstdint>
#include <vector>

#include "models/host/trace/trace_reader.h"

namespace ssdtlm {

class TracePageStream {
 public:
  // Throws ConfigError naming the file if the trace writes nothing (there is nothing to
  // replay) or its footprint exceeds 2^32 pages.
  static TracePageStream from_trace(TraceReader& reader, std::uint64_t page_bytes = 4096);

  std::uint64_t footprint_pages() const { return footprint_pages_; }  // x
  std::uint64_t page_bytes() const { return page_bytes_; }
  // Renumbered page of every page write, in trace order.
  const std::vector<std::uint32_t>& writes() const { return writes_; }

  // Endless replay of writes(): after the last write comes the first again. The engine can
  // look ahead with peek() to prefetch the map entries of upcoming writes.
  class CyclicWrites {
   public:
    explicit CyclicWrites(const std::vector<std::uint32_t>& writes) : writes_(&writes) {}
    std::uint32_t next() {
      const std::uint32_t page = (*writes_)[position_];
      if (++position_ == writes_->size()) position_ = 0;
      return page;
    }
    std::uint32_t peek(std::size_t ahead) const { return (*writes_)[(position_ + ahead) % writes_->size()]; }
    std::size_t position() const { return position_; }

   private:
    const std::vector<std::uint32_t>* writes_;
    std::size_t position_ = 0;
  };
  // Valid while this stream lives.
  CyclicWrites cyclic_writes() const { return CyclicWrites(writes_); }

 private:
  std::uint64_t footprint_pages_ = 0;
  std::uint64_t page_bytes_ = 0;
  std::vector<std::uint32_t> writes_;
};

}  // namespace ssdtlm
