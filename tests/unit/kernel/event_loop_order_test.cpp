// The EventLoop's same-instant FIFOs (entries a running callback schedules for the current
// instant, plain or deferred, skip the time-ordered queue) must give exactly the order of the loop's rule:
// by time, then plain before deferred, then scheduling sequence. Checked by hand on a small
// script and against a reference loop that orders every entry by that rule with one ordered
// set, on random scripts that mix entries for now, deferred entries and later entries, scheduled
// from inside callbacks and from outside (before the run and between kernel slices).
#include <gtest/gtest.h>

#include <cstdint>
#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "models/kernel/event_loop.h"
#include "models/kernel/timed_callback_queue.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm {
namespace {

using sc_core::SC_NS;
using sc_core::sc_time;

constexpr std::uint64_t kNs = 1000;  // ps

class EventLoopOrderTest : public testing::SystemCTest {
 protected:
  void TearDown() override { EventLoop::set_run_ahead_enabled(true); }
};

TEST_F(EventLoopOrderTest, EntriesForTheRunningInstantKeepTheHeapsOrder) {
  TimedCallbackQueue queue("queue");
  std::vector<std::string> order;
  auto log = [&order](const char* name) { return [&order, name] { order.push_back(name); }; };
  queue.schedule_at(sc_time(10, SC_NS), [&] {
    order.push_back("a");
    queue.defer(log("a.defer1"));
    queue.schedule_in_ps(0, [&] {
      order.push_back("a.now1");
      queue.schedule_in_ps(0, log("a.now1.now"));
      queue.defer(log("a.now1.defer"));
      queue.schedule_in_ps(5 * kNs, log("a.now1.at15"));
    });
    queue.schedule_in_ps(2 * kNs, log("a.at12"));
    queue.defer([&] {
      order.push_back("a.defer2");
      queue.schedule_in_ps(0, log("a.defer2.now"));
      queue.defer(log("a.defer2.defer"));
    });
    queue.schedule_in_ps(0, log("a.now2"));
  });
  queue.schedule_at(sc_time(10, SC_NS), log("b"));  // queued for 10 ns, scheduled before a ran
  queue.schedule_at(sc_time(12, SC_NS), [&] {
    order.push_back("c");
    queue.defer(log("c.defer"));
    queue.schedule_in_ps(0, log("c.now"));
  });
  queue.schedule_at(sc_time(15, SC_NS), log("d"));
  run_kernel(nullptr);
  EXPECT_EQ(order, (std::vector<std::string>{
                       // 10 ns: the queued plain entries, then the plain ones scheduled for now
                       // (in order, also from each other), then the deferred ones, each followed
                       // by the plain entries it schedules for now.
                       "a", "b", "a.now1", "a.now2", "a.now1.now", "a.defer1", "a.defer2", "a.defer2.now",
                       "a.now1.defer", "a.defer2.defer",
                       // 12 ns: c (scheduled before the run) before a.at12, then c's now and deferred
                       "c", "a.at12", "c.now", "c.defer",
                       // 15 ns: d was scheduled before a.now1.at15
                       "d", "a.now1.at15"}));
  EXPECT_EQ(queue.loop().callbacks_run(), order.size());
  EXPECT_EQ(sc_core::sc_time_stamp().value(), 15 * kNs);
}

// Deterministic pseudo-random numbers from an entry's id (splitmix64).
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

// What an entry does when it runs: schedules up to three children, each for now, deferred, or
// 1 to `spread` ns later (3 unless a test says otherwise), chosen from the entry's id. Ids are
// given in scheduling order, so two loops that run the same order build the same tree.
enum class ChildKind { Now, Deferred, Later };
struct Child {
  ChildKind kind;
  std::uint64_t delay_ps;
};
std::vector<Child> children_of(std::uint64_t id, std::uint64_t seed, std::uint64_t spread = 3) {
  const std::uint64_t r = mix(id * 7919 + seed);
  std::vector<Child> children;
  for (std::uint64_t i = 0, count = r % 4; i < count; ++i) {
    const std::uint64_t c = mix(r + i);
    const auto kind = static_cast<ChildKind>(c % 3);
    children.push_back({kind, kind == ChildKind::Later ? (1 + (c >> 8) % spread) * kNs : 0});
  }
  return children;
}

constexpr std::uint64_t kMaxEntries = 4000;

// The rule, with one ordered set keyed by (time, deferred, sequence): how the loop ordered every
// entry before the FIFOs. Returns the ids in the order they run.
std::vector<std::uint64_t> reference_order(const std::vector<std::uint64_t>& roots_ps, std::uint64_t seed,
                                           std::uint64_t spread = 3) {
  std::set<std::tuple<std::uint64_t, bool, std::uint64_t>> pending;  // (time, deferred, id = sequence)
  std::uint64_t next_id = 0;
  for (std::uint64_t at : roots_ps) pending.insert({at, false, next_id++});
  std::vector<std::uint64_t> order;
  while (!pending.empty()) {
    const auto [now, deferred, id] = *pending.begin();
    pending.erase(pending.begin());
    order.push_back(id);
    for (const Child& child : children_of(id, seed, spread)) {
      if (next_id >= kMaxEntries) break;
      pending.insert({now + child.delay_ps, child.kind == ChildKind::Deferred, next_id++});
    }
  }
  return order;
}

struct LoopScript {
  TimedCallbackQueue& queue;
  std::uint64_t seed;
  std::uint64_t next_id = 0;
  std::vector<std::uint64_t> order;
  std::uint64_t spread = 3;
  std::size_t most_queued = 0;  // the longest the loop's time-ordered queue was when an entry ran

