#pragma once
// Samples the platform every interval into rows of timeline.csv: host and GC bandwidth over
// the interval, free blocks, planes collecting, erases. One method activation per interval.
#include <cstdint>
#include <fstream>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <systemc>

namespace ssdtlm {

struct TimelineCounters {
  std::uint64_t host_bytes_read = 0;
  std::uint64_t host_bytes_written = 0;
  std::uint64_t host_requests = 0;
  std::uint64_t gc_pages_written = 0;
  std::uint64_t erases = 0;
  std::uint64_t free_blocks = 0;
  std::uint32_t units_collecting = 0;
};

class TimelineSampler : public sc_core::sc_module {
 public:
  TimelineSampler(sc_core::sc_module_name name, const sc_core::sc_time& interval,
                  std::uint32_t page_size_bytes, std::function<TimelineCounters()> read_counters);
  void stop();          // records the last partial interval and stops sampling
  // Streams rows to `path` as they are sampled, so memory stays flat however long the run;
  // without it rows are kept in memory (for write_csv and the Python API).
  void stream_to(const std::string& path);
  void write_csv(const std::string& path) const;
  std::size_t rows() const { return rows_.size() + streamed_rows_; }

 private:
  struct Row {
    double time_us;
    double host_read_mbps;
    double host_write_mbps;
    double host_iops;
    double gc_write_mbps;
    std::uint64_t free_blocks;
    std::uint32_t units_collecting;
    std::uint64_t erases;
  };
  void sample();
  void record_row();

  sc_core::sc_time interval_;
  std::uint32_t page_size_bytes_;
  std::function<TimelineCounters()> read_counters_;
  TimelineCounters previous_;
  sc_core::sc_time previous_time_;
  sc_core::sc_event tick_;
  bool stopped_ = false;
  std::vector<Row> rows_;
  std::unique_ptr<std::ofstream> stream_;
  std::string stream_path_;
  std::size_t streamed_rows_ = 0;
  static void write_header(std::ostream& out);
  static void write_row(std::ostream& out, const Row& row);
};

}  // namespace ssdtlm
