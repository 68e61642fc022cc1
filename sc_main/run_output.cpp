#include "sc_main/run_output.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <system_error>

#include "models/common/config/config_error.h"
#include "models/common/output_file.h"
#include "platforms/output_directory.h"
#include "platforms/run_summary.h"
#include "sc_main/commands.h"

namespace ssdtlm::cli {

WorkloadSpec take_workload(nlohmann::json& document, const std::string& workload_flag) {
  WorkloadSpec spec;
  if (!workload_flag.empty()) {
    spec = parse_workload_spec(workload_flag, "--workload");
  } else if (document.contains("workload")) {
    spec = workload_from_json(document["workload"], "workload");
  } else {
    throw config_error("--workload", "no workload: give --workload SPEC or a \"workload\" section in the configuration");
  }
  document["workload"] = to_json(spec);
  return spec;
}

PreconditionMode take_precondition(nlohmann::json& document, const std::string& precondition_flag) {
  const PreconditionMode mode =
      precondition_flag.empty()
          ? parse_precondition_mode(document.value("precondition", std::string("none")), "precondition")
          : parse_precondition_mode(precondition_flag, "--precondition");
  document["precondition"] = to_string(mode);
  return mode;
}

std::filesystem::path prepare_output_directory(const std::string& out, const nlohmann::json& effective, bool force) {
  const std::filesystem::path out_dir(out);
  claim_output_directory(out_dir, force);
  write_json(out_dir / "effective-config.json", effective);
  return out_dir;
}

void write_json(const std::filesystem::path& path, const nlohmann::json& value) {
  write_json_file(path.string(), value, "JSON results");
}

void add_run_output_options(CLI::App& command, RunOutputOptions& options, const std::string& out_description) {
  command.add_option("--out", options.out, out_description)->required();
  command
      .add_option("--output-format", options.format,
                  "What to print: normal (a summary), json (stats.json) or fio-json (fio's --output-format=json "
                  "document, also written to fio.json; docs/fio.md)")
      ->check(CLI::IsMember({"normal", "json", "fio-json"}));
  command.add_flag("--quiet", options.quiet, "No summary and no progress output (a json document is still printed)");
  command.add_flag("--force", options.force, "Reuse a non-empty --out: replace the files of an earlier run");
  command.add_flag("--report", options.report, "Also write report.html (interactive HTML report) beside stats.json");
}

bool print_output_document(const std::string& format, const nlohmann::json& stats,
                           const std::function<nlohmann::ordered_json()>& fio_document,
                           const std::filesystem::path& out_dir) {
  std::string text;
  if (format == "fio-json") {
    text = json_file_text(fio_document());
    write_output_file((out_dir / "fio.json").string(), text, "fio JSON results");
  } else if (format == "json") {
    text = json_file_text(stats);
  } else {
    return false;
  }
  std::fputs(text.c_str(), stdout);
  return true;
}

int finish_run_outputs(const RunOutputOptions& options, const nlohmann::json& stats,
                       const std::function<nlohmann::ordered_json()>& fio_document,
                       const std::filesystem::path& out_dir, const std::function<void()>& print_summary) {
  const bool printed = print_output_document(options.format, stats, fio_document, out_dir);
  if (!printed && !options.quiet) print_summary();
  return options.report ? write_run_report(out_dir.string(), options.quiet || printed) : 0;
}

void print_warnings(const nlohmann::json& stats) {
  for (const std::string& line : warning_lines(stats)) std::printf("%s\n", line.c_str());
}

void warn_about_isolated_trace_gap(const nlohmann::json& workload) {
  if (!workload.is_object() || !workload.contains("arrival_gaps")) return;
  const nlohmann::json& gaps = workload["arrival_gaps"];
  if (!gaps.value("isolated", false)) return;
  std::fprintf(stderr,
               "warning: trace %s:%llu arrives %.6g s after the request before it, %.3g times the mean of the "
               "other gaps (%.6g us): a garbled timestamp? The drive idled that long (timeline.csv shows it "
               "as one row).\n",
               workload.value("path", std::string("?")).c_str(),
               static_cast<unsigned long long>(gaps["largest_at_line"].get<std::uint64_t>()),
               gaps["largest_ns"].get<double>() / 1e9,
               gaps["largest_ns"].get<double>() / std::max(gaps["mean_other_ns"].get<double>(), 1e-300),
               gaps["mean_other_ns"].get<double>() / 1e3);
}

}  // namespace ssdtlm::cli