  void schedule(const Child& child) {
    if (next_id >= kMaxEntries) return;
    const std::uint64_t id = next_id++;
    auto body = [this, id] { run(id); };
    if (child.kind == ChildKind::Deferred) {
      queue.defer(body);
    } else {
      queue.schedule_in_ps(child.delay_ps, body);
    }
  }
  void run(std::uint64_t id) {
    order.push_back(id);
    most_queued = std::max(most_queued, queue.loop().queued_entries());
    for (const Child& child : children_of(id, seed, spread)) schedule(child);
  }
};

// Runs the random script of `seed` on a loop; `most_queued` gets the longest queue seen.
std::vector<std::uint64_t> loop_order(std::uint64_t seed, const std::vector<std::uint64_t>& roots_ps,
                                      std::uint64_t spread = 3, std::size_t* most_queued = nullptr) {
  testing::fresh_kernel();
  TimedCallbackQueue queue("queue");
  LoopScript script{queue, seed, 0, {}, spread};
  for (std::uint64_t at : roots_ps) {  // roots scheduled from outside the loop
    const std::uint64_t id = script.next_id++;
    queue.schedule_at(sc_time::from_value(at), [&script, id] { script.run(id); });
  }
  run_kernel(nullptr);
  if (most_queued != nullptr) *most_queued = script.most_queued;
  return script.order;
}

TEST_F(EventLoopOrderTest, RandomScriptsRunInTheReferenceOrder) {
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    std::vector<std::uint64_t> roots_ps;  // some at the same times
    for (std::uint64_t i = 0; i < 6; ++i) roots_ps.push_back((mix(seed * 31 + i) % 4) * kNs);
    const std::vector<std::uint64_t> expected = reference_order(roots_ps, seed);
    ASSERT_GT(expected.size(), 50u) << "seed " << seed << ": too small a script to say anything";
    EXPECT_EQ(loop_order(seed, roots_ps), expected) << "seed " << seed;
  }
}

// Long queues (the loop scans a queue of up to 16 entries from its earliest end and bisects a
// longer one): children up to 150 ns later and 60 roots keep dozens of entries pending, the
// queue growing past 16 and shrinking below it again.
TEST_F(EventLoopOrderTest, RandomScriptsWithLongQueuesRunInTheReferenceOrder) {
  constexpr std::uint64_t kSpread = 150;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    std::vector<std::uint64_t> roots_ps;
    for (std::uint64_t i = 0; i < 60; ++i) roots_ps.push_back((mix(seed * 41 + i) % 50) * kNs);
    const std::vector<std::uint64_t> expected = reference_order(roots_ps, seed, kSpread);
    ASSERT_GT(expected.size(), 1000u) << "seed " << seed;
    std::size_t most_queued = 0;
    EXPECT_EQ(loop_order(seed, roots_ps, kSpread, &most_queued), expected) << "seed " << seed;
    EXPECT_GT(most_queued, 32u) << "seed " << seed << ": the queue never got long";
  }
}

// Entries scheduled from outside between kernel slices, for the instant the loop stopped at,
// go to the time-ordered queue (the loop is not running): they keep their place in the sequence too.
TEST_F(EventLoopOrderTest, EntriesScheduledBetweenSlicesForTheSameInstantRunInSequence) {
  TimedCallbackQueue queue("queue");
  std::vector<std::string> order;
  queue.schedule_at(sc_time(10, SC_NS), [&] {
    order.push_back("a");
    queue.defer([&] { order.push_back("a.defer"); });
    queue.schedule_in_ps(0, [&] { order.push_back("a.now"); });
  });
  const sc_time slice(10, SC_NS);
  run_kernel(&slice);  // runs what is due before 10 ns: nothing
  EXPECT_TRUE(order.empty());
  queue.defer([&] { order.push_back("outside.defer"); });  // at 10 ns, deferred
  queue.schedule_in_ps(0, [&] { order.push_back("outside.now"); });
  run_kernel(nullptr);
  EXPECT_EQ(order, (std::vector<std::string>{"a", "outside.now", "a.now", "outside.defer", "a.defer"}));
}

