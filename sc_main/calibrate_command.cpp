// `ssdtlm calibrate --preset P --measured RESULTS.json --fit KEY[=LO:HI] --out DIR ...`: fits
// configuration keys to measured fio JSON results of a real drive. The work (simulating every
// measured job through the sweep executor, a scipy optimiser, tables and plots) is the Python
// package's ssdtlm.calibrate; this command replaces itself with `python -m ssdtlm.calibrate ...`.
// docs/validation.md, "Real drives", describes the method.
#include <memory>
#include <string>
#include <vector>

#include "sc_main/commands.h"
#include "sc_main/python_module_command.h"

namespace ssdtlm::cli {
namespace {

struct CalibrateOptions {
  std::string preset;
  std::vector<std::string> measured;
  std::vector<std::string> fit;
  std::vector<std::string> validate;
  std::vector<std::string> set;
  std::string out;
  std::string precondition;
  std::string scheduler;
  int ios = 0;
  int seed = -1;
  int max_evals = 0;
  int workers = 0;
  bool quiet = false;
};

void append_each(std::vector<std::string>& args, const char* flag, const std::vector<std::string>& values) {
  for (const auto& value : values) args.insert(args.end(), {flag, value});
}

[[noreturn]] void run_calibrate(const CalibrateOptions& options) {
  std::vector<std::string> args = {"--preset", options.preset, "--out", options.out};
  append_each(args, "--measured", options.measured);
  append_each(args, "--fit", options.fit);
  append_each(args, "--validate", options.validate);
  append_each(args, "--set", options.set);
  if (!options.precondition.empty()) args.insert(args.end(), {"--precondition", options.precondition});
  if (!options.scheduler.empty()) args.insert(args.end(), {"--scheduler", options.scheduler});
  if (options.ios > 0) args.insert(args.end(), {"--ios", std::to_string(options.ios)});
  if (options.seed >= 0) args.insert(args.end(), {"--seed", std::to_string(options.seed)});
  if (options.max_evals > 0) args.insert(args.end(), {"--max-evals", std::to_string(options.max_evals)});
  if (options.workers > 0) args.insert(args.end(), {"--workers", std::to_string(options.workers)});
  if (options.quiet) args.emplace_back("--quiet");
  exec_python_module("ssdtlm.calibrate", args);
}

}  // namespace

void register_calibrate_command(CLI::App& app) {
  auto options = std::make_shared<CalibrateOptions>();
  CLI::App* calibrate =
      app.add_subcommand("calibrate", "Fit configuration keys to measured fio JSON results of a real drive");
  calibrate->add_option("--preset", options->preset, "Platform: preset name or JSON file")->required();
  calibrate->add_option("--measured", options->measured, "fio JSON output with its job options, fitted (repeatable)")
      ->required();
  calibrate->add_option("--fit", options->fit, "Numeric key to fit: KEY or KEY=LO:HI (default bounds x0.25..x4; repeatable)")
      ->required();
  calibrate->add_option("--out", options->out, "Output directory: fitted-config.json, calibration.json, jobs.csv/.md, plots")
      ->required();
  calibrate->add_option("--validate", options->validate, "Held-out fio JSON file: error reported, not fitted (repeatable)");
  calibrate->add_option("--set", options->set, "KEY=VALUE applied to the platform before fitting (repeatable)");
  calibrate->add_option("--ios", options->ios, "Simulated I/Os per job, replacing the measured runtime (default 4000)")
      ->check(CLI::PositiveNumber);
  calibrate->add_option("--precondition", options->precondition, "none | fill | steady before every simulated job (default fill)");
  calibrate->add_option("--seed", options->seed, "Seed of the simulations and of the optimiser's sample (default 1)")
      ->check(CLI::NonNegativeNumber);
  calibrate->add_option("--max-evals", options->max_evals, "Most evaluations of the fitted set (default 120)")
      ->check(CLI::PositiveNumber);
  calibrate->add_option("--scheduler", options->scheduler, "Dask scheduler address (tcp://HOST:PORT) or 'local'; default: all local cores");
  calibrate->add_option("--workers", options->workers, "Local worker processes (default: all cores)")->check(CLI::PositiveNumber);
  calibrate->add_flag("--quiet", options->quiet, "No progress bars and no summary");
  calibrate->callback([options]() {
    if (commands_enabled()) run_calibrate(*options);
  });
}

}  // namespace ssdtlm::cli
