#pragma once
// What `ssdtlm run` and `ssdtlm raid` share around a simulation: choosing the workload (the
// --workload flag, else the document's "workload" section) and the output directory with its
// JSON files.
#include <filesystem>
#include <functional>
#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "models/host/workload/workload_spec.h"
#include "platforms/preconditioning.h"

namespace ssdtlm::cli {

// The --workload SPEC when given, else the document's "workload" section; written back into
// the document in its JSON form so that the effective configuration reproduces the run.
// ConfigError naming --workload when there is neither.
WorkloadSpec take_workload(nlohmann::json& document, const std::string& workload_flag);

// The --precondition flag when given (non-empty), else the document's "precondition" key, else
// none; written back into the document so that the effective configuration reproduces the run.
PreconditionMode take_precondition(nlohmann::json& document, const std::string& precondition_flag);

// claim_output_directory (platforms/output_directory.h), then writes effective-config.json:
// the effective configuration, which carries the run's workload and precondition
// (take_workload, take_precondition).
std::filesystem::path prepare_output_directory(const std::string& out, const nlohmann::json& effective, bool force);

// The JSON text (indent 2, one trailing newline); ConfigError naming the file when the write
// fails (disk full).
void write_json(const std::filesystem::path& path, const nlohmann::json& value);

// The output flags `run` and `raid` share.
struct RunOutputOptions {
  std::string out;
  std::string format = "normal";  // --output-format normal|json|fio-json
  bool quiet = false;
  bool force = false;
  bool report = false;
};

// --out (described by `out_description`), --output-format, --quiet, --force and --report on
// `command`, parsed into `options`.
void add_run_output_options(CLI::App& command, RunOutputOptions& options, const std::string& out_description);

// What --output-format asks for on standard output, in place of the summary, as fio's option
// replaces its normal output: stats.json (json), or the fio document `fio_document` builds
// (fio-json), which is also written to OUT/fio.json. False for normal: the caller prints its
// summary (unless --quiet).
bool print_output_document(const std::string& format, const nlohmann::json& stats,
                           const std::function<nlohmann::ordered_json()>& fio_document,
                           const std::filesystem::path& out_dir);

// After stats.json and the other files are written: what --output-format asks for
// (print_output_document), else `print_summary()` unless --quiet, then report.html with
// --report (quiet when a document went to standard output, which must hold that document
// alone). Returns the report's exit status, 0 without --report.
int finish_run_outputs(const RunOutputOptions& options, const nlohmann::json& stats,
                       const std::function<nlohmann::ordered_json()>& fio_document,
                       const std::filesystem::path& out_dir, const std::function<void()>& print_summary);

// The summary's lines for stats.json's "warnings" (platforms/run_warnings.h), if any.
void print_warnings(const nlohmann::json& stats);

// A trace replay whose largest arrival gap is isolated (TraceReplaySource::arrival_gap_report):
// a warning on stderr naming the trace line, the gap and the mean of the others. `workload` is
// stats.json's "workload" report; nothing for other workloads.
void warn_about_isolated_trace_gap(const nlohmann::json& workload);

}  // namespace ssdtlm::cli
