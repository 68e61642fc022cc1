// `ssdtlm report OUT_DIR [OUT_DIR ...] -o report.html`: one self-contained HTML report of run
// folders (ssdtlm run, ssdtlm raid, simulate(out=)), several overlaid with a difference table.
// The page is built by the Python package (ssdtlm.report, with Plotly); this command replaces
// itself with `python -m ssdtlm.report ...`. docs/python.md describes the report.
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "sc_main/commands.h"
#include "sc_main/python_module_command.h"

namespace ssdtlm::cli {
namespace {

struct ReportOptions {
  std::vector<std::string> folders;
  std::string output;
  std::string title;
  int max_points = 0;
  bool quiet = false;
};

[[noreturn]] void run_report(const ReportOptions& options) {
  std::vector<std::string> args = {"--output", options.output};
  if (!options.title.empty()) args.insert(args.end(), {"--title", options.title});
  if (options.max_points > 0) args.insert(args.end(), {"--max-points", std::to_string(options.max_points)});
  if (options.quiet) args.emplace_back("--quiet");
  args.emplace_back("--");  // the folders after it: a name that starts with '-' is a folder too
  args.insert(args.end(), options.folders.begin(), options.folders.end());
  exec_python_module("ssdtlm.report", args);
}

}  // namespace

int write_run_report(const std::string& out_dir, bool quiet) {
  std::vector<std::string> args = {"--output", (std::filesystem::path(out_dir) / "report.html").string()};
  if (quiet) args.emplace_back("--quiet");
  args.insert(args.end(), {"--", out_dir});
  return run_python_module("ssdtlm.report", args);
}

void register_report_command(CLI::App& app) {
  auto options = std::make_shared<ReportOptions>();
  CLI::App* report = app.add_subcommand(
      "report", "Write one self-contained HTML report of run folders (several: overlaid and compared)");
  report->add_option("folders", options->folders, "Output folders of ssdtlm run / ssdtlm raid")->required();
  report->add_option("-o,--output", options->output, "The HTML file to write")->required();
  report->add_option("--title", options->title, "The report's title (default: the folders' names)");
  report
      ->add_option("--max-points", options->max_points,
                   "Most points per curve; longer timelines are resampled (default 5000)")
      ->check(CLI::Range(2, 100000000));
  report->add_flag("--quiet", options->quiet, "Do not print the report's path");
  report->callback([options]() {
    if (commands_enabled()) run_report(*options);
  });
}

}  // namespace ssdtlm::cli
