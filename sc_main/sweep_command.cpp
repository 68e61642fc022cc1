// `ssdtlm sweep FILE.json [--scheduler ADDRESS]`: a parameter sweep, one simulation per point,
// run by the Python package (ssdtlm.sweep), which owns the executors (all local cores, or a
// Dask cluster at ADDRESS). This command replaces itself with `python -m ssdtlm.sweep ...`;
// the sweep file format is in docs/python.md.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "models/common/config/config_error.h"
#include "platforms/ssd_config.h"
#include "sc_main/commands.h"
#include "sc_main/python_module_command.h"

namespace ssdtlm::cli {
namespace {

struct SweepOptions {
  std::string file;
  std::string scheduler;
  std::string out;
  int workers = 0;
  bool quiet = false;
};

int run_sweep(const SweepOptions& options) {
  if (!std::filesystem::is_regular_file(options.file)) throw config_error(options.file, "no such sweep file");
  std::vector<std::string> args = {options.file};
  if (!options.scheduler.empty()) args.insert(args.end(), {"--scheduler", options.scheduler});
  if (!options.out.empty()) args.insert(args.end(), {"--out", options.out});
  if (options.workers > 0) args.insert(args.end(), {"--workers", std::to_string(options.workers)});
  if (options.quiet) args.emplace_back("--quiet");
  exec_python_module("ssdtlm.sweep", args);
}

}  // namespace

void register_sweep_command(CLI::App& app) {
  auto options = std::make_shared<SweepOptions>();
  CLI::App* sweep = app.add_subcommand("sweep", "Run a parameter sweep (one simulation per point) described by a JSON file");
  sweep->add_option("file", options->file, "Sweep file: config, set, workload, precondition, grid (docs/python.md)")->required();
  sweep->add_option("--scheduler", options->scheduler, "Dask scheduler address (tcp://HOST:PORT) or 'local'; default: all local cores");
  sweep->add_option("--out", options->out, "Output directory (sweep.csv, sweep-summary.md, points/NNNN/)");
  sweep->add_option("--workers", options->workers, "Local worker processes (default: all cores)");
  sweep->add_flag("--quiet", options->quiet, "No progress bar and no table");
  sweep->callback([options]() {
    if (commands_enabled()) exit_code() = run_sweep(*options);
  });
}

}  // namespace ssdtlm::cli
