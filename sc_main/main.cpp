// The `ssdtlm` command: one sc_main shape for every subcommand (sc_main/cli_app.cpp). Exit
// status: 0 success; 1 a check of the results failed; 2 bad input (ConfigError, or a command
// line CLI11 cannot parse) with the message naming the key, flag or file:line, or a result that
// cannot be written (disk full) naming the file; 3 a SystemC error; 4 anything else unexpected.
// Never a crash or a silent success.
#include <cstdlib>

#include <CLI/CLI.hpp>
#include <systemc>

#include "sc_main/cli_app.h"

extern "C" int sc_main(int argc, char** argv) {
  CLI::App app{"ssdtlm: a SystemC/TLM-2.0 model of NAND-flash SSDs and SSD arrays"};
  ssdtlm::cli::build_cli_app(app);
  return ssdtlm::cli::run_cli(app, argc, argv);
}

// The command's entry point instead of libsystemc's own main(): the library prints its
// copyright banner from there unless this variable is set, and the banner is noise in every
// result printed on standard output.
int main(int argc, char** argv) {
  ::setenv("SYSTEMC_DISABLE_COPYRIGHT_MESSAGE", "1", 1);
  return sc_core::sc_elab_and_sim(argc, argv);
}
