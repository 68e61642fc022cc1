// The one JSON reader of the model (parse_json_text, read_json_file, parse_override_value) and
// what every configuration loader gets from it: a nesting limit, duplicate keys rejected, a size
// limit for files, each a ConfigError naming the file and the key path. And preset names that
// cannot lead out of the preset folder.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "models/common/config/json_document.h"
#include "platforms/raid_config.h"
#include "platforms/ssd_config.h"
#include "tests/unit/host/config_error_message.h"
#include "tests/unit/host/trace_test_files.h"

namespace ssdtlm {
namespace {

using testing::config_error_message;
using testing::TempTraceFile;

std::string nested_arrays(std::size_t levels) { return std::string(levels, '[') + std::string(levels, ']'); }

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(JsonDocument, NestingUpToTheLimitParsesAndOneLevelMoreIsRejected) {
  EXPECT_NO_THROW(parse_json_text(nested_arrays(kMaxJsonDepth), "doc"));
  const std::string message = config_error_message([] { parse_json_text(nested_arrays(kMaxJsonDepth + 1), "doc"); });
  EXPECT_TRUE(contains(message, "doc: JSON nested deeper than 64 levels")) << message;
}

TEST(JsonDocument, HundredThousandLevelsEndInAConfigErrorNamingTheKeyPath) {
  const std::string text = R"({"ftl": {"gc": {"params": {"deep": )" + nested_arrays(100000) + "}}}}";
  const std::string message = config_error_message([&] { parse_json_text(text, "platform.json"); });
  EXPECT_TRUE(contains(message, "platform.json: ftl.gc.params.deep[]: JSON nested deeper than 64 levels")) << message;
}

TEST(JsonDocument, DuplicateKeyIsRejectedNamingItAndItsObject) {
  EXPECT_EQ(config_error_message([] { parse_json_text(R"({"nand": {"a": 1}, "nand": {"b": 2}})", "p.json"); }),
            "p.json: nand: duplicate key \"nand\" (each key may appear once per object)");
  const std::string nested = config_error_message(
      [] { parse_json_text(R"({"ftl": {"gc": {"policy": "greedy", "policy": "fifo"}}})", "p.json"); });
  EXPECT_TRUE(contains(nested, "p.json: ftl.gc.policy: duplicate key \"policy\"")) << nested;
  // The same key in two different objects (or in objects of an array) is fine.
  EXPECT_NO_THROW(parse_json_text(R"({"a": {"x": 1}, "b": {"x": 2}, "c": [{"x": 1}, {"x": 2}]})", "p.json"));
}

TEST(JsonDocument, SyntaxErrorsKeepTheirLineAndColumn) {
  const std::string message = config_error_message([] { parse_json_text("{\n  \"a\": 1,\n  x\n}", "p.json"); });
  EXPECT_TRUE(contains(message, "p.json:3:3: invalid JSON")) << message;
}

TEST(JsonDocument, FileLargerThanTheLimitIsRejectedWithoutReadingItAll) {
  EXPECT_EQ(config_error_message([] { read_json_file("/dev/zero"); }),
            "/dev/zero: larger than 4 MiB, the limit of a configuration document");
  TempTraceFile large(std::string(kMaxJsonDocumentBytes + 1, ' '), ".json");
  EXPECT_TRUE(contains(config_error_message([&] { read_json_file(large.path()); }), "larger than 4 MiB"));
}

TEST(JsonDocument, OverrideValuesAreJsonWithTheSameLimitsOrPlainText) {
  EXPECT_EQ(parse_override_value("12"), nlohmann::json(12));
  EXPECT_EQ(parse_override_value("greedy"), nlohmann::json("greedy"));
  EXPECT_EQ(parse_override_value("[1,"), nlohmann::json("[1,"));  // not JSON: the text itself
  EXPECT_TRUE(contains(config_error_message([] { parse_override_value(nested_arrays(100000), "--set x"); }),
                       "--set x: JSON nested deeper than 64 levels"));
  EXPECT_TRUE(contains(config_error_message([] { parse_override_value(R"({"d": 1, "d": 2})", "--set x"); }),
                       "duplicate key \"d\""));
}

TEST(JsonDocument, PlatformAndRaidLoadersUseTheLimits) {
  TempTraceFile deep(R"({"workload": {"kind": )" + nested_arrays(50000) + "}}", ".json");
  EXPECT_TRUE(contains(config_error_message([&] { load_platform_document(deep.path(), {}); }),
                       deep.path() + ": workload.kind[]: JSON nested deeper than 64 levels"));
  TempTraceFile twice(R"({"raid": {"level": "raid5", "members": 4, "members": 5}})", ".json");
  EXPECT_TRUE(contains(config_error_message([&] { load_raid_document(twice.path(), {}); }),
                       twice.path() + ": raid.members: duplicate key \"members\""));
  EXPECT_TRUE(contains(config_error_message([] { load_platform_document("slc-2011", {"ftl.gc.params=" + nested_arrays(70)}); }),
                       "--set ftl.gc.params: JSON nested deeper than 64 levels"));
}

TEST(PresetNames, OnlyABareNameIsLookedUpInThePresetFolder) {
  EXPECT_EQ(find_config_file("slc-2011", "--config", preset_names()), preset_directory() + "/slc-2011.json");
  // A JSON file outside the preset folder, named relative to it.
  TempTraceFile outside(R"({"name": "outside"})", ".json");
  const std::string stem = outside.path().substr(0, outside.path().size() - 5);
  const std::string escape = std::filesystem::relative(stem, preset_directory()).string();
  ASSERT_EQ(escape.rfind("..", 0), 0u) << escape;
  ASSERT_TRUE(std::filesystem::exists(preset_directory() + "/" + escape + ".json"));
  EXPECT_EQ(config_error_message([&] { load_platform_document(escape, {}); }),
            "--config " + escape + ": no such file (a preset is named by its bare name: mlc-mqsim, samsung-evo-2tb, slc-2011, tlc-modern, zns-conventional-tlc)");
  EXPECT_TRUE(contains(config_error_message([&] { load_raid_document(escape, {}); }), "no such file (a preset"));
  EXPECT_TRUE(contains(config_error_message([] { load_platform_document("no-such-preset", {}); }),
                       "no such file and no such preset (presets: mlc-mqsim, samsung-evo-2tb, slc-2011, tlc-modern, zns-conventional-tlc)"));
  // A path is still a path.
  EXPECT_EQ(load_platform_document(outside.path(), {})["name"], "outside");
}

// Every shipped RAID preset resolves with every GC coordination mode on its default thresholds
// (tests/python/test_config_input.py runs each one).
TEST(RaidPresets, EveryPresetTakesEveryGcCoordinationMode) {
  for (const std::string& preset : raid_preset_names()) {
    for (const char* mode : {"none", "reactive", "proactive", "idle"}) {
      SCOPED_TRACE(preset + " " + mode);
      const nlohmann::json effective = load_raid_document(preset, {std::string("raid.gc_coordination=") + mode});
      const RaidConfig config = resolve_raid_config(effective, preset);
      for (const MemberGcThresholds& t : config.gc_thresholds) {
        EXPECT_LT(t.hard_blocks, t.soft_blocks);
        EXPECT_LT(t.soft_blocks, t.forced_target_blocks);
      }
    }
  }
}

}  // namespace
}  // namespace ssdtlm
