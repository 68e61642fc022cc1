#include "platforms/timeline_sampler.h"

#include <algorithm>
#include <charconv>
#include <fstream>
#include <stdexcept>

#include "models/common/config/config_error.h"
#include "models/kernel/event_loop.h"
#include "models/common/output_file.h"
#include "models/common/stats/exact_time_text.h"
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
  next_tick_ps_ = interval_.value();
  tick_.notify(interval_);
}

void TimelineSampler::sample() {
  if (stopped_) return;
  record_row(sim_now());
  if (!pending_idle_) {
    // Something happened in this interval: the next one is most likely busy too, and asking
    // the kernel what is pending costs more than writing a row.
    next_tick_ps_ = sim_now_ps() + interval_.value();
    tick_.notify(interval_);
    return;
  }
  schedule_next_tick();
}

void TimelineSampler::schedule_next_tick() {
  const std::uint64_t now_ps = sim_now_ps();
  const std::uint64_t interval_ps = interval_.value();
  // The earliest time anything else can run: now when a process is runnable or a delta
  // notification is pending (this instant is not over), else the earliest timed notification.
  if (!sc_core::sc_pending_activity()) {
    // Nothing pending: the kernel is out of events (the model is done or deadlocked). Ticking
    // on would keep it running, and the file growing, forever.
    dormant_ = true;
    return;
  }
  const std::uint64_t limit_ps = now_ps + sc_core::sc_time_to_pending_activity().value();
  // The last boundary strictly before the limit: every interval up to it is idle.
  const std::uint64_t idle_intervals = limit_ps > now_ps ? (limit_ps - now_ps - 1) / interval_ps : 0;
  const std::uint64_t ahead = std::max<std::uint64_t>(idle_intervals, 1);
  next_tick_ps_ = now_ps + ahead * interval_ps;
  tick_.notify(sc_core::sc_time::from_value(ahead * interval_ps));
}

void TimelineSampler::resume() {
  if (stopped_) return;
  const std::uint64_t interval_ps = interval_.value();
  const std::uint64_t now_ps = sim_now_ps();
  const std::uint64_t last_boundary_ps = now_ps / interval_ps * interval_ps;
  const std::uint64_t next_boundary_ps = last_boundary_ps + interval_ps;
  // Sampling as usual: the tick is at the next boundary, or due now (the kernel paused before
  // this instant's events, among which the tick runs as it would have).
  if (!dormant_ && (next_tick_ps_ == next_boundary_ps || next_tick_ps_ == now_ps)) return;
  // The kernel paused (or ran out of events) inside an idle stretch: nothing has run since the
  // last row, so the stretch up to the last boundary is one idle row, and sampling goes on
  // from there, ready for what the caller adds.
  dormant_ = false;
  if (last_boundary_ps > previous_time_.value()) record_row(sc_core::sc_time::from_value(last_boundary_ps));
  tick_.cancel();
  next_tick_ps_ = next_boundary_ps;
  tick_.notify(sc_core::sc_time::from_value(next_boundary_ps - now_ps));
}

void TimelineSampler::stop() {
  if (stopped_) return;
  if (sim_now() > previous_time_) record_row(sim_now());
  emit_pending_idle();
  stopped_ = true;
  tick_.cancel();
}

void TimelineSampler::record_row(const sc_core::sc_time& time) {
  const TimelineCounters now = read_counters_();
  const double seconds = (time - previous_time_).to_seconds();
  Row row;
  row.time_ps = time.value();
  row.host_read_mbps = double(now.host_bytes_read - previous_.host_bytes_read) / seconds / 1e6;
  row.host_write_mbps = double(now.host_bytes_written - previous_.host_bytes_written) / seconds / 1e6;
  row.host_iops = double(now.host_requests - previous_.host_requests) / seconds;
  row.gc_write_mbps = double(now.gc_pages_written - previous_.gc_pages_written) * page_size_bytes_ / seconds / 1e6;
  row.free_blocks = now.free_blocks;
  row.units_collecting = now.units_collecting;
  row.erases = now.erases - previous_.erases;
  // Nothing happened and nothing changed: the row joins the idle stretch before it. Where the
  // sampler woke inside a stretch depends on how the kernel's events fell (the host driver of
  // a Python session schedules differently from the command's), so the stretch is merged here:
  // the same run gives the same rows whichever way it was driven.
  const bool idle = now.host_bytes_read == previous_.host_bytes_read &&
                    now.host_bytes_written == previous_.host_bytes_written &&
                    now.host_requests == previous_.host_requests && now.gc_pages_written == previous_.gc_pages_written &&
                    now.erases == previous_.erases && now.free_blocks == previous_.free_blocks &&
                    now.units_collecting == previous_.units_collecting;
  previous_ = now;
  previous_time_ = time;
  if (idle) {
    pending_idle_ = row;  // its rates are zero over any span: only its end moves
    return;
  }
  emit_pending_idle();
  emit(row);
}

void TimelineSampler::emit(const Row& row) {
  if (stream_) {
    write_row(*stream_, row);
    ++streamed_rows_;
  } else {
    rows_.push_back(row);
  }
}

void TimelineSampler::emit_pending_idle() {
  if (!pending_idle_) return;
  const Row row = *pending_idle_;
  pending_idle_.reset();
  emit(row);
}

void TimelineSampler::write_header(std::ostream& out) {
  out << "time_us,host_read_mbps,host_write_mbps,host_iops,gc_write_mbps,free_blocks,planes_collecting,erases\n";
}

void TimelineSampler::write_row(std::ostream& out, const Row& row) {
  // The time exactly, picoseconds kept (six significant digits would give rows past 1,000 s
  // one shared time and odd intervals times up to 100 us off). The rates in printf's "%g" text, which is what
  // `ostream << double` prints at the default precision 6. Not snprintf (a row per simulated
  // millisecond was ~5 % of a timed run even as one snprintf), and std::to_chars only for the
  // values format_printf_g6 does not cover (it is several times slower per value).
  char line[256];  // a time of at most 21 characters, four doubles of at most 13, three 64-bit integers
  char* const end = line + sizeof line;
  char* p = line;
  // Appends `c`; a row never fills the buffer (the check is for the compiler's bounds analysis).
  auto separator = [&p, end](char c) {
    if (p == end) throw std::length_error("timeline row longer than its buffer");
    *p++ = c;
  };
  p = format_ps_as_us(p, end, row.time_ps);
  separator(',');
  for (double value : {row.host_read_mbps, row.host_write_mbps, row.host_iops, row.gc_write_mbps}) {
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

void TimelineSampler::write_csv(const std::string& path) {
  if (stream_ && path == stream_path_) {
    // The end of the run (the stream is only ever written out there): the idle stretch that
    // may still be open is its last row.
    emit_pending_idle();
    check_output_written(*stream_, path, "the timeline");
    return;
  }
  const auto out = open_output_file(path, "the timeline");
  if (stream_) {
    // A view of the rows so far while the run streams (Python's sim.timeline()): the streamed
    // file as it stands, and the open idle stretch without closing it, so that looking at the
    // timeline does not split a stretch and change the rows.
    check_output_written(*stream_, stream_path_, "the timeline");
    std::ifstream streamed(stream_path_, std::ios::binary);
    *out << streamed.rdbuf();
  } else {
    write_header(*out);
    for (const auto& row : rows_) write_row(*out, row);
  }
  if (pending_idle_) write_row(*out, *pending_idle_);  // rows so far: the open idle stretch too
  check_output_written(*out, path, "the timeline");
}

}  // namespace ssdtlm
