#include "sc_main/plugin_option.h"

#include <string>
#include <vector>

#include "platforms/plugin_loader.h"

namespace ssdtlm::cli {
namespace {

std::vector<std::string>& requested_plugins() {
  static std::vector<std::string> paths;
  return paths;
}

}  // namespace

void add_plugin_option(CLI::App& app) {
  // Collected as they are parsed: the option is given on the command line and on a subcommand,
  // and both lists count.
  app.add_option_function<std::vector<std::string>>(
         "--plugin",
         [](const std::vector<std::string>& paths) {
           requested_plugins().insert(requested_plugins().end(), paths.begin(), paths.end());
         },
         "Shared library (.so) to load first; it registers victim policies by name (repeatable)")
      ->trigger_on_parse();
}

void load_requested_plugins() {
  for (const std::string& path : requested_plugins()) load_plugin(path);
}

}  // namespace ssdtlm::cli
