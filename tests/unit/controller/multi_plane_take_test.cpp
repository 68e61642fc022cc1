// The merger's queue side, on its own: take_multi_plane moves the pick and its partners out of
// the die queue, and joins_pipeline_planes admits a pick into an open cache pipeline only with
// partners for every plane the operations in flight use.
#include <gtest/gtest.h>

#include "models/controller/multi_plane_merge.h"
#include "tests/unit/controller/flash_commands.h"

namespace ssdtlm::testing {
namespace {

TEST(MultiPlaneTakeTest, MovesThePickAndItsPartnersOutInSelectionOrder) {
  FlashCommand a = erase_command(0, 0, 0);
  FlashCommand b = erase_command(0, 0, 1);
  FlashCommand c = erase_command(0, 1, 0);
  FlashCommand d = read_command(0, 1, 3, 0);
  DieQueue queue{{nullptr, &a, 0}, {nullptr, &b, 1}, {nullptr, &c, 2}, {nullptr, &d, 3}};
  std::array<QueuedCommand, kMaxPlanes> taken{};
  ASSERT_EQ(take_multi_plane(queue, 1, 2, taken), 2u);  // b (the pick) and c (plane 1)
  EXPECT_EQ(taken[0].command, &b);
  EXPECT_EQ(taken[1].command, &c);
  ASSERT_EQ(queue.size(), 2u);
  EXPECT_EQ(queue[0].command, &a);
  EXPECT_EQ(queue[1].command, &d);
  ASSERT_EQ(take_multi_plane(queue, 1, 2, taken), 1u);  // a read has no partner left
  EXPECT_EQ(taken[0].command, &d);
  ASSERT_EQ(queue.size(), 1u);
  EXPECT_EQ(queue[0].command, &a);
}

TEST(MultiPlaneTakeTest, APipelinePickNeedsPartnersForEveryPlaneInFlight) {
  FlashCommand running_0 = flash_command(FlashOpcode::CacheProgram, 0, 0, 1, 0);
  FlashCommand running_1 = flash_command(FlashOpcode::CacheProgram, 0, 1, 1, 0);
  DieContext die;
  DieOperation& operation = die.operations[0];
  operation.active = true;
  operation.command = operation.merged.get();
  operation.command->opcode = FlashOpcode::CacheProgram;
  operation.command->plane_count = 2;
  operation.command->targets[0] = running_0.targets[0];
  operation.command->targets[1] = running_1.targets[0];
  EXPECT_EQ(planes_in_flight(die), 0b11u);

  FlashCommand next_0 = flash_command(FlashOpcode::CacheProgram, 0, 0, 1, 1);
  FlashCommand next_1 = flash_command(FlashOpcode::CacheProgram, 0, 1, 1, 1);
  die.queue.push_back({nullptr, &next_0, 0});
  EXPECT_FALSE(joins_pipeline_planes(die, 0, 2));  // plane 1's page is not queued yet
  die.queue.push_back({nullptr, &next_1, 1});
  EXPECT_TRUE(joins_pipeline_planes(die, 0, 2));
}

}  // namespace
}  // namespace ssdtlm::testing
