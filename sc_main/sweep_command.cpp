// `ssdtlm sweep FILE.json [--scheduler ADDRESS]`: a parameter sweep, one simulation per point,
// run by the Python package (ssdtlm.sweep), which owns the executors (all local cores, or a
// Dask cluster at ADDRESS). This command replaces itself with `python -m ssdtlm.sweep ...`;
// the sweep file format is in docs/python.md.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "models/common/config/config_error.h"
#include "platforms/ssd_config.h"
#include "sc_main/commands.h"

namespace ssdtlm::cli {
namespace {

struct SweepOptions {
  std::string file;
  std::string scheduler;
  std::string out;
  int workers = 0;
  bool quiet = false;
};

bool is_executable(const std::string& path) { return !path.empty() && ::access(path.c_str(), X_OK) == 0; }

// $SSDTLM_PYTHON, else the project virtualenv beside the sources (where `make test` installs the
// package), else python3 on the PATH.
std::string python_interpreter() {
  if (const char* env = std::getenv("SSDTLM_PYTHON"); env != nullptr && *env != '\0') return env;
  if (std::getenv("SSDTLM_PRESET_DIR") == nullptr) {
    const std::filesystem::path source = std::filesystem::path(preset_directory()).parent_path().parent_path();
    const std::string venv_python = (source / ".venv" / "bin" / "python").string();
    if (is_executable(venv_python)) return venv_python;
  }
  return "python3";
}

int run_sweep(const SweepOptions& options) {
  if (!std::filesystem::is_regular_file(options.file)) throw config_error(options.file, "no such sweep file");
  const std::string python = python_interpreter();
  std::vector<std::string> args = {python, "-m", "ssdtlm.sweep", options.file};
  if (!options.scheduler.empty()) args.insert(args.end(), {"--scheduler", options.scheduler});
  if (!options.out.empty()) args.insert(args.end(), {"--out", options.out});
  if (options.workers > 0) args.insert(args.end(), {"--workers", std::to_string(options.workers)});
  if (options.quiet) args.emplace_back("--quiet");
  std::vector<char*> argv;
  for (auto& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  std::fflush(stdout);
  std::fflush(stderr);
  ::execvp(argv[0], argv.data());
  throw config_error("sweep", "cannot start " + python + ": " + std::strerror(errno) +
                                  " (set SSDTLM_PYTHON to a Python with the ssdtlm package installed: make test does it)");
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
