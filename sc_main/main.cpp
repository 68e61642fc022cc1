// The `ssdtlm` command: one sc_main shape for every subcommand. Bad input (ConfigError) exits
// 2 with the message naming the key, flag or file:line; a SystemC error exits 3; anything
// else unexpected exits 4. Never a crash or a silent success.
#include <cstdlib>
#include <iostream>

#include <CLI/CLI.hpp>
#include <systemc>

#include "models/common/config/config_error.h"
#include "sc_main/commands.h"

namespace ssdtlm::cli {
int& exit_code() {
  static int code = 0;
  return code;
}
}  // namespace ssdtlm::cli

extern "C" int sc_main(int argc, char** argv) {
  CLI::App app{"ssdtlm: a SystemC/TLM-2.0 model of NAND-flash SSDs and SSD arrays"};
  app.require_subcommand(1);
  ssdtlm::cli::register_run_command(app);
  ssdtlm::cli::register_wa_command(app);
  ssdtlm::cli::register_trace_stats_command(app);
  ssdtlm::cli::register_config_doc_command(app);
  ssdtlm::cli::register_sweep_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& error) {
    return app.exit(error);
  } catch (const ssdtlm::ConfigError& error) {
    std::cerr << "ssdtlm: error: " << error.what() << "\n";
    return 2;
  } catch (const sc_core::sc_report& report) {
    std::cerr << "ssdtlm: simulation error: " << report.what() << "\n";
    return 3;
  } catch (const std::exception& error) {
    std::cerr << "ssdtlm: internal error: " << error.what() << "\n";
    return 4;
  }
  return ssdtlm::cli::exit_code();
}
