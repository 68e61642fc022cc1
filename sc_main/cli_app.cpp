#include "sc_main/cli_app.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <string>
#include <vector>

#include <systemc>

#include "models/common/config/config_error.h"
#include "models/common/config/did_you_mean.h"
#include "sc_main/commands.h"
#include "sc_main/plugin_option.h"

namespace ssdtlm::cli {

int& exit_code() {
  static int code = 0;
  return code;
}

bool& commands_enabled() {
  static bool enabled = true;
  return enabled;
}

namespace {

// Results printed on standard output (config-doc, trace-stats, wa, the summaries) are results
// too: a failed write (stdout redirected to a full disk) must not exit 0.
void check_standard_output() {
  if (!std::cout || std::ferror(stdout) != 0) {  // an earlier write failed; errno has long been overwritten
    throw config_error("standard output", "cannot write: a write failed (disk full or I/O error)");
  }
  errno = 0;
  std::cout.flush();
  if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout) != 0) {
    throw config_error("standard output", std::string("cannot write: ") +
                                              (errno != 0 ? std::strerror(errno) : "write failed"));
  }
}

}  // namespace

void build_cli_app(CLI::App& app) {
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("ssdtlm ") + SSDTLM_VERSION + " (SystemC " + sc_core::sc_release() + ")");
  add_plugin_option(app);
  register_run_command(app);
  register_wa_command(app);
  register_trace_stats_command(app);
  register_config_doc_command(app);
  register_raid_command(app);
  register_sweep_command(app);
  register_config_schema_command(app);
  register_compare_command(app);
  register_report_command(app);
  register_calibrate_command(app);
}

void check_subcommand_name(const CLI::App& app, int argc, const char* const* argv) {
  if (argc < 2 || argv[1][0] == '-') return;
  std::vector<std::string> names;
  for (const CLI::App* subcommand : app.get_subcommands([](const CLI::App*) { return true; })) {
    names.push_back(subcommand->get_name());
  }
  const std::string given = argv[1];
  for (const std::string& name : names) {
    if (name == given) return;
  }
  std::string known;
  for (const std::string& name : names) known += (known.empty() ? "" : ", ") + name;
  throw config_error(given, "unknown subcommand" + did_you_mean(given, names) + " (subcommands: " + known + ")");
}

int run_cli(CLI::App& app, int argc, char** argv) {
  try {
    check_subcommand_name(app, argc, argv);
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& error) {
      // --help and --version are "errors" of exit code 0; every real parse error is bad input.
      if (app.exit(error) != 0) return 2;
    }
    check_standard_output();
  } catch (const ConfigError& error) {
    std::cerr << "ssdtlm: error: " << error.what() << "\n";
    return 2;
  } catch (const sc_core::sc_report& report) {
    std::cerr << "ssdtlm: simulation error: " << report.what() << "\n";
    return 3;
  } catch (const std::exception& error) {
    std::cerr << "ssdtlm: internal error: " << error.what() << "\n";
    return 4;
  }
  return exit_code();
}

}  // namespace ssdtlm::cli