// Many entries pending at once (the queue is searched by bisection beyond 16): they run by time,
// equal times in scheduling order.
TEST_F(EventLoopOrderTest, ManyPendingEntriesRunByTimeThenSequence) {
  TimedCallbackQueue queue("queue");
  std::vector<std::pair<std::uint64_t, int>> scheduled;  // (time, scheduling index)
  std::vector<int> order;
  for (int i = 0; i < 300; ++i) {
    const std::uint64_t at = (1 + mix(static_cast<std::uint64_t>(i)) % 40) * kNs;  // many ties
    scheduled.push_back({at, i});
    queue.schedule_at(sc_time::from_value(at), [&order, i] { order.push_back(i); });
  }
  run_kernel(nullptr);
  std::sort(scheduled.begin(), scheduled.end());
  std::vector<int> expected;
  for (const auto& entry : scheduled) expected.push_back(entry.second);
  EXPECT_EQ(order, expected);
}

// A relay entry (EventLoop::schedule_relayed_ps) takes, at each hop, the place a callback running
// there would give the entry it schedules: by hand, entries scheduled for the relay's instants
// before and after its hops, from outside and from callbacks.
TEST_F(EventLoopOrderTest, ARelayEntryTakesThePlaceOfACallbackChainAtEachHop) {
  for (const bool relayed : {true, false}) {
    testing::fresh_kernel();
    TimedCallbackQueue queue("queue");
    EventLoop& loop = queue.loop();
    std::vector<std::string> order;
    auto log = [&order](const char* name) { return [&order, name] { order.push_back(name); }; };
    queue.schedule_at(sc_time(20, SC_NS), log("early.20"));  // drawn before the relay: runs first at 20
    queue.schedule_at(sc_time(10, SC_NS), [&] {
      order.push_back("start");
      const std::uint64_t hops_ps[] = {20 * kNs, 20 * kNs, 25 * kNs};
      if (relayed) {
        loop.schedule_relayed_ps(hops_ps, 3, 30 * kNs, log("target"));
      } else {  // the chain of callbacks the relay stands for
        queue.schedule_at(sc_time(20, SC_NS), [&] {
          queue.schedule_at(sc_time(20, SC_NS), [&] {
            queue.schedule_at(sc_time(25, SC_NS), [&] { queue.schedule_at(sc_time(30, SC_NS), log("target")); });
          });
        });
      }
      queue.schedule_at(sc_time(20, SC_NS), [&] {  // drawn after the relay's first key
        order.push_back("late.20");
        queue.schedule_at(sc_time(30, SC_NS), log("late.20.at30"));  // before the relay's draw at 25
      });
      queue.schedule_at(sc_time(30, SC_NS), log("start.at30"));  // before the target's last draw
    });
    queue.schedule_at(sc_time(25, SC_NS), [&] {  // drawn before the relay: its hop at 25 comes after
      order.push_back("outside.25");
      queue.schedule_at(sc_time(30, SC_NS), log("outside.25.at30"));
    });
    queue.schedule_at(sc_time(26, SC_NS), [&] { queue.schedule_at(sc_time(30, SC_NS), log("after.at30")); });
    run_kernel(nullptr);
    EXPECT_EQ(order, (std::vector<std::string>{"start", "early.20", "late.20", "outside.25", "start.at30",
                                               "late.20.at30", "outside.25.at30", "target", "after.at30"}))
        << (relayed ? "relayed" : "callback chain");
    EXPECT_EQ(sc_core::sc_time_stamp().value(), 30 * kNs);
    // The relay's three hops run no callback.
    EXPECT_EQ(loop.callbacks_run(), relayed ? 10u : 13u);
    EXPECT_EQ(loop.relays_run(), relayed ? 3u : 0u);
  }
}

