// `ssdtlm config-schema`: prints the JSON Schema of platform documents (platforms/ssdtlm.schema.json
// is its output, which the presets name in "$schema"; docs/configuration.md says how to use it
// in an editor).
#include <iostream>

#include "platforms/platform_json_schema.h"
#include "sc_main/commands.h"

namespace ssdtlm::cli {

void register_config_schema_command(CLI::App& app) {
  CLI::App* schema = app.add_subcommand("config-schema", "Print the JSON Schema of SSD and RAID platform files (for editors)");
  schema->callback([]() {
    if (!commands_enabled()) return;
    std::cout << platform_json_schema().dump(2) << "\n";
  });
}

}  // namespace ssdtlm::cli
