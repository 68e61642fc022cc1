// load_plugin (platforms/plugin_loader.h): a library that does not load is a ConfigError naming
// its path and the loader's reason. Loading a real plugin is examples/gc_policy_plugin's ctest
// test (the ssdtlm command exports the symbols a plugin needs; this test binary does not).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "models/common/config/config_error.h"
#include "platforms/plugin_loader.h"

namespace ssdtlm {
namespace {

std::string load_error(const std::string& path) {
  try {
    load_plugin(path);
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "no ConfigError";
}

TEST(PluginLoader, AMissingLibraryIsAConfigErrorNamingThePath) {
  const std::string message = load_error("/nonexistent/libnothing.so");
  EXPECT_THAT(message, testing::HasSubstr("--plugin /nonexistent/libnothing.so"));
  EXPECT_THAT(message, testing::HasSubstr("cannot load"));
  EXPECT_THAT(message, testing::HasSubstr("No such file"));
}

TEST(PluginLoader, AFileThatIsNoLibraryIsAConfigError) {
  const std::string path = testing::TempDir() + "not_a_library.so";
  std::ofstream(path) << "not an ELF file\n";
  EXPECT_THAT(load_error(path), testing::HasSubstr("cannot load"));
  std::remove(path.c_str());
}

}  // namespace
}  // namespace ssdtlm
