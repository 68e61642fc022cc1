#pragma once
// The `ssdtlm` command line as one CLI11 app, apart from sc_main so that the CLI fuzz target
// (tests/fuzz/cli_arguments_fuzzer.cpp) parses exactly what the command parses.
#include <CLI/CLI.hpp>

namespace ssdtlm::cli {

// Registers every subcommand (commands.h) and --version on `app`.
void build_cli_app(CLI::App& app);

// A first argument that is neither an option nor a subcommand: ConfigError naming it and the
// nearest subcommand (CLI11 alone would only say that a subcommand is required).
void check_subcommand_name(const CLI::App& app, int argc, const char* const* argv);

// Parses the command line and runs the subcommand; returns the exit status (main.cpp's table).
int run_cli(CLI::App& app, int argc, char** argv);

}  // namespace ssdtlm::cli
