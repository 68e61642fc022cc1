// `ssdtlm run`: one timed simulation of one SSD platform.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "models/common/config/config_error.h"
#include "models/kernel/run_interrupt.h"
#include "models/host/workload/request_source_factory.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/platform_fio_json.h"
#include "platforms/range_command_check.h"
#include "platforms/run_summary.h"
#include "platforms/ssd_platform.h"
#include "sc_main/commands.h"
#include "sc_main/plugin_option.h"
#include "sc_main/run_interruption.h"
#include "sc_main/run_output.h"
#include "sc_main/run_progress.h"

namespace ssdtlm::cli {
namespace {

struct RunOptions {
  std::string config;
  std::vector<std::string> sets;
  std::string precondition;  // empty: the document's, else none
  std::string workload;
  RunOutputOptions output;
};

void print_summary(const nlohmann::json& stats, const nlohmann::json& effective, const nlohmann::json& wall,
                   const std::string& out_dir) {
  std::fputs(ssd_run_summary(stats, effective).c_str(), stdout);
  std::printf("  wall %.2f s (%.0f host I/Os per wall-second); results in %s\n", wall["wall_seconds"].get<double>(),
              wall["host_ios_per_wall_second"].get<double>(), out_dir.c_str());
}

int run(const RunOptions& options) {
  install_run_interrupt_handler();  // from the start: building a large platform takes seconds too
  nlohmann::json document = load_platform_document(options.config, options.sets);
  const WorkloadSpec spec = take_workload(document, options.workload);
  const PreconditionMode mode = take_precondition(document, options.precondition);
  SsdConfig config = resolve_ssd_config(document, options.config);

  const std::filesystem::path out_dir = prepare_output_directory(options.output.out, config.effective, options.output.force);

  const auto wall_start = std::chrono::steady_clock::now();
  SsdPlatform platform("ssd", config);
  if (options.output.format == "fio-json") platform.host_statistics().keep_request_timings();
  auto source = make_request_source(spec, platform.logical_bytes(), config.host_interface.logical_block_bytes, config.seed);
  check_workload_range_commands(spec, config, platform.logical_bytes());
  if (spec.is_trace()) {
    const nlohmann::json report = source->report();
    if (report.contains("format")) {
      std::cerr << "trace " << spec.trace->path << ": format " << report["format"].get<std::string>()
                << (report.value("format_detected", false) ? " (auto-detected)" : "") << std::endl;
    }
  }
  platform.attach_workload(std::move(source));
  if (config.stats.per_request_records) platform.open_request_records((out_dir / "requests.csv").string());
  platform.stream_timeline_to((out_dir / "timeline.csv").string());
  ProgressLine progress(ProgressLine::wanted(options.output.quiet));
  platform.set_precondition_monitor(precondition_progress(progress));
  platform.set_progress_callback(timed_run_progress(progress, spec, platform.host_statistics()));
  if (!config.stats.vcd_path.empty()) platform.open_vcd((out_dir / config.stats.vcd_path).string());
  platform.precondition(mode);
  platform.run();
  progress.finish();
  // A Ctrl-C after the workload drained interrupted nothing.
  const bool interrupted = run_interrupt_requested() && !platform.workload_done();
  if (interrupted) {
    // What was simulated up to the instant Ctrl-C stopped it, with the timeline's last partial interval.
    platform.mark_interrupted();
    platform.timeline().stop();
  } else if (!platform.workload_done() && !platform.power_lost()) {  // power.loss_at_us ends a run early
    throw std::runtime_error("simulation stopped before the workload drained (deadlock in the model?)");
  }
  platform.close_vcd();
  const double wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - wall_start).count();
  platform.check_outputs_written();
  platform.write_timeline_csv((out_dir / "timeline.csv").string());
  nlohmann::json stats = platform.statistics();
  write_json(out_dir / "stats.json", stats);
  if (stats.contains("workload")) warn_about_isolated_trace_gap(stats["workload"]);
  const double completed = double(platform.host_statistics().completed());
  nlohmann::json wall = {{"wall_seconds", wall_seconds},
                         {"precondition_wall_seconds", platform.precondition_result().wall_seconds},
                         {"host_ios_per_wall_second", wall_seconds > 0 ? completed / wall_seconds : 0.0}};
  write_json(out_dir / "wall.json", wall);
  const int report_status = finish_run_outputs(
      options.output, stats, [&] { return platform_fio_json(platform, &spec, SSDTLM_VERSION); }, out_dir,
      [&] { print_summary(stats, config.effective, wall, out_dir.string()); });
  if (interrupted) return report_interruption(stats);
  if (stats.contains("data_integrity") && stats["data_integrity"]["mismatches"].get<std::uint64_t>() != 0) return 1;
  return report_status;
}

}  // namespace

void register_run_command(CLI::App& app) {
  auto options = std::make_shared<RunOptions>();
  CLI::App* run_app = app.add_subcommand("run", "Run a timed simulation of one SSD platform");
  run_app->add_option("--config", options->config, "Platform JSON file or preset name")->required();
  run_app->add_option("--set", options->sets, "Override a configuration key: KEY=VALUE (repeatable)");
  run_app->add_option("--precondition", options->precondition, "none | fill | steady (functional path, before the timed run); default: the configuration's precondition, else none");
  run_app->add_option("--workload", options->workload, "Workload spec, e.g. random-read:qd=1,count=2000,size=4KiB (docs/workloads.md)");
  add_run_output_options(*run_app, options->output, "Output directory for stats.json, timeline.csv, effective-config.json");
  add_plugin_option(*run_app);
  run_app->callback([options]() {
    if (!commands_enabled()) return;
    load_requested_plugins();
    exit_code() = run(*options);
  });
}

}  // namespace ssdtlm::cli
