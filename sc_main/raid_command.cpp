// `ssdtlm raid`: one timed simulation of a RAID platform (a RaidController over N SSDs).
//
//   ssdtlm raid --config raid-harmonia --set raid.gc_coordination=reactive
//       --workload mixed:read=0.2,arrival=bursty,rate=953,on=50ms,off=50ms,size=512KiB,time=2s
//       --precondition steady --out out/raid1
//
// writes stats.json (array latency and throughput, controller figures, every device's SSD
// statistics), effective-config.json, wall.json and, when configured, requests.csv and
// member_trace.csv.
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "models/common/config/config_error.h"
#include "models/kernel/run_interrupt.h"
#include "models/host/workload/request_source_factory.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/platform_fio_json.h"
#include "platforms/raid_platform.h"
#include "platforms/run_summary.h"
#include "sc_main/commands.h"
#include "sc_main/run_interruption.h"
#include "sc_main/run_output.h"
#include "sc_main/run_progress.h"

namespace ssdtlm::cli {
namespace {

struct RaidRunOptions {
  std::string config;
  std::vector<std::string> sets;
  std::string precondition;  // empty: the document's, else none
  std::string workload;
  RunOutputOptions output;
};

void print_summary(const nlohmann::json& stats, const nlohmann::json& effective, double wall_seconds,
                   const std::string& out_dir) {
  for (const std::string& line : run_description(stats, effective)) std::printf("%s\n", line.c_str());
  const auto& raid = stats["raid"];
  std::printf("  %s of %u members, GC coordination %s (%llu rounds)\n", raid["layout"].get<std::string>().c_str(),
              raid["members"].get<unsigned>(), raid["gc_coordination"]["policy"].get<std::string>().c_str(),
              static_cast<unsigned long long>(raid["gc_coordination"]["rounds"].get<std::uint64_t>()));
  for (const char* op : {"read", "write"}) {
    const auto& figures = stats["array"][op];
    if (figures["count"].get<std::uint64_t>() == 0) continue;
    const auto& l = figures["latency_us"];
    std::printf("  %-5s %9llu req %9.1f IOPS %9.1f MB/s  latency us: mean %.1f stddev %.1f p99 %.1f max %.1f\n", op,
                static_cast<unsigned long long>(figures["count"].get<std::uint64_t>()), figures["iops"].get<double>(),
                figures["bandwidth_mbps"].get<double>(), l["mean"].get<double>(), l["stddev"].get<double>(),
                l["p99"].get<double>(), l["max"].get<double>());
  }
  const auto& all = stats["array"]["all"];
  std::printf("  all   mean %.1f us, stddev %.1f us\n", all["mean_us"].get<double>(), all["stddev_us"].get<double>());
  // The members' write amplification over the array's window (and with the drain), mean of the members.
  double window_wa = 0.0, drain_wa = 0.0;
  std::uint32_t members = 0;
  for (const nlohmann::json& device : stats["devices"]) {
    if (device["role"] != "member") continue;
    window_wa += device["ssd"]["write_amplification"].get<double>();
    drain_wa += device["ssd"]["write_amplification_with_drain"].get<double>();
    ++members;
  }
  if (members != 0) {
    std::printf("  members: write amplification %.3f (%.3f with the drain), mean of %u\n", window_wa / members,
                drain_wa / members, members);
  }
  if (stats.contains("data_integrity")) {
    const auto& d = stats["data_integrity"];
    std::printf("  data mode: %llu array blocks verified, %llu mismatches, %llu redundancy mismatches\n",
                static_cast<unsigned long long>(d["array_blocks_checked"].get<std::uint64_t>()),
                static_cast<unsigned long long>(d["array_block_mismatches"].get<std::uint64_t>()),
                static_cast<unsigned long long>(d["redundancy_mismatches"].get<std::uint64_t>()));
  }
  print_warnings(stats);
  std::printf("  wall %.2f s; results in %s\n", wall_seconds, out_dir.c_str());
}

bool data_ok(const nlohmann::json& stats) {
  if (!stats.contains("data_integrity")) return true;
  const auto& d = stats["data_integrity"];
  return d["array_block_mismatches"].get<std::uint64_t>() == 0 && d["redundancy_mismatches"].get<std::uint64_t>() == 0;
}

int raid_run(const RaidRunOptions& options) {
  install_run_interrupt_handler();  // from the start: building a large platform takes seconds too
  nlohmann::json document = load_raid_document(options.config, options.sets);
  const WorkloadSpec spec = take_workload(document, options.workload);
  const PreconditionMode mode = take_precondition(document, options.precondition);
  RaidConfig config = resolve_raid_config(document, options.config);

  const std::filesystem::path out_dir = prepare_output_directory(options.output.out, config.effective, options.output.force);

  const auto wall_start = std::chrono::steady_clock::now();
  RaidPlatform platform("array", config);
  if (options.output.format == "fio-json") platform.host_statistics().keep_request_timings();
  platform.attach_workload(make_request_source(spec, platform.logical_bytes(), config.controller.block_bytes, config.seed));
  if (config.per_request_records) platform.open_request_records((out_dir / "requests.csv").string());
  platform.open_member_trace((out_dir / "member_trace.csv").string());
  ProgressLine progress(ProgressLine::wanted(options.output.quiet));
  platform.set_precondition_monitor(precondition_progress(progress));
  platform.set_progress_callback(timed_run_progress(progress, spec, platform.host_statistics()));
  platform.precondition(mode);
  const auto precondition_done = std::chrono::steady_clock::now();
  platform.run();
  progress.finish();
  // A Ctrl-C after the run had finished interrupted nothing.
  const bool interrupted = run_interrupt_requested() && !platform.finished();
  if (interrupted) {
    platform.mark_interrupted();  // stats.json covers the run up to the instant Ctrl-C stopped it
  } else if (!platform.workload_done()) {
    throw std::runtime_error("simulation stopped before the workload drained (deadlock in the model?)");
  }
  const auto end = std::chrono::steady_clock::now();
  platform.check_outputs_written();
  nlohmann::json stats = platform.statistics();
  write_json(out_dir / "stats.json", stats);
  const double wall_seconds = std::chrono::duration<double>(end - wall_start).count();
  const double timed_seconds = std::chrono::duration<double>(end - precondition_done).count();
  const double completed = double(platform.host_statistics().completed());
  write_json(out_dir / "wall.json", {{"wall_seconds", wall_seconds},
                                     {"precondition_wall_seconds", wall_seconds - timed_seconds},
                                     {"array_ios_per_wall_second", timed_seconds > 0 ? completed / timed_seconds : 0.0}});
  const int report_status = finish_run_outputs(
      options.output, stats, [&] { return platform_fio_json(platform, &spec, SSDTLM_VERSION); }, out_dir,
      [&] { print_summary(stats, config.effective, wall_seconds, out_dir.string()); });
  if (interrupted) return report_interruption(stats);
  return data_ok(stats) ? report_status : 1;
}

}  // namespace

void register_raid_command(CLI::App& app) {
  auto options = std::make_shared<RaidRunOptions>();
  CLI::App* raid = app.add_subcommand("raid", "Run a timed simulation of a RAID array of SSDs");
  raid->add_option("--config", options->config, "RAID platform JSON file or preset name (raid-*)")->required();
  raid->add_option("--set", options->sets,
                   "Override a key: raid.KEY=VALUE, or ssd.KEY=VALUE for every member's SSD (repeatable)");
  raid->add_option("--precondition", options->precondition,
                   "none | fill | steady: every member, functional path, before the timed run; default: the configuration's precondition, else none");
  raid->add_option("--workload", options->workload, "Workload spec of the array host (docs/workloads.md)");
  add_run_output_options(*raid, options->output, "Output directory");
  raid->callback([options]() {
    if (commands_enabled()) exit_code() = raid_run(*options);
  });
}

}  // namespace ssdtlm::cli
