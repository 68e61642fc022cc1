#pragma once
// `--plugin PATH.so` (repeatable) on the command line itself and on `run` and `wa`: shared
// libraries that register victim policies (platforms/plugin_loader.h). The paths are collected
// while the command line is parsed; a command calls load_requested_plugins() before it reads
// its configuration, so the configuration can name what they add.
#include <CLI/CLI.hpp>

namespace ssdtlm::cli {

void add_plugin_option(CLI::App& app);
void load_requested_plugins();

}  // namespace ssdtlm::cli
