// RaidIoPlanner: member extents of reads and writes, the full-row / read-modify-write /
// reconstruct-write choice, degraded plans and rebuild plans.
#include <gtest/gtest.h>

#include "models/raid/raid_io_planner.h"
#include "models/raid/stripe_layout_registry.h"

namespace ssdtlm {
namespace {

// Every device healthy unless listed as lost; equal load.
class TestView : public DeviceView {
 public:
  std::set<MemberId> lost;
  std::vector<std::uint32_t> loads = std::vector<std::uint32_t>(kMaxRaidMembers, 0);
  MemberId device(MemberId slot, std::uint64_t) const override { return lost.count(slot) ? kNoMember : slot; }
  std::uint32_t load(MemberId device) const override { return loads[device]; }
};

constexpr std::uint64_t kUnit = 16384;  // 4 blocks of 4 KiB
constexpr std::uint32_t kBlock = 4096;

struct Fixture {
  std::unique_ptr<StripeLayout> layout;
  std::unique_ptr<RaidIoPlanner> planner;
  Fixture(RaidLevel level, std::uint32_t members) {
    layout = make_stripe_layout(level, members, ParityRotation::LeftSymmetric, "test");
    RaidAddressing addressing;
    addressing.stripe_unit_bytes = kUnit;
    addressing.block_bytes = kBlock;
    addressing.stripes = 100;
    planner = std::make_unique<RaidIoPlanner>(*layout, addressing);
  }
};

std::uint64_t bytes_on(const std::vector<MemberExtent>& extents, MemberId device) {
  std::uint64_t total = 0;
  for (const auto& e : extents) total += e.device == device ? e.bytes : 0;
  return total;
}

TEST(RaidIoPlanner, Raid0LargeReadIsOneContiguousRequestPerMember) {
  Fixture f(RaidLevel::Raid0, 4);
  TestView view;
  IoPlan plan;
  // 3 full stripes from stripe 2: each member gets units 2, 3, 4 = one contiguous extent.
  f.planner->plan_read(2 * 4 * kUnit, 3 * 4 * kUnit, view, plan);
  ASSERT_EQ(plan.reads.size(), 4u);
  for (MemberId m = 0; m < 4; ++m) {
    EXPECT_EQ(plan.reads[m].device, m);
    EXPECT_EQ(plan.reads[m].offset_bytes, 2 * kUnit);
    EXPECT_EQ(plan.reads[m].bytes, 3 * kUnit);
  }
  EXPECT_EQ(plan.tasks.size(), 3u);
  EXPECT_TRUE(plan.writes.empty());
  EXPECT_EQ(f.planner->capacity_bytes(), 100 * 4 * kUnit);
}

TEST(RaidIoPlanner, UnalignedRequestMapsBlocksToTheirUnits) {
  Fixture f(RaidLevel::Raid0, 3);
  TestView view;
  IoPlan plan;
  // Blocks 3..5 of the array: block 3 is the last row of unit 0 (member 0), 4 and 5 the
  // first rows of unit 1 (member 1).
  f.planner->plan_write(3 * kBlock, 3 * kBlock, view, plan);
  ASSERT_EQ(plan.writes.size(), 2u);
  EXPECT_EQ(plan.writes[0].device, 0u);
  EXPECT_EQ(plan.writes[0].offset_bytes, 3 * kBlock);
  EXPECT_EQ(plan.writes[0].bytes, kBlock);
  EXPECT_EQ(plan.writes[1].device, 1u);
  EXPECT_EQ(plan.writes[1].offset_bytes, 0u);
  EXPECT_EQ(plan.writes[1].bytes, 2 * kBlock);
  ASSERT_EQ(plan.pieces.size(), 2u);
  EXPECT_EQ(plan.pieces[1].array_block, 4u);
  EXPECT_EQ(plan.tasks[0].mode, StripeMode::WriteDirect);
}

TEST(RaidIoPlanner, Raid5FullStripeWriteNeedsNoReads) {
  Fixture f(RaidLevel::Raid5, 4);
  TestView view;
  IoPlan plan;
  f.planner->plan_write(3 * kUnit, 3 * kUnit, view, plan);  // stripe 1: D0..D2
  ASSERT_EQ(plan.tasks.size(), 1u);
  EXPECT_EQ(plan.tasks[0].mode, StripeMode::WriteFullRow);
  EXPECT_TRUE(plan.reads.empty());
  EXPECT_EQ(plan.writes.size(), 4u);  // three data units and P
  EXPECT_EQ(bytes_on(plan.writes, f.layout->place(1).p), kUnit);
  EXPECT_EQ(plan.xor_bytes, 3 * kUnit);
  EXPECT_EQ(plan.rs_bytes, 0u);
}

TEST(RaidIoPlanner, Raid5SmallWriteIsReadModifyWrite) {
  Fixture f(RaidLevel::Raid5, 6);  // 5 data units: RMW reads 2 blocks, RCW would read 4
  TestView view;
  IoPlan plan;
  f.planner->plan_write(kBlock, kBlock, view, plan);
  ASSERT_EQ(plan.tasks.size(), 1u);
  EXPECT_EQ(plan.tasks[0].mode, StripeMode::WriteRmw);
  const StripePlacement p = f.layout->place(0);
  EXPECT_EQ(bytes_on(plan.reads, p.data_member(0)), kBlock);
  EXPECT_EQ(bytes_on(plan.reads, p.p), kBlock);
  EXPECT_EQ(plan.reads.size(), 2u);
  EXPECT_EQ(plan.writes.size(), 2u);
  EXPECT_EQ(plan.xor_bytes, 3 * kBlock);  // old data, new data, old parity
}

TEST(RaidIoPlanner, Raid5WideWriteIsReconstructWrite) {
  Fixture f(RaidLevel::Raid5, 4);  // 3 data units
  TestView view;
  IoPlan plan;
  // Row 0 of D0 and D1: RCW reads row 0 of D2 (1 block); RMW would read 3.
  f.planner->plan_write(0, kUnit + kBlock, view, plan);
  EXPECT_EQ(plan.tasks[0].mode, StripeMode::WriteRcw);
  const StripePlacement p = f.layout->place(0);
  // Union of rows is the whole unit (D0 is written completely): read rows 1..3 of D1 and all of D2.
  EXPECT_EQ(bytes_on(plan.reads, p.data_member(1)), 3 * kBlock);
  EXPECT_EQ(bytes_on(plan.reads, p.data_member(2)), kUnit);
  EXPECT_EQ(bytes_on(plan.reads, p.p), 0u);
}

TEST(RaidIoPlanner, Raid6WritesPAndQOnTheEngine) {
  Fixture f(RaidLevel::Raid6, 5);
  TestView view;
  IoPlan plan;
  f.planner->plan_write(0, 3 * kUnit, view, plan);
  const StripePlacement p = f.layout->place(0);
  EXPECT_EQ(plan.tasks[0].mode, StripeMode::WriteFullRow);
  EXPECT_EQ(bytes_on(plan.writes, p.p), kUnit);
  EXPECT_EQ(bytes_on(plan.writes, p.q), kUnit);
  EXPECT_EQ(plan.xor_bytes, 3 * kUnit);
  EXPECT_EQ(plan.rs_bytes, 3 * kUnit);
}

TEST(RaidIoPlanner, DegradedReadReadsTheSurvivors) {
  Fixture f(RaidLevel::Raid5, 4);
  TestView view;
  const StripePlacement p = f.layout->place(0);
  view.lost.insert(p.data_member(1));
  IoPlan plan;
  f.planner->plan_read(kUnit + kBlock, kBlock, view, plan);  // row 1 of D1
  EXPECT_EQ(plan.tasks[0].mode, StripeMode::ReadDegraded);
  EXPECT_EQ(plan.pieces[0].device, kNoMember);
  EXPECT_EQ(plan.reads.size(), 3u);  // D0, D2 and P, row 1
  for (const auto& e : plan.reads) {
    EXPECT_NE(e.device, p.data_member(1));
    EXPECT_EQ(e.offset_bytes, kBlock);
    EXPECT_EQ(e.bytes, kBlock);
  }
  EXPECT_FALSE(plan.lost_data);

  view.lost.insert(p.data_member(2));  // two losses on RAID-5: data is gone
  f.planner->plan_read(kUnit + kBlock, kBlock, view, plan);
  EXPECT_TRUE(plan.lost_data);
}

TEST(RaidIoPlanner, DegradedWriteSkipsTheLostMemberAndReadsSurvivors) {
  Fixture f(RaidLevel::Raid6, 6);
  TestView view;
  const StripePlacement p = f.layout->place(0);
  view.lost.insert(p.q);
  IoPlan plan;
  f.planner->plan_write(0, kBlock, view, plan);
  EXPECT_EQ(plan.tasks[0].mode, StripeMode::WriteDegraded);
  EXPECT_EQ(bytes_on(plan.writes, p.q), 0u);
  EXPECT_EQ(bytes_on(plan.writes, p.p), kBlock);
  EXPECT_EQ(bytes_on(plan.reads, p.data_member(3)), kBlock);
  EXPECT_FALSE(plan.lost_data);
}

TEST(RaidIoPlanner, MirroredReadsGoToTheLeastLoadedCopy) {
  Fixture f(RaidLevel::Raid10, 4);
  TestView view;
  view.loads[0] = 5;
  IoPlan plan;
  f.planner->plan_read(0, 2 * kUnit, view, plan);  // chunk 0 on pair (0,1), chunk 1 on (2,3)
  ASSERT_EQ(plan.reads.size(), 2u);
  EXPECT_EQ(plan.reads[0].device, 1u);
  EXPECT_EQ(plan.reads[1].device, 2u);
  f.planner->plan_write(0, 2 * kUnit, view, plan);
  EXPECT_EQ(plan.writes.size(), 4u);  // both copies of both chunks
}

TEST(RaidIoPlanner, RebuildReadsWhatTheLostUnitNeeds) {
  Fixture f(RaidLevel::Raid5, 4);
  TestView view;
  const StripePlacement p = f.layout->place(7);
  view.lost.insert(p.data_member(0));
  IoPlan plan;
  f.planner->plan_rebuild(7, p.data_member(0), 4, view, plan);
  EXPECT_EQ(plan.reads.size(), 3u);
  ASSERT_EQ(plan.writes.size(), 1u);
  EXPECT_EQ(plan.writes[0].device, 4u);
  EXPECT_EQ(plan.writes[0].offset_bytes, 7 * kUnit);
  EXPECT_EQ(plan.writes[0].bytes, kUnit);
  EXPECT_EQ(plan.xor_bytes, 3 * kUnit);

  Fixture mirror(RaidLevel::Raid1, 2);
  TestView mirror_view;
  mirror_view.lost.insert(0);
  mirror.planner->plan_rebuild(3, 0, 2, mirror_view, plan);
  ASSERT_EQ(plan.reads.size(), 1u);
  EXPECT_EQ(plan.reads[0].device, 1u);
  EXPECT_EQ(plan.tasks[0].rebuild_source, 1u);
}

}  // namespace
}  // namespace ssdtlm