// Random scripts with relayed children (1-3 hops 0-2 ns apart, some at the current instant)
// against the reference rule, where each hop is an entry that draws a new sequence when it is
// taken.
struct RelayChild {
  ChildKind kind;
  std::uint64_t delay_ps;
  std::vector<std::uint64_t> hop_delays_ps;  // relayed: from now, non-decreasing, before delay_ps
};
std::vector<RelayChild> relay_children_of(std::uint64_t id, std::uint64_t seed) {
  std::vector<RelayChild> children;
  for (const Child& child : children_of(id, seed)) {
    const std::uint64_t c = mix(id * 131 + seed + children.size());
    RelayChild relay_child{child.kind, child.delay_ps, {}};
    if (child.kind == ChildKind::Later && c % 2 == 0) {
      std::uint64_t at = 0;
      for (std::uint64_t hop = 0, hops = 1 + (c >> 4) % 3; hop < hops; ++hop) {
        at += ((c >> (8 + 2 * hop)) % 3) * kNs;
        relay_child.hop_delays_ps.push_back(at);
      }
      relay_child.delay_ps = at + ((c >> 20) % 3) * kNs;
    }
    children.push_back(relay_child);
  }
  return children;
}

std::vector<std::uint64_t> relay_reference_order(const std::vector<std::uint64_t>& roots_ps, std::uint64_t seed) {
  // (time, deferred, sequence) -> (id, absolute times still to go through, the last the entry's own)
  std::map<std::tuple<std::uint64_t, bool, std::uint64_t>, std::pair<std::uint64_t, std::vector<std::uint64_t>>> pending;
  std::uint64_t next_id = 0, next_sequence = 0;
  for (std::uint64_t at : roots_ps) pending[{at, false, next_sequence++}] = {next_id++, {}};
  std::vector<std::uint64_t> order;
  while (!pending.empty()) {
    const auto [key, entry] = *pending.begin();
    pending.erase(pending.begin());
    const std::uint64_t now = std::get<0>(key);
    if (!entry.second.empty()) {  // a hop: on to the next time, with a new sequence
      pending[{entry.second.front(), false, next_sequence++}] = {
          entry.first, std::vector<std::uint64_t>(entry.second.begin() + 1, entry.second.end())};
      continue;
    }
    order.push_back(entry.first);
    for (const RelayChild& child : relay_children_of(entry.first, seed)) {
      if (next_id >= kMaxEntries) break;
      std::vector<std::uint64_t> route;
      for (std::size_t i = 1; i < child.hop_delays_ps.size(); ++i) route.push_back(now + child.hop_delays_ps[i]);
      if (!child.hop_delays_ps.empty()) route.push_back(now + child.delay_ps);
      const std::uint64_t first = child.hop_delays_ps.empty() ? now + child.delay_ps : now + child.hop_delays_ps[0];
      pending[{first, child.kind == ChildKind::Deferred, next_sequence++}] = {next_id++, route};
    }
  }
  return order;
}

// LoopScript's state, with relayed children.
struct RelayLoopScript : LoopScript {
  void run(std::uint64_t id) {
    order.push_back(id);
    for (const RelayChild& child : relay_children_of(id, seed)) {
      if (next_id >= kMaxEntries) return;
      const std::uint64_t child_id = next_id++;
      auto body = [this, child_id] { run(child_id); };
      if (child.kind == ChildKind::Deferred) {
        queue.defer(body);
      } else if (!child.hop_delays_ps.empty()) {
        std::vector<std::uint64_t> hops_ps;
        for (std::uint64_t delay : child.hop_delays_ps) hops_ps.push_back(sim_now_ps() + delay);
        queue.loop().schedule_relayed_ps(hops_ps.data(), hops_ps.size(), sim_now_ps() + child.delay_ps, body);
      } else {
        queue.schedule_in_ps(child.delay_ps, body);
      }
    }
  }
};

TEST_F(EventLoopOrderTest, RandomScriptsWithRelayEntriesRunInTheReferenceOrder) {
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    std::vector<std::uint64_t> roots_ps;
    for (std::uint64_t i = 0; i < 6; ++i) roots_ps.push_back((mix(seed * 37 + i) % 4) * kNs);
    const std::vector<std::uint64_t> expected = relay_reference_order(roots_ps, seed);
    ASSERT_GT(expected.size(), 50u) << "seed " << seed;
    testing::fresh_kernel();
    TimedCallbackQueue queue("queue");
    RelayLoopScript script{{queue, seed, 0, {}, 3, 0}};
    for (std::uint64_t at : roots_ps) {
      const std::uint64_t id = script.next_id++;
      queue.schedule_at(sc_time::from_value(at), [&script, id] { script.run(id); });
    }
    run_kernel(nullptr);
    EXPECT_EQ(script.order, expected) << "seed " << seed;
    EXPECT_GT(queue.loop().relays_run(), 10u) << "seed " << seed;
  }
}

}  // namespace
}  // namespace ssdtlm
