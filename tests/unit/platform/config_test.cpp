// Configuration loading: defaults, presets, overrides and every kind of rejection, each naming
// the key path and what was expected.
#include <fstream>
#include <set>
#include <string>

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "models/common/config/config_error.h"
#include "models/ftl/core/ftl_core.h"
#include "platforms/rtl_engine_factory.h"
#include "platforms/ssd_config.h"
#include "platforms/ssd_document_values.h"

namespace ssdtlm {
namespace {

using ::testing::HasSubstr;

std::string error_of(const nlohmann::json& document) {
  try {
    resolve_ssd_config(ssd_parameter_schema().validate_and_fill(document, "doc.json"), "doc.json");
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "";
}

// nand.model selects the die model. onfi-rtl needs the Verilated blocks: a build without them
// (-DSSDTLM_RTL=OFF, as the sanitizer tree is) refuses it naming the key; with them it resolves.
TEST(ConfigTest, NandModelSelectsTheDieAndOnfiRtlNeedsTheRtlBuild) {
  EXPECT_EQ(resolve_ssd_config(ssd_parameter_schema().validate_and_fill(nlohmann::json::object(), "doc.json")).nand_model,
            SsdConfig::NandModel::Tlm);
  const nlohmann::json onfi = {{"nand", {{"model", "onfi-rtl"}}}};
  if (rtl_blocks_built()) {
    EXPECT_EQ(error_of(onfi), "");
    EXPECT_EQ(resolve_ssd_config(ssd_parameter_schema().validate_and_fill(onfi, "doc.json")).nand_model,
              SsdConfig::NandModel::OnfiRtl);
  } else {
    const std::string error = error_of(onfi);
    EXPECT_THAT(error, HasSubstr("doc.json: nand.model"));
    EXPECT_THAT(error, HasSubstr("-DSSDTLM_RTL=ON"));
  }
  EXPECT_THAT(error_of({{"nand", {{"model", "verilog"}}}}), HasSubstr("nand.model"));
}

TEST(ConfigTest, FractionsOfAPlaneRoundUpToWholeBlocks) {
  EXPECT_EQ(blocks_for_fraction(0.07, 100), 7u);  // 7.000000000000001 in floating point
  EXPECT_EQ(blocks_for_fraction(0.071, 100), 8u);
  EXPECT_EQ(blocks_for_fraction(0.0, 64), 0u);
  EXPECT_EQ(blocks_for_fraction(1.0, 64), 64u);
  EXPECT_EQ(blocks_for_fraction(0.01, 64), 1u);
}

TEST(ConfigTest, DefaultsFillEveryParameter) {
  const auto effective = ssd_parameter_schema().validate_and_fill(nlohmann::json::object(), "empty");
  for (const auto& p : ssd_parameter_schema().parameters()) {
    if (p.default_value.is_null()) continue;
    EXPECT_NO_THROW(get_json_path(effective, p.path)) << p.path;
  }
  const SsdConfig config = resolve_ssd_config(effective);
  EXPECT_EQ(config.geometry.page_size_bytes, 4096u);
  EXPECT_EQ(config.nand_timing.read_ns[0], 25000u);
}

// Every key is read through its row: only the keys whose consumers take them from the effective
// document (the platform's name and description, its default workload and preconditioning) fill
// no field of SsdConfig.
TEST(ConfigTest, EveryKeyButTheDocumentOnesFillsItsField) {
  const std::set<std::string> document_only = {"name", "description", "workload", "precondition"};
  for (const auto& p : ssd_parameter_schema().parameters()) {
    EXPECT_EQ(ssd_parameter_table().fills(p.path), document_only.count(p.path) == 0) << p.path;
  }
}

// The real-drive presets cite their sources in "description": free text, optional (nothing is
// filled in when absent, so effective configurations of other platforms do not change), typed.
TEST(ConfigTest, DescriptionIsOptionalTextThatPresetsCarry) {
  const auto empty = ssd_parameter_schema().validate_and_fill(nlohmann::json::object(), "empty");
  EXPECT_FALSE(empty.contains("description"));
  const auto evo = load_platform_document("samsung-evo-2tb", {});
  EXPECT_THAT(evo.at("description").get<std::string>(), HasSubstr("970 EVO Plus"));
  EXPECT_EQ(error_of({{"description", "a drive"}}), "");
  EXPECT_THAT(error_of({{"description", 5}}), HasSubstr("description: expected string"));
  EXPECT_THAT(error_of({{"descripton", "a drive"}}), HasSubstr("unknown key"));
}

TEST(ConfigTest, UnknownKeyIsRejectedWithItsPathAndTheKnownKeys) {
  const std::string message = error_of({{"nand", {{"timing", {{"raed_us", 30}}}}}});
  EXPECT_THAT(message, HasSubstr("doc.json: nand.timing.raed_us"));
  EXPECT_THAT(message, HasSubstr("unknown key"));
  EXPECT_THAT(message, HasSubstr("read_us"));
}

TEST(ConfigTest, WrongTypeIsRejected) {
  EXPECT_THAT(error_of({{"nand", {{"pages_per_block", "many"}}}}), HasSubstr("nand.pages_per_block: expected integer"));
  EXPECT_THAT(error_of({{"nand", {{"pages_per_block", 64.5}}}}), HasSubstr("nand.pages_per_block: expected integer"));
  EXPECT_THAT(error_of({{"nand", 3}}), HasSubstr("nand: expected an object"));
  EXPECT_THAT(error_of({{"controller", {{"multi_plane", 1}}}}), HasSubstr("controller.multi_plane: expected boolean"));
}

TEST(ConfigTest, OutOfRangeValuesAreRejected) {
  EXPECT_THAT(error_of({{"ftl", {{"spare_factor", 1.0}}}}), HasSubstr("ftl.spare_factor: expected a value < 1"));
  EXPECT_THAT(error_of({{"ftl", {{"spare_factor", 0.0}}}}), HasSubstr("ftl.spare_factor: expected a value > 0"));
  EXPECT_THAT(error_of({{"nand", {{"timing", {{"read_us", -1}}}}}}), HasSubstr("nand.timing.read_us: expected a value >= 0"));
  EXPECT_THAT(error_of({{"ftl", {{"gc", {{"policy", "best"}}}}}}), HasSubstr("ftl.gc.policy: expected one of"));
}

TEST(ConfigTest, ImpossibleGeometryAndCrossKeyRulesAreRejected) {
  EXPECT_THAT(error_of({{"nand", {{"cell_type", "tlc"}, {"pages_per_block", 64}}}}),
              HasSubstr("nand.pages_per_block: must be a multiple of the bits per cell (3)"));
  EXPECT_THAT(error_of({{"ftl", {{"gc", {{"free_block_low_watermark", 0.2}, {"free_block_high_watermark", 0.1}}}}}}),
              HasSubstr("ftl.gc.free_block_high_watermark: must be >="));
  EXPECT_THAT(error_of({{"ftl", {{"spare_factor", 0.01}, {"gc", {{"free_block_low_watermark", 0.3}, {"free_block_high_watermark", 0.3}}}}}}),
              HasSubstr("ftl.spare_factor: too small for the GC watermarks"));
  EXPECT_THAT(error_of({{"nand", {{"blocks_per_plane", 16000000}, {"pages_per_block", 65536}}}}),
              HasSubstr("impossible geometry"));
  EXPECT_THAT(error_of({{"nand", {{"cell_type", "mlc"}, {"pages_per_block", 64}, {"timing", {{"read_us_by_page_type", {50, 60, 70}}}}}}}),
              HasSubstr("nand.timing.read_us_by_page_type: expected 2 entries"));
  // mdc's sort buffer is the DRAM write buffer: a second one is refused, naming both keys.
  const std::string both = error_of({{"ftl", {{"gc", {{"policy", "mdc"}}}, {"write_buffer", {{"pages", 8}}}}}});
  EXPECT_THAT(both, HasSubstr("ftl.write_buffer.pages: must be 0"));
  EXPECT_THAT(both, HasSubstr("ftl.gc.params.sort_buffer_segments"));
  nlohmann::json unsorted = {{"ftl", {{"gc", {{"policy", "mdc"}}}, {"write_buffer", {{"pages", 8}}}}}};
  unsorted["ftl"]["gc"]["params"] = {{"sort_buffer_segments", 0}};
  EXPECT_EQ(error_of(unsorted), "");
}

// One logical capacity everywhere: (1 - 0.3) x 2,880 is 2015.9999999999998 in binary floating
// point; a plain floor made the multi-reference store's volume one page smaller than the space
// workloads address.
TEST(ConfigTest, MultiReferenceVolumeIsTheSameLogicalCapacityAsTheFtlCore) {
  const SsdConfig config = resolve_ssd_config(ssd_parameter_schema().validate_and_fill(
      {{"nand", {{"pages_per_block", 16}, {"blocks_per_plane", 180}, {"planes_per_die", 1}, {"dies_per_chip", 1}}},
       {"controller", {{"channels", 1}, {"chips_per_channel", 1}}},
       {"ftl", {{"mode", "mjolnir"}, {"spare_factor", 0.3}}}},
      "doc.json"));
  ASSERT_EQ(config.geometry.total_pages(), 2880u);
  EXPECT_EQ(config.mjolnir.volume_pages, 2016u);
  EXPECT_EQ(FtlCore(config.ftl_core).logical_pages(), config.mjolnir.volume_pages);
}

TEST(ConfigTest, PresetsLoadAndOverridesApply) {
  for (const char* preset : {"slc-2011", "mlc-mqsim", "tlc-modern", "samsung-evo-2tb", "zns-conventional-tlc"}) {
    EXPECT_NO_THROW(resolve_ssd_config(load_platform_document(preset, {}), preset)) << preset;
  }
  const SsdConfig slc = resolve_ssd_config(load_platform_document("slc-2011", {"ftl.gc.policy=d-choices", "seed=7"}));
  EXPECT_EQ(slc.ftl_core.victim_policy, "d-choices");
  EXPECT_EQ(slc.seed, 7u);
  EXPECT_EQ(slc.geometry.total_bytes(), 32ull << 30);  // [Kim et al. 2011] Table IX: 32 GB
  const SsdConfig mlc = resolve_ssd_config(load_platform_document("mlc-mqsim", {}));
  EXPECT_EQ(mlc.geometry.total_bytes(), 512ull << 30);
  EXPECT_EQ(mlc.geometry.dies(), 64u);
}

TEST(ConfigTest, BadOverridesAndFilesAreNamed) {
  try {
    load_platform_document("slc-2011", {"ftl.gc.polcy=greedy"});
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_THAT(e.what(), HasSubstr("ftl.gc.polcy"));
  }
  EXPECT_THROW(load_platform_document("slc-2011", {"no-equals-sign"}), ConfigError);
  try {
    load_platform_document("no-such-preset", {});
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_THAT(e.what(), HasSubstr("presets: "));
    EXPECT_THAT(e.what(), HasSubstr("slc-2011"));
  }
  const std::string path = ::testing::TempDir() + "/broken.json";
  std::ofstream(path) << "{\n  \"nand\": {\n    \"pages_per_block\": 64,\n  }\n}\n";
  try {
    load_platform_document(path, {});
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_THAT(e.what(), HasSubstr(path + ":4:"));
  }
  // A number too large for a double is nlohmann's out_of_range, not a parse_error (found by
  // fuzz_platform_config): still a ConfigError naming the file, and a string as an override.
  const std::string overflow = ::testing::TempDir() + "/overflow.json";
  std::ofstream(overflow) << "{\"seed\": 222e2222222222222222222222222222222222222384}\n";
  try {
    load_platform_document(overflow, {});
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_THAT(e.what(), HasSubstr(overflow));
    EXPECT_THAT(e.what(), HasSubstr("number overflow"));
  }
  try {
    load_platform_document("slc-2011", {"seed=1e999"});
    FAIL();
  } catch (const ConfigError& e) {
    EXPECT_THAT(e.what(), HasSubstr("seed"));
  }
}

}  // namespace
}  // namespace ssdtlm
