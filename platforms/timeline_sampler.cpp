#include "platforms/timeline_sampler.h"

#include <charconv>
#include <fstream>
#include <stdexcept>

#include "models/common/config/config_error.h"
#include "models/common/event_loop.h"
#include "models/common/output_file.h"
#include "platforms/printf_g_format.h"

namespace ssdtlm {

TimelineSampler::TimelineSampler(sc_core::sc_module_name name, const sc_core::sc_time& interval,
                                 std::uint32_t page_size_bytes, std::function<TimelineCounters()> read_counters)
    : sc_core::sc_module(name),
      interval_(interval),
      page_size_bytes_(page_size_bytes),
      read_counters_(std::move(read_counters)) {
  SC_HAS_PROCESS(TimelineSampler);
  SC_METHOD(sample);
  sensitive << tick_;
  dont_initialize();
  tick_.notify(interval_);
}

void TimelineSampler::sample() {
  if (stopped_) return;
  record_row();
  tick_.notify(interval_);
}

void TimelineSampler::stop() {
  if (stopped_) return;
  if (sim_now() > previous_time_) record_row();
  stopped_ = true;
  tick_.cancel();
}

void TimelineSampler::record_row() {
  const TimelineCounters now = read_counters_();
  const sc_core::sc_time time = sim_now();
  const double seconds = (time - previous_time_).to_seconds();
  Row row;
  row.time_us = time.to_seconds() * 1e6;
  row.host_read_mbps = double(now.host_bytes_read - previous_.host_bytes_read) / seconds / 1e6;
  row.host_write_mbps = double(now.host_bytes_written - previous_.host_bytes_written) / seconds / 1e6;
  row.host_iops = double(now.host_requests - previous_.host_requests) / seconds;
  row.gc_write_mbps = double(now.gc_pages_written - previous_.gc_pages_written) * page_size_bytes_ / seconds / 1e6;
  row.free_blocks = now.free_blocks;
  row.units_collecting = now.units_collecting;
  row.erases = now.erases - previous_.erases;
  if (stream_) {
    write_row(*stream_, row);
    ++streamed_rows_;
  } else {
    rows_.push_back(row);
  }
  previous_ = now;
  previous_time_ = time;
}

void TimelineSampler::write_header(std::ostream& out) {
  out << "time_us,host_read_mbps,host_write_mbps,host_iops,gc_write_mbps,free_blocks,planes_collecting,erases\n";
}

void TimelineSampler::write_row(std::ostream& out, const Row& row) {
  // printf's "%g" text, which is what `ostream << double` prints at the default precision 6:
  // the file is byte for byte what it was. Not snprintf (a row per simulated millisecond was
  // ~5 % of a timed run even as one snprintf), and std::to_chars only for the values
  // format_printf_g6 does not cover (it cost ~440 instructions per value, ~3 % of a run).
  char line[256];  // five doubles of at most 13 characters and three 64-bit integers
  char* const end = line + sizeof line;
  char* p = line;
  // Appends `c`; a row never fills the buffer (the check is for the compiler's bounds analysis).
  auto separator = [&p, end](char c) {
    if (p == end) throw std::length_error("timeline row longer than its buffer");
    *p++ = c;
  };
  for (double value : {row.time_us, row.host_read_mbps, row.host_write_mbps, row.host_iops, row.gc_write_mbps}) {
    p = format_printf_g6(p, end, value);
    separator(',');
  }
  p = std::to_chars(p, end, row.free_blocks).ptr;
  separator(',');
  p = std::to_chars(p, end, row.units_collecting).ptr;
  separator(',');
  p = std::to_chars(p, end, row.erases).ptr;
  separator('\n');
  out.write(line, p - line);
}

void TimelineSampler::stream_to(const std::string& path) {
  stream_ = open_output_file(path, "the timeline");
  stream_path_ = path;
  write_header(*stream_);
  for (const auto& row : rows_) write_row(*stream_, row);
  streamed_rows_ += rows_.size();
  rows_.clear();
  rows_.shrink_to_fit();
}

void TimelineSampler::write_csv(const std::string& path) const {
  if (stream_ && path == stream_path_) {
    check_output_written(*stream_, path, "the timeline");
    return;
  }
  if (stream_) throw config_error(path, "the timeline was streamed to " + stream_path_);
  const auto out = open_output_file(path, "the timeline");
  write_header(*out);
  for (const auto& row : rows_) write_row(*out, row);
  check_output_written(*out, path, "the timeline");
}

}  // namespace ssdtlm
