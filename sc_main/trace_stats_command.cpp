// `ssdtlm trace-stats PATH [--format NAME] [--json]`: what a trace holds before anyone
// replays it. A thin wrapper: the figures come from compute_trace_statistics().
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "models/common/config/config_error.h"
#include "models/common/output_file.h"
#include "models/host/trace/trace_format_registry.h"
#include "models/host/trace/trace_statistics.h"
#include "sc_main/commands.h"

namespace ssdtlm::cli {
namespace {

struct TraceStatsOptions {
  std::string path;
  std::string format = "auto";
  bool json = false;
  bool strict = false;
  std::string blkparse_event = "D";
  std::vector<std::uint32_t> devices;
  std::uint64_t page_bytes = 4096;
};

void run_trace_stats(const TraceStatsOptions& options) {
  if (options.format != "auto" && find_trace_format(options.format) == nullptr) {
    throw config_error("--format", unknown_trace_format(options.format));
  }
  if (options.blkparse_event != "Q" && options.blkparse_event != "D" && options.blkparse_event != "C") {
    throw config_error("--event",
                       "expected the blkparse action Q, D or C, got '" + options.blkparse_event + "'");
  }
  if (options.page_bytes == 0 || options.page_bytes % 512 != 0) {
    throw config_error("--page-bytes",
                       "expected a multiple of 512, got " + std::to_string(options.page_bytes));
  }
  TraceReaderOptions reader_options;
  reader_options.format = options.format;
  reader_options.strict = options.strict;
  reader_options.blkparse_event = options.blkparse_event[0];
  reader_options.devices = options.devices;
  TraceReader reader(options.path, reader_options);
  TraceStatisticsOptions statistics_options;
  statistics_options.page_bytes = options.page_bytes;
  const TraceStatistics statistics = compute_trace_statistics(reader, statistics_options);
  if (options.json) {
    std::cout << json_file_text(to_json(statistics));
  } else {
    std::cout << to_text(statistics);
  }
}

}  // namespace

void register_trace_stats_command(CLI::App& app) {
  auto options = std::make_shared<TraceStatsOptions>();
  CLI::App* command = app.add_subcommand(
      "trace-stats",
      "Statistics of a block I/O trace: requests, reads, writes, bytes, sizes, footprint and the "
      "LBA locality table of Van Houdt 2013 (Table 3; docs/references.md). Formats: " +
          trace_format_names() + ".");
  command->add_option("path", options->path, "Trace file")->required();
  command
      ->add_option("--format", options->format,
                   "Trace format (" + trace_format_names() + "), or auto to detect it")
      ->capture_default_str();
  command->add_flag("--json", options->json, "Print one JSON object instead of the text report");
  command->add_flag("--strict", options->strict,
                    "Stop at the first malformed line (default: skip and count by kind)");
  command->add_option("--event", options->blkparse_event, "blkparse action that becomes a request: Q, D or C")
      ->capture_default_str();
  command->add_option("--device", options->devices,
                      "Keep only this device/ASU/disk number (repeatable; default: all, merged)");
  command->add_option("--page-bytes", options->page_bytes, "Page size for footprint and locality")
      ->capture_default_str();
  command->callback([options] {
    if (commands_enabled()) run_trace_stats(*options);
  });
}

}  // namespace ssdtlm::cli
