#pragma once
// Each subcommand of the `ssdtlm` command lives in its own file and registers itself on the
// CLI11 app. A command's callback throws ssdtlm::ConfigError for bad input (main prints it
// and exits 2) and sets the exit code through the returned reference otherwise.
#include <string>

#include <CLI/CLI.hpp>

namespace ssdtlm::cli {

// Exit status of the command that ran (0 unless a command sets it).
int& exit_code();

// Whether a parsed subcommand runs (true); the CLI fuzz target sets it false to parse only. A
// callback is not removed instead: it owns the storage its options are parsed into.
bool& commands_enabled();

void register_run_command(CLI::App& app);          // sc_main/run_command.cpp
void register_wa_command(CLI::App& app);           // sc_main/wa_command.cpp
void register_trace_stats_command(CLI::App& app);  // sc_main/trace_stats_command.cpp
void register_config_doc_command(CLI::App& app);   // sc_main/config_doc_command.cpp
void register_raid_command(CLI::App& app);         // sc_main/raid_command.cpp
void register_sweep_command(CLI::App& app);        // sc_main/sweep_command.cpp
void register_config_schema_command(CLI::App& app);  // sc_main/config_schema_command.cpp
void register_compare_command(CLI::App& app);      // sc_main/compare_command.cpp
void register_report_command(CLI::App& app);       // sc_main/report_command.cpp
void register_calibrate_command(CLI::App& app);    // sc_main/calibrate_command.cpp

// `run --report` and `raid --report`: report.html of OUT_DIR beside its stats.json (ssdtlm.report
// in a child process, after every output is written); returns its exit status. A report that
// cannot be written fails the run: the commands return this status when the run itself succeeded.
int write_run_report(const std::string& out_dir, bool quiet);

}  // namespace ssdtlm::cli
