// The JSON Schema of platform documents (`ssdtlm config-schema`) follows the parameter tables
// row by row, and the loaders accept the "$schema" reference it asks documents to carry.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include "models/common/config/config_error.h"
#include "models/common/config/parameter_json_schema.h"
#include "platforms/platform_json_schema.h"
#include "platforms/raid_config.h"
#include "platforms/ssd_config.h"

namespace ssdtlm {
namespace {

using ::testing::HasSubstr;

// The schema of a dotted parameter path inside an object schema.
const nlohmann::json& at_path(const nlohmann::json& object_schema, const std::string& path) {
  const nlohmann::json* node = &object_schema;
  std::size_t start = 0;
  while (true) {
    const auto dot = path.find('.', start);
    node = &node->at("properties").at(path.substr(start, dot == std::string::npos ? std::string::npos : dot - start));
    if (dot == std::string::npos) return *node;
    start = dot + 1;
  }
}

std::string error_of(const ParameterSchema& schema, const nlohmann::json& document) {
  try {
    schema.validate_and_fill(document, "doc.json");
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "";
}

TEST(PlatformJsonSchemaTest, EverySsdParameterHasItsTypeRangeDefaultAndUnit) {
  const nlohmann::json schema = platform_json_schema();
  const nlohmann::json& ssd = schema.at("definitions").at("ssd_platform");
  const nlohmann::json& read_us = at_path(ssd, "nand.timing.read_us");
  EXPECT_EQ(read_us.at("type"), "number");
  EXPECT_EQ(read_us.at("minimum"), 0);
  EXPECT_EQ(read_us.at("maximum"), 1000000);
  EXPECT_EQ(read_us.at("default"), 25.0);
  EXPECT_THAT(read_us.at("description").get<std::string>(), HasSubstr("Unit: us."));
  const nlohmann::json& spare = at_path(ssd, "ftl.spare_factor");  // (0, 1): both bounds exclusive
  EXPECT_EQ(spare.at("exclusiveMinimum"), 0);
  EXPECT_EQ(spare.at("exclusiveMaximum"), 1);
  EXPECT_FALSE(spare.contains("minimum"));
  const nlohmann::json& policy = at_path(ssd, "ftl.gc.policy");
  EXPECT_EQ(policy.at("enum"), nlohmann::json(ssd_parameter_schema().find("ftl.gc.policy")->choices));
  EXPECT_EQ(at_path(ssd, "nand.pages_per_block").at("type"), "integer");
  EXPECT_EQ(at_path(ssd, "nand.timing.read_us_by_page_type").at("items").at("type"), "number");
  EXPECT_FALSE(at_path(ssd, "precondition").contains("default"));  // optional: absent means none
  for (const Parameter& p : ssd_parameter_schema().parameters()) {
    const nlohmann::json& row = at_path(ssd, p.path);
    EXPECT_EQ(row.contains("default"), !p.default_value.is_null()) << p.path;
    if (!p.default_value.is_null()) {
      EXPECT_EQ(row.at("default"), p.default_value) << p.path;
    }
  }
}

TEST(PlatformJsonSchemaTest, SectionsOfParametersAreClosedAndFreeFormSectionsOpen) {
  const nlohmann::json schema = platform_json_schema();
  const nlohmann::json& ssd = schema.at("definitions").at("ssd_platform");
  EXPECT_EQ(ssd.at("additionalProperties"), false);
  EXPECT_EQ(at_path(ssd, "nand.timing").at("additionalProperties"), false);
  EXPECT_EQ(at_path(ssd, "ftl.gc").at("additionalProperties"), false);
  EXPECT_FALSE(at_path(ssd, "ftl.gc.params").contains("additionalProperties"));  // the policy validates it
  EXPECT_FALSE(at_path(ssd, "workload").contains("additionalProperties"));
  EXPECT_EQ(at_path(ssd, "$schema").at("type"), "string");
}

TEST(PlatformJsonSchemaTest, RaidDocumentsGetTheRaidTableAndTheirMemberSsd) {
  const nlohmann::json schema = platform_json_schema();
  const nlohmann::json& raid = schema.at("definitions").at("raid_platform");
  EXPECT_EQ(at_path(raid, "raid.level").at("enum"), nlohmann::json(raid_parameter_schema().find("raid.level")->choices));
  EXPECT_EQ(at_path(raid, "ssd").at("anyOf").at(1).at("$ref"), "#/definitions/ssd_platform");
  const nlohmann::json& overrides = schema.at("definitions").at("ssd_overrides");
  EXPECT_EQ(overrides.at("properties").at("nand.blocks_per_plane").at("type"), "integer");
  EXPECT_EQ(overrides.at("additionalProperties"), false);
  EXPECT_TRUE(overrides.at("patternProperties").contains("^ftl\\.gc\\.params\\..+$"));
  EXPECT_EQ(schema.at("then").at("$ref"), "#/definitions/raid_platform");
  EXPECT_EQ(schema.at("else").at("$ref"), "#/definitions/ssd_platform");
}

TEST(PlatformJsonSchemaTest, TheSchemaReferenceIsAcceptedAtTheTopAndLeftOutOfTheEffectiveConfiguration) {
  const nlohmann::json document = {{"$schema", "../ssdtlm.schema.json"}, {"seed", 7}};
  const nlohmann::json effective = ssd_parameter_schema().validate_and_fill(document, "doc.json");
  EXPECT_FALSE(effective.contains("$schema"));
  EXPECT_EQ(effective, ssd_parameter_schema().validate_and_fill({{"seed", 7}}, "doc.json"));
  EXPECT_THAT(error_of(ssd_parameter_schema(), {{"$schema", 3}}), HasSubstr("doc.json: $schema"));
  EXPECT_THAT(error_of(ssd_parameter_schema(), {{"$schema", 3}}), HasSubstr("expected a string"));
  // Only at the top: elsewhere it is an unknown key like any other.
  EXPECT_THAT(error_of(ssd_parameter_schema(), {{"nand", {{"$schema", "x"}}}}), HasSubstr("nand.$schema"));
  EXPECT_FALSE(raid_parameter_schema().validate_and_fill(document, "raid.json").contains("$schema"));
}

TEST(PlatformJsonSchemaTest, RaidDocumentsWithSchemaReferencesLoadAsWithout) {
  const nlohmann::json ssd = {{"$schema", "../ssdtlm.schema.json"}, {"nand", {{"blocks_per_plane", 64}}}};
  nlohmann::json with = {{"$schema", "ssdtlm.schema.json"}, {"raid", {{"level", "raid5"}}}, {"ssd", ssd}};
  nlohmann::json without = {{"raid", {{"level", "raid5"}}}, {"ssd", {{"nand", {{"blocks_per_plane", 64}}}}}};
  EXPECT_EQ(complete_raid_document(with, {}, "raid.json"), complete_raid_document(without, {}, "raid.json"));
}

}  // namespace
}  // namespace ssdtlm
