// DieScheduler: the policy is asked for every pick unless it declares that it always picks the
// oldest command; that fast path (FIFO's) answers exactly what the policy would.
#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <vector>

#include "models/common/config/config_error.h"
#include "models/common/rng.h"
#include "models/controller/die_scheduler.h"
#include "models/controller/fifo_scheduling.h"
#include "models/controller/read_first_scheduling.h"
#include "tests/unit/controller/flash_commands.h"

namespace ssdtlm::testing {
namespace {

// Picks the newest command and counts how often it was asked.
class CountingPolicy : public SchedulingPolicy {
 public:
  CountingPolicy(int& calls, bool claims_oldest) : calls_(calls), claims_oldest_(claims_oldest) {}
  const char* name() const override { return "counting"; }
  std::size_t pick(const DieQueue& queue) const override {
    ++calls_;
    return queue.size() - 1;
  }
  bool picks_oldest() const override { return claims_oldest_; }

 private:
  int& calls_;
  bool claims_oldest_;
};

TEST(DieSchedulerTest, FifoIsAnsweredOldestFirstWithoutThePolicy) {
  const DieScheduler scheduler("fifo");
  EXPECT_TRUE(scheduler.oldest_first());
  EXPECT_STREQ(scheduler.policy().name(), "fifo");
  EXPECT_TRUE(FifoScheduling().picks_oldest());
}

TEST(DieSchedulerTest, ReadFirstIsAskedForEveryPick) {
  const DieScheduler scheduler("read-first");
  EXPECT_FALSE(scheduler.oldest_first());
  EXPECT_FALSE(ReadFirstScheduling().picks_oldest());
  FlashCommand program_b1 = program_command(0, 0, 1, 1);
  FlashCommand read_b2 = read_command(0, 0, 2, 0);
  const DieQueue queue{{nullptr, &program_b1, 0}, {nullptr, &read_b2, 1}};
  EXPECT_EQ(scheduler.pick(queue), 1u);
}

TEST(DieSchedulerTest, APolicyThatDoesNotClaimOldestFirstIsAsked) {
  int calls = 0;
  const DieScheduler scheduler(std::make_unique<CountingPolicy>(calls, /*claims_oldest=*/false));
  FlashCommand a = read_command(0, 0, 1, 0);
  FlashCommand b = read_command(0, 0, 2, 0);
  const DieQueue queue{{nullptr, &a, 0}, {nullptr, &b, 1}};
  EXPECT_EQ(scheduler.pick(queue), 1u);
  EXPECT_EQ(scheduler.pick(queue), 1u);
  EXPECT_EQ(calls, 2);
}

TEST(DieSchedulerTest, APolicyClaimingOldestFirstIsNotAskedAtDispatch) {
  int calls = 0;
  const DieScheduler scheduler(std::make_unique<CountingPolicy>(calls, /*claims_oldest=*/true));
  FlashCommand a = read_command(0, 0, 1, 0);
  FlashCommand b = read_command(0, 0, 2, 0);
  const DieQueue queue{{nullptr, &a, 0}, {nullptr, &b, 1}};
  EXPECT_EQ(scheduler.pick(queue), 0u);
  EXPECT_EQ(calls, 0);
}

// The fast path against the plain one: on random queues of every opcode, the oldest-first answer
// is what FifoScheduling::pick answers.
TEST(DieSchedulerTest, OldestFirstPickEqualsTheFifoPolicyPick) {
  const DieScheduler scheduler("fifo");
  const FifoScheduling fifo;
  Rng rng(11);
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<FlashCommand> commands;
    const std::size_t length = 1 + rng.below(8);
    for (std::size_t i = 0; i < length; ++i) {
      const auto block = static_cast<std::uint32_t>(rng.below(4));
      const auto page = static_cast<std::uint32_t>(rng.below(4));
      switch (rng.below(3)) {
        case 0: commands.push_back(read_command(0, 0, block, page)); break;
        case 1: commands.push_back(program_command(0, 0, block, page)); break;
        default: commands.push_back(erase_command(0, 0, block)); break;
      }
    }
    DieQueue queue;
    for (std::size_t i = 0; i < commands.size(); ++i) queue.push_back({nullptr, &commands[i], i});
    EXPECT_EQ(scheduler.pick(queue), fifo.pick(queue));
  }
}

TEST(DieSchedulerTest, AnUnknownPolicyNameIsAConfigError) {
  EXPECT_THROW(DieScheduler("shortest-job"), ConfigError);
}

}  // namespace
}  // namespace ssdtlm::testing
