#pragma once
// Warnings about a run whose figures may not measure what its user meant: stats.json carries
// them as "warnings", a list of {"kind", "message"} present only when not empty; the CLI
// summaries and the Python Result.summary() print them.
//   no_gc_after_precondition  host writes on a preconditioned drive (array) collected no GC
//                             victim: write amplification and latencies contain no GC
//   unmapped_reads            host reads of never-written logical pages (no flash read)
//   trace_requests_wrapped    trace requests beyond the device, wrapped into it
//   trace_requests_skipped    trace requests beyond the device, left out
//   fio_options_ignored       fio job file options accepted without effect (ioengine, filename, ...)
//   host_requests_failed      host requests answered with an error status (nand.reliability):
//                             the IOPS, bandwidth and latencies count them like the others
//   lost_pages                logical pages whose only copy an uncorrectable read lost
//   end_of_life               the device turned read-only: grown bad blocks left too little space
//   warmup_unfinished         the workload ended inside its warm-up (ramp=): nothing was measured
//   spare_mostly_reserved     whole-block GC watermarks, open frontiers and reserves leave less
//                             than half of the spare for data (spare_reservation.h)
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace ssdtlm {

struct RunFacts {
  std::string precondition = "none";  // none | fill | steady
  std::uint64_t host_writes = 0;      // requests
  std::uint64_t gc_victims = 0;
  std::uint64_t reads_unmapped = 0;   // logical pages
  // Whose reads: "host", or "member" in an array (host reads and the controller's own reads
  // of old data and parity).
  std::string reader = "host";
  std::uint64_t trace_requests_wrapped = 0;
  std::uint64_t trace_requests_skipped = 0;
  std::vector<std::string> fio_options_ignored;
  // NAND faults (stats.json "reliability"): host requests answered with an error status, by
  // operation; logical pages lost; whether the device reached end of life.
  std::uint64_t host_read_errors = 0;
  std::uint64_t host_write_errors = 0;
  std::uint64_t lost_pages = 0;
  bool end_of_life = false;
  bool warmup_ended = true;  // stats.json warmup.ended
  std::string spare_mostly_reserved;  // spare_mostly_reserved_message(), "" when the spare is free enough
  // Adds a request source's report() (trace replay counts; nothing for synthetic workloads).
  void add_workload_report(const nlohmann::json& report);
};

nlohmann::json run_warnings(const RunFacts& facts);  // a list, empty when nothing to say

// A single SSD's stats.json: sets "warnings" from its host, gc, ftl, reliability, precondition
// and workload(s) sections, or removes it when there is nothing to say.
void set_ssd_run_warnings(nlohmann::json& stats);

}  // namespace ssdtlm
