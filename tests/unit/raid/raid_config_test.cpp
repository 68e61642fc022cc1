// The RAID document: defaults, per-member overrides, and rejection of bad input with the key.
#include <gtest/gtest.h>

#include "models/common/config/config_error.h"
#include "tests/unit/raid/raid_test_config.h"

namespace ssdtlm {
namespace {

std::string error_of(const nlohmann::json& raid, const nlohmann::json& top = nlohmann::json::object()) {
  try {
    testing::make_raid_config(raid, false, top);
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "";
}

TEST(RaidConfig, ResolvesLevelMembersAndThresholds) {
  const RaidConfig c = testing::make_raid_config(
      {{"level", "raid6"}, {"members", 5}, {"spares", 1}, {"stripe_unit_bytes", 8192}, {"gc_coordination", "reactive"}});
  EXPECT_EQ(c.controller.level, RaidLevel::Raid6);
  EXPECT_EQ(c.devices.size(), 6u);
  EXPECT_EQ(c.controller.block_bytes, 4096u);
  EXPECT_EQ(c.controller.gc.policy, "reactive");
  // low 0.1 and high 0.15 of 32 blocks: hard 4, high 5; defaults soft = 5, target = 6.
  EXPECT_EQ(c.gc_thresholds[0].hard_blocks, 4u);
  EXPECT_EQ(c.gc_thresholds[0].soft_blocks, 5u);
  EXPECT_EQ(c.gc_thresholds[0].forced_target_blocks, 6u);
  EXPECT_EQ(c.devices[3].seed, c.seed + 3) << "members precondition differently";
}

// Harmonia section V.A: a forced GC cleans "until the number of free blocks exceeds an internal
// threshold", the member's own stop point; the soft threshold does not move it.
TEST(RaidConfig, ForcedTargetIsTheMembersOwnStopPointWhateverTheSoftThreshold) {
  // low 0.1 and high 0.15 of 32 blocks: hard 4, high 5, own GC cycle stops above 5 free blocks.
  const RaidConfig c = testing::make_raid_config(
      {{"level", "raid0"}, {"members", 2}, {"gc_coordination", "reactive"}, {"gc", {{"soft_threshold", 5.5 / 32}}}});
  EXPECT_DOUBLE_EQ(c.gc_thresholds[0].soft_blocks, 5.5) << "a mean, not rounded to whole blocks";
  EXPECT_EQ(c.gc_thresholds[0].forced_target_blocks, 5u + 1u);
  // Equal watermarks (hard 4 = high 4): the stop point is 5, the default soft threshold halfway.
  const RaidConfig equal = testing::make_raid_config(
      {{"level", "raid0"}, {"members", 2}, {"gc_coordination", "reactive"}}, false,
      {{"ssd_overrides", {{"ftl.gc.free_block_high_watermark", 0.1}}}});
  EXPECT_EQ(equal.gc_thresholds[0].forced_target_blocks, 4u + 1u);
  EXPECT_DOUBLE_EQ(equal.gc_thresholds[0].soft_blocks, 4.5);
  // A soft threshold at the stop point would start rounds in which no plane has work.
  EXPECT_NE(error_of({{"gc_coordination", "reactive"}, {"gc", {{"soft_threshold", 6.0 / 32}}}})
                .find("raid.gc.soft_threshold"),
            std::string::npos);
}

TEST(RaidConfig, MemberOverridesApplyToOneDevice) {
  const RaidConfig c = testing::make_raid_config(
      {{"level", "raid0"}, {"members", 3}},
      false, {{"member_overrides", {{"1", {{"nand.timing.program_us", 300}}}}}});
  EXPECT_EQ(c.devices[1].nand_timing.program_ns[0], 300000u);
  EXPECT_EQ(c.devices[0].nand_timing.program_ns[0], 200000u);
}

TEST(RaidConfig, RejectsBadInputNamingTheKey) {
  EXPECT_NE(error_of({{"level", "raid7"}}).find("raid.level"), std::string::npos);
  EXPECT_NE(error_of({{"levle", "raid0"}}).find("raid.levle"), std::string::npos);
  EXPECT_NE(error_of({{"level", "raid5"}, {"members", 2}}).find("raid.members"), std::string::npos);
  EXPECT_NE(error_of({{"level", "raid0"}, {"fail_member_at_us", 10}}).find("no redundancy"), std::string::npos);
  EXPECT_NE(error_of({{"level", "raid5"}, {"members", 3}, {"fail_member", 3}, {"fail_member_at_us", 10}})
                .find("raid.fail_member"),
            std::string::npos);
  EXPECT_NE(error_of({{"stripe_unit_bytes", 6000}}).find("raid.stripe_unit_bytes"), std::string::npos);
  EXPECT_NE(error_of({{"gc_coordination", "eager"}}).find("raid.gc_coordination"), std::string::npos);
  EXPECT_NE(error_of({{"gc_coordination", "reactive"}, {"gc", {{"soft_threshold", 0.1}}}}).find("hard threshold"),
            std::string::npos);
  EXPECT_NE(error_of({{"gc_coordination", "reactive"}, {"gc", {{"forced_target", 0.15}}}}).find("raid.gc.forced_target"),
            std::string::npos);
  EXPECT_NE(error_of({{"gc_coordination", "idle"}, {"gc", {{"forced_target", 0.25}}}}).find("raid.gc.forced_target"),
            std::string::npos)
      << "a target the members cannot reach would keep them collecting forever";
  EXPECT_NE(error_of({{"members", 2}}, {{"member_overrides", {{"2", nlohmann::json::object()}}}}).find("member_overrides.2"),
            std::string::npos);
}

}  // namespace
}  // namespace ssdtlm
