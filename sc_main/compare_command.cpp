// `ssdtlm compare A B [--all] [--fail-above PCT] [--metric KEY]...`: the metrics and
// configuration keys that differ between two runs, and a regression guard for CI. The work is
// the Python package's (ssdtlm.compare, which also serves ssdtlm.compare() in scripts and
// notebooks): this command replaces itself with `python -m ssdtlm.compare ...`.
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "sc_main/commands.h"
#include "sc_main/python_module_command.h"

namespace ssdtlm::cli {
namespace {

struct CompareOptions {
  std::string a;
  std::string b;
  bool all = false;
  double fail_above_pct = -1.0;  // < 0: no guard
  std::vector<std::string> metrics;
};

[[noreturn]] void run_compare(const CompareOptions& options) {
  std::vector<std::string> args = {"--", options.a, options.b};
  if (options.all) args.insert(args.begin(), "--all");
  if (options.fail_above_pct >= 0.0) {
    std::ostringstream pct;
    pct.precision(17);
    pct << options.fail_above_pct;
    args.insert(args.begin(), {"--fail-above", pct.str()});
  }
  for (const std::string& metric : options.metrics) args.insert(args.begin(), {"--metric", metric});
  exec_python_module("ssdtlm.compare", args);
}

}  // namespace

void register_compare_command(CLI::App& app) {
  auto options = std::make_shared<CompareOptions>();
  CLI::App* compare = app.add_subcommand("compare", "Print the metrics and configuration keys that differ between two runs");
  compare->add_option("a", options->a, "Baseline: an output folder (run, raid, sweep point) or its stats.json")->required();
  compare->add_option("b", options->b, "The run compared with the baseline")->required();
  compare->add_flag("--all", options->all, "List every metric, not only those that differ");
  compare->add_option("--fail-above", options->fail_above_pct,
                      "Exit 1 when a guarded metric of B is worse than A's by more than PCT percent")
      ->check(CLI::NonNegativeNumber);
  compare->add_option("--metric", options->metrics,
                      "KEY[:higher|:lower]: a metric --fail-above guards (repeatable; default: read/write mean and "
                      "p99 latency, IOPS, write amplification)")
      ->allow_extra_args(false);
  compare->callback([options]() {
    if (commands_enabled()) run_compare(*options);
  });
}

}  // namespace ssdtlm::cli
