// A ParameterTable declares each key once, bound to the field it fills: the schema it gives
// validates and documents the key, fill() writes a validated document into the struct with the
// declared conversion, and a table that declares a key twice or converts from the wrong unit is
// refused when it is built.
#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "models/common/config/config_error.h"
#include "models/common/config/parameter_builders.h"
#include "models/common/config/parameter_table.h"

namespace ssdtlm {
namespace {

using namespace parameter;

enum class Mode : std::uint8_t { Fast, Exact };

struct Timing {
  std::uint64_t erase_ns = 0;
  std::uint64_t overhead_ns = 0;
};

struct Device {
  std::uint32_t channels = 0;
  bool cache = false;
  Mode mode = Mode::Fast;
  Timing timing;
  std::uint64_t loss_at_ps = 0;
  std::string label = "unset";
};

struct DeviceInputs {
  std::optional<double> target;  // optional key: absent leaves it empty
  std::vector<double> weights;
};

struct DeviceValues : Device, DeviceInputs {};

std::vector<ParameterRow<DeviceValues>> device_rows() {
  return rows<DeviceValues>(
      document_only(text("name", "custom", "Name.")),
      field(&Device::channels, integer("device.channels", 8, "channels", 1, 64, "Channels.")),
      field(&Device::cache, boolean("device.cache", true, "Cache.")),
      choice_field(&Device::mode, "device.mode", "exact", {{"fast", Mode::Fast}, {"exact", Mode::Exact}}, "Mode."),
      in(&Device::timing,
         {field(&Timing::erase_ns, number("device.timing.erase_us", 1.5, "us", 0, 1e6, "Erase."), kMicrosecondsToNs),
          field(&Timing::overhead_ns, number("device.timing.overhead_ns", 2.4, "ns", 0, 1e6, "Overhead."),
                kWholeNanoseconds)}),
      field(at(&Device::loss_at_ps), number("device.loss_at_us", 0.0, "us", 0, 1e9, "Loss."), kMicrosecondsToPs),
      field(&Device::label, text("device.label", "plain", "Label."),
            [](const nlohmann::json& value, const std::string& where) { return value.get<std::string>() + "@" + where; }),
      field(&DeviceInputs::target, number("device.target", nullptr, "", 0, 1, "Target.")),
      field(&DeviceInputs::weights, array("device.weights", "", 0, 10, "Weights.")));
}

const ParameterTable<DeviceValues>& device_table() {
  static const ParameterTable<DeviceValues> table(device_rows());
  return table;
}

DeviceValues filled(const nlohmann::json& document) {
  DeviceValues values;
  device_table().fill(values, device_table().schema().validate_and_fill(document, "doc.json"), "doc.json");
  return values;
}

TEST(ParameterTable, SchemaListsEveryRowInOrderWithItsDeclaration) {
  const auto& parameters = device_table().schema().parameters();
  std::vector<std::string> paths;
  for (const auto& p : parameters) paths.push_back(p.path);
  EXPECT_EQ(paths, (std::vector<std::string>{"name", "device.channels", "device.cache", "device.mode",
                                             "device.timing.erase_us", "device.timing.overhead_ns", "device.loss_at_us",
                                             "device.label", "device.target", "device.weights"}));
  const Parameter* mode = device_table().schema().find("device.mode");
  ASSERT_NE(mode, nullptr);
  EXPECT_EQ(mode->kind, ParameterKind::Choice);
  EXPECT_EQ(mode->choices, (std::vector<std::string>{"fast", "exact"}));
  EXPECT_EQ(mode->default_value, "exact");
}

TEST(ParameterTable, DocumentOnlyKeysFillNoField) {
  EXPECT_FALSE(device_table().fills("name"));
  EXPECT_TRUE(device_table().fills("device.channels"));
  EXPECT_TRUE(device_table().fills("device.timing.erase_us"));
  EXPECT_FALSE(device_table().fills("device.unknown"));
}

TEST(ParameterTable, DefaultsFillEveryBoundFieldWithItsConversion) {
  const DeviceValues values = filled(nlohmann::json::object());
  EXPECT_EQ(values.channels, 8u);
  EXPECT_TRUE(values.cache);
  EXPECT_EQ(values.mode, Mode::Exact);
  EXPECT_EQ(values.timing.erase_ns, 1500u);
  EXPECT_EQ(values.timing.overhead_ns, 2u);  // rounded to whole nanoseconds
  EXPECT_EQ(values.loss_at_ps, 0u);
  EXPECT_EQ(values.label, "plain@doc.json: device.label");
  EXPECT_FALSE(values.target.has_value());  // optional, absent
  EXPECT_TRUE(values.weights.empty());
}

TEST(ParameterTable, DocumentValuesReachTheirFields) {
  const DeviceValues values = filled({{"device",
                                       {{"channels", 3},
                                        {"cache", false},
                                        {"mode", "fast"},
                                        {"timing", {{"erase_us", 2.0004}, {"overhead_ns", 7.5}}},
                                        {"loss_at_us", 12.5},
                                        {"target", 0.25},
                                        {"weights", {1, 2.5}}}}});
  EXPECT_EQ(values.channels, 3u);
  EXPECT_FALSE(values.cache);
  EXPECT_EQ(values.mode, Mode::Fast);
  EXPECT_EQ(values.timing.erase_ns, 2000u);
  EXPECT_EQ(values.timing.overhead_ns, 8u);
  EXPECT_EQ(values.loss_at_ps, 12500000u);
  ASSERT_TRUE(values.target.has_value());
  EXPECT_DOUBLE_EQ(*values.target, 0.25);
  EXPECT_EQ(values.weights, (std::vector<double>{1.0, 2.5}));
}

TEST(ParameterTable, ValidationKeepsItsMessages) {
  try {
    filled({{"device", {{"channels", 0}}}});
    FAIL();
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find("doc.json: device.channels: expected a value >= 1, got 0"), std::string::npos)
        << error.what();
  }
}

TEST(ParameterTable, AKeyDeclaredTwiceIsRefused) {
  EXPECT_THROW(ParameterTable<Device>(rows<Device>(field(&Device::channels, integer("a", 1, "", 0, 9, "A.")),
                                                   field(&Device::channels, integer("a", 1, "", 0, 9, "A.")))),
               std::logic_error);
}

TEST(ParameterTable, AConversionFromAnotherUnitThanTheKeysIsRefused) {
  EXPECT_THROW(ParameterTable<Device>(rows<Device>(field(at(&Device::timing, &Timing::erase_ns),
                                                         number("erase_ms", 1.0, "ms", 0, 9, "Erase."), kMicrosecondsToNs))),
               std::logic_error);
}

TEST(ParameterTable, FindJsonPathReadsDottedPathsAndReportsAbsence) {
  const nlohmann::json document = {{"a", {{"b", {{"c", 4}}}}}, {"x", 1}};
  ASSERT_NE(find_json_path(document, "a.b.c"), nullptr);
  EXPECT_EQ(*find_json_path(document, "a.b.c"), 4);
  EXPECT_EQ(find_json_path(document, "a.b.d"), nullptr);
  EXPECT_EQ(find_json_path(document, "x.y"), nullptr);
  EXPECT_THROW(get_json_path(document, "a.z"), ConfigError);
}

}  // namespace
}  // namespace ssdtlm
