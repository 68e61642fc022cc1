// libFuzzer target for the `ssdtlm` command line (sc_main/cli_app.cpp): the input is split at
// NUL bytes into argv[1..], parsed by the very app the command builds, with the subcommands
// switched off (commands_enabled(): they would run simulations). A rejected command line must
// come out as CLI11's ParseError (exit 2) or a ConfigError naming the argument; anything else
// (another exception, a crash, a hang in option conversion) is a finding.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "models/common/config/config_error.h"
#include "sc_main/cli_app.h"
#include "sc_main/commands.h"

namespace {
constexpr std::size_t kMaxArguments = 64;  // enough for any real command line
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::vector<std::string> arguments = {"ssdtlm"};
  std::string current;
  for (std::size_t i = 0; i < size; ++i) {
    if (data[i] == '\0') {
      arguments.push_back(current);
      current.clear();
      if (arguments.size() > kMaxArguments) break;
    } else {
      current.push_back(static_cast<char>(data[i]));
    }
  }
  if (!current.empty()) arguments.push_back(current);
  std::vector<char*> argv;
  for (auto& argument : arguments) argv.push_back(argument.data());
  argv.push_back(nullptr);

  CLI::App app{"ssdtlm"};
  ssdtlm::cli::build_cli_app(app);
  ssdtlm::cli::commands_enabled() = false;
  try {
    ssdtlm::cli::check_subcommand_name(app, static_cast<int>(argv.size() - 1), argv.data());
    app.parse(static_cast<int>(argv.size() - 1), argv.data());
  } catch (const CLI::ParseError&) {
    // bad command line (or --help / --version): exit 2 (0) with CLI11's message
  } catch (const ssdtlm::ConfigError&) {
    // an unknown subcommand, named with the nearest one
  }
  return 0;
}
