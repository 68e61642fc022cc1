#pragma once
// Samples the platform every interval into rows of timeline.csv: host and GC bandwidth over
// the interval, free blocks, planes collecting, erases. One method activation per interval.
//
// Idle stretches: when nothing else in the kernel is due before several intervals have passed
// (an open-loop workload's long gap, a far-future trace timestamp), the sampler does not wake
// for each of them: it records the whole stretch as one row, at the last interval boundary
// before the next activity, whose rates are exactly zero (nothing ran). Consecutive rows in
// which nothing happened at all merge into one in the same way, so the rows of a run do not
// depend on where the kernel happened to wake. So the file grows with
// what the platform did, not with idle simulated time. A caller that pauses the kernel and
// adds activity (Python actions, commands) calls resume() before running on, so what it adds
// falls in an interval of its own as usual. `time_us` is the exact end of each row's interval
// (picoseconds kept).
#include <cstdint>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
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
  // Before a caller starts the kernel again after a pause: when the sampler was skipping an
  // idle stretch, or went quiet because nothing at all was pending (the kernel ran out of
  // events), records the stretch up to now and samples from the next boundary on.
  void resume();
  // Streams rows to `path` as they are sampled, so memory stays flat however long the run;
  // without it rows are kept in memory (for write_csv and the Python API).
  void stream_to(const std::string& path);
  // The rows into `path`. With a stream: to the stream's own path, the end of the run (the open
  // idle stretch becomes the last row); to another path, a view of the rows so far.
  void write_csv(const std::string& path);
  std::size_t rows() const { return rows_.size() + streamed_rows_ + (pending_idle_ ? 1 : 0); }

 private:
  struct Row {
    std::uint64_t time_ps;  // end of the row's interval
    double host_read_mbps;
    double host_write_mbps;
    double host_iops;
    double gc_write_mbps;
    std::uint64_t free_blocks;
    std::uint32_t units_collecting;
    std::uint64_t erases;
  };
  void sample();
  void record_row(const sc_core::sc_time& time);
  void emit(const Row& row);  // to the stream or the kept rows
  void emit_pending_idle();
  // The next tick after an idle row: one interval on, or the last boundary before the next activity when an idle
  // stretch of several intervals lies ahead; none when nothing at all is pending (dormant_).
  void schedule_next_tick();

  sc_core::sc_time interval_;
  std::uint32_t page_size_bytes_;
  std::function<TimelineCounters()> read_counters_;
  TimelineCounters previous_;
  sc_core::sc_time previous_time_;
  sc_core::sc_event tick_;
  bool stopped_ = false;
  bool dormant_ = false;
  std::uint64_t next_tick_ps_ = 0;  // of the pending tick
  std::vector<Row> rows_;
  // The idle stretch still open: rows of nothing (no I/O, no erase, the same free blocks and
  // planes collecting) merge into one, written when something happens or the run ends.
  std::optional<Row> pending_idle_;
  std::unique_ptr<std::ofstream> stream_;
  std::string stream_path_;
  std::size_t streamed_rows_ = 0;
  static void write_header(std::ostream& out);
  static void write_row(std::ostream& out, const Row& row);
};

}  // namespace ssdtlm
