// DieQueue (die_queue.h): order, keys and partner counts under pushes at both ends and erases
// anywhere; and the multi-plane merger and read-first scheduling, which scan its keys and may
// skip the scan, against brute-force references over the commands themselves on randomized
// queues (hazards, erases, copybacks, reads, programs, read-status).
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <deque>
#include <random>
#include <vector>

#include "models/controller/command_hazard.h"
#include "models/controller/die_queue.h"
#include "models/controller/multi_plane_merge.h"
#include "models/controller/read_first_scheduling.h"
#include "tests/unit/controller/flash_commands.h"

namespace ssdtlm::testing {
namespace {

// The selection rule of multi_plane_merge.h written out over the queued FlashCommands: every
// command in queue order, checked against every older command not already selected.
MergeSelection reference_merge(const std::deque<const FlashCommand*>& queue, std::size_t pick,
                               std::uint32_t planes_per_die) {
  MergeSelection selection;
  selection.indices[selection.count++] = pick;
  const FlashCommand& first = *queue[pick];
  const std::uint32_t max_planes = std::min<std::uint32_t>(planes_per_die, kMaxPlanes);
  if (first.opcode == FlashOpcode::ReadStatus || max_planes < 2) return selection;
  std::vector<bool> plane_used(64, false);
  plane_used[first.targets[0].plane] = true;
  for (std::size_t candidate = 0; candidate < queue.size() && selection.count < max_planes; ++candidate) {
    if (candidate == pick) continue;
    const FlashCommand& command = *queue[candidate];
    const PlaneTarget& a = first.targets[0];
    const PlaneTarget& b = command.targets[0];
    bool same_pages = a.page == b.page;
    if (first.opcode == FlashOpcode::Erase) same_pages = true;
    if (first.opcode == FlashOpcode::Copyback) same_pages = a.page == b.page && a.dest_page == b.dest_page;
    if (command.opcode != first.opcode || b.plane >= max_planes || plane_used[b.plane] || !same_pages) continue;
    bool hazard_free = true;
    for (std::size_t older = 0; older < candidate && hazard_free; ++older) {
      bool is_selected = false;
      for (std::size_t i = 0; i < selection.count; ++i) is_selected |= selection.indices[i] == older;
      if (!is_selected) hazard_free = may_overtake(command, *queue[older]);
    }
    if (!hazard_free) continue;
    selection.indices[selection.count++] = candidate;
    plane_used[b.plane] = true;
  }
  return selection;
}

std::size_t reference_read_first(const std::deque<const FlashCommand*>& queue) {
  for (std::size_t candidate = 0; candidate < queue.size(); ++candidate) {
    if (!is_read(queue[candidate]->opcode)) continue;
    bool hazard_free = true;
    for (std::size_t older = 0; older < candidate && hazard_free; ++older) {
      hazard_free = may_overtake(*queue[candidate], *queue[older]);
    }
    if (hazard_free) return candidate;
  }
  return 0;
}

// Few planes, blocks and pages, so that partners, hazards and shared blocks are frequent.
FlashCommand random_command(std::mt19937& random, std::uint32_t planes) {
  const FlashOpcode opcodes[] = {FlashOpcode::Read,  FlashOpcode::CacheRead, FlashOpcode::Program,
                                 FlashOpcode::Erase, FlashOpcode::Copyback,  FlashOpcode::ReadStatus};
  const FlashOpcode opcode = opcodes[random() % 6];
  const std::uint32_t plane = random() % planes;
  const std::uint32_t block = random() % 3;
  const std::uint32_t page = random() % 3;
  if (opcode == FlashOpcode::Copyback) return copyback_command(0, plane, block, page, random() % 3, random() % 3);
  return flash_command(opcode, 0, plane, block, page);
}

struct Scenario {
  // Room for every command a test pushes (one per churn step at most): pointers stay valid.
  explicit Scenario(std::size_t most_pushes) { storage.reserve(most_pushes); }
  DieQueue queue;
  std::deque<const FlashCommand*> model;  // what the queue should hold, in order
  std::vector<FlashCommand> storage;
};

// Random pushes at both ends and erases anywhere (front-biased, as dispatch is), keeping the
// queue at most `cap` long, and checking its length against the model after every step.
void churn(Scenario& scenario, std::mt19937& random, std::uint32_t planes, std::size_t steps, std::size_t cap) {
  for (std::size_t step = 0; step < steps; ++step) {
    const unsigned action = random() % 10;
    if ((action < 5 || scenario.model.empty()) && scenario.model.size() < cap) {
      scenario.storage.push_back(random_command(random, planes));
      FlashCommand* command = &scenario.storage.back();
      if (action == 0) {
        scenario.queue.push_front({nullptr, command, step});
        scenario.model.push_front(command);
      } else {
        scenario.queue.push_back({nullptr, command, step});
        scenario.model.push_back(command);
      }
    } else {
      const std::size_t position = action < 8 ? 0 : random() % scenario.model.size();
      scenario.queue.erase(scenario.queue.begin() + static_cast<std::ptrdiff_t>(position));
      scenario.model.erase(scenario.model.begin() + static_cast<std::ptrdiff_t>(position));
    }
    ASSERT_EQ(scenario.queue.size(), scenario.model.size());
  }
}

TEST(DieQueueTest, KeepsOrderAndKeysUnderPushesAtBothEndsAndErasesAnywhere) {
  std::mt19937 random(7);
  Scenario scenario(20000);
  for (int round = 0; round < 40; ++round) {
    churn(scenario, random, 4, 400, 200);
    for (std::size_t i = 0; i < scenario.model.size(); ++i) {
      EXPECT_EQ(scenario.queue[i].command, scenario.model[i]);
      const CommandKey key = key_of(*scenario.model[i]);
      EXPECT_EQ(scenario.queue.key(i).opcode, key.opcode);
      EXPECT_EQ(scenario.queue.key(i).plane, key.plane);
      EXPECT_EQ(scenario.queue.key(i).block, key.block);
      EXPECT_EQ(scenario.queue.key(i).page, key.page);
      EXPECT_EQ(scenario.queue.key(i).dest_block, key.dest_block);
      EXPECT_EQ(scenario.queue.key(i).dest_page, key.dest_page);
    }
    std::size_t iterated = 0;
    for (const QueuedCommand& queued : scenario.queue) EXPECT_EQ(queued.command, scenario.model[iterated++]);
    EXPECT_EQ(iterated, scenario.model.size());
  }
}

TEST(DieQueueTest, EmptiesCompletelyAndRefills) {
  FlashCommand read = read_command(0, 0, 1, 0);
  FlashCommand program = program_command(0, 1, 2, 0);
  DieQueue queue{{nullptr, &read, 0}, {nullptr, &program, 1}};
  EXPECT_TRUE(queue.may_hold_partner(key_of(read), 0));
  queue.erase(queue.begin());
  queue.erase(queue.begin());
  EXPECT_TRUE(queue.empty());
  EXPECT_FALSE(queue.may_hold_partner(key_of(read), 0));
  EXPECT_FALSE(queue.may_hold_partner(key_of(program), 1));
  queue.push_front({nullptr, &program, 2});
  EXPECT_EQ(queue.size(), 1u);
  EXPECT_EQ(queue[0].command, &program);
  EXPECT_TRUE(queue.may_hold_partner(key_of(program), 1));
}

TEST(DieQueueTest, WithoutPartnerCountsEveryPlaneMayHoldAPartner) {
  // A die that never merges keeps no counts; the merger must then scan, never skip.
  FlashCommand read = read_command(0, 0, 1, 0);
  FlashCommand other_plane = read_command(0, 1, 1, 0);
  DieQueue queue;
  queue.disable_partner_counts();
  EXPECT_TRUE(queue.may_hold_partner(key_of(read), 1));
  queue.push_back({nullptr, &read, 0});
  queue.push_back({nullptr, &other_plane, 1});
  const MergeSelection selection = select_multi_plane(queue, 0, 2);
  ASSERT_EQ(selection.count, 2u);
  EXPECT_EQ(selection.indices[1], 1u);
  queue.erase(queue.begin());
  queue.erase(queue.begin());
  EXPECT_TRUE(queue.empty());
}

TEST(DieQueueTest, PartnerCountsNeverMissAQueuedCandidate) {
  // may_hold_partner may say yes wrongly (page buckets) but never no when a command with the
  // opcode and a mergeable page is queued on the plane.
  std::mt19937 random(11);
  Scenario scenario(20000);
  for (int round = 0; round < 40; ++round) {
    churn(scenario, random, 4, 300, 80);
    for (std::uint32_t plane = 0; plane < 4; ++plane) {
      for (const FlashCommand* probe : scenario.model) {
        bool present = false;
        for (const FlashCommand* queued : scenario.model) {
          const bool pages = probe->opcode == FlashOpcode::Erase || queued->targets[0].page == probe->targets[0].page;
          present |= queued->opcode == probe->opcode && queued->targets[0].plane == plane && pages;
        }
        if (present) {
          EXPECT_TRUE(scenario.queue.may_hold_partner(key_of(*probe), plane));
        }
      }
    }
  }
}

TEST(DieQueueTest, MergeSelectionEqualsBruteForceOnRandomQueues) {
  for (const std::uint32_t planes : {1u, 2u, 4u, 8u}) {
    std::mt19937 random(100 + planes);
    Scenario scenario(40000);
    std::size_t merged = 0;
    for (int round = 0; round < 400; ++round) {
      churn(scenario, random, planes, 100, 60);
      for (std::size_t pick = 0; pick < scenario.model.size(); ++pick) {
        const MergeSelection expected = reference_merge(scenario.model, pick, planes);
        const MergeSelection actual = select_multi_plane(scenario.queue, pick, planes);
        ASSERT_EQ(actual.count, expected.count) << "planes " << planes << " round " << round << " pick " << pick;
        for (std::size_t i = 0; i < expected.count; ++i) EXPECT_EQ(actual.indices[i], expected.indices[i]);
        merged += expected.count > 1;
      }
    }
    // The randomized queues must exercise merging, not only the single-command case.
    if (planes > 1) {
      EXPECT_GT(merged, 1000u) << planes;
    }
  }
}

TEST(DieQueueTest, ReadFirstPickEqualsBruteForceOnRandomQueues) {
  std::mt19937 random(5);
  Scenario scenario(40000);
  std::size_t reordered = 0;
  for (int round = 0; round < 300; ++round) {
    churn(scenario, random, 2, 100, 60);
    if (scenario.model.empty()) continue;
    const std::size_t expected = reference_read_first(scenario.model);
    EXPECT_EQ(ReadFirstScheduling().pick(scenario.queue), expected) << "round " << round;
    reordered += expected != 0;
  }
  EXPECT_GT(reordered, 50u);
}

}  // namespace
}  // namespace ssdtlm::testing
