// LoopCallback (models/kernel/loop_callback.h): the event loop's callable. Small callables are
// held in place, large ones on the heap; copies and moves keep each callable's state, and every
// callable built is destroyed exactly once.
#include <gtest/gtest.h>

#include <array>
#include <memory>
#include <string>
#include <utility>

#include "models/kernel/loop_callback.h"

namespace ssdtlm {
namespace {

// Counts live instances, to check each one is destroyed once.
struct Counted {
  static inline int live = 0;
  int* calls;
  explicit Counted(int* c) : calls(c) { ++live; }
  Counted(const Counted& other) : calls(other.calls) { ++live; }
  Counted(Counted&& other) noexcept : calls(other.calls) { ++live; }
  ~Counted() { --live; }
  void operator()() const { ++*calls; }
};

TEST(LoopCallbackTest, EmptyUntilAssignedAndCallsWhatItHolds) {
  LoopCallback empty;
  EXPECT_FALSE(empty);
  int calls = 0;
  LoopCallback callback = [&calls] { ++calls; };
  ASSERT_TRUE(callback);
  callback();
  callback();
  EXPECT_EQ(calls, 2);
  callback.reset();
  EXPECT_FALSE(callback);
}

TEST(LoopCallbackTest, CopiesAndMovesKeepStateInlineAndOnTheHeap) {
  std::string log;
  // Non-trivial and inline (a std::string capture), and too large to be inline.
  LoopCallback small = [&log, text = std::string("small")] { log += text; };
  std::array<char, 2 * LoopCallback::kInlineBytes> big_text{};
  big_text[0] = 'B';
  LoopCallback big = [&log, big_text] { log += big_text[0]; };
  LoopCallback small_copy = small;
  LoopCallback big_copy = big;
  LoopCallback small_moved = std::move(small);
  LoopCallback big_moved = std::move(big);
  EXPECT_FALSE(small);  // NOLINT(bugprone-use-after-move): moved-from callbacks are empty
  EXPECT_FALSE(big);    // NOLINT(bugprone-use-after-move)
  small_copy();
  big_copy();
  small_moved();
  big_moved();
  EXPECT_EQ(log, "smallBsmallB");
  big_copy = small_copy;  // heap -> inline
  small_copy = big_moved;  // inline -> heap
  big_copy();
  small_copy();
  EXPECT_EQ(log, "smallBsmallBsmallB");
}

TEST(LoopCallbackTest, MutableCallablesKeepTheirStateBetweenCalls) {
  int seen = 0;
  LoopCallback counter = [&seen, n = 0]() mutable { seen = ++n; };
  counter();
  counter();
  EXPECT_EQ(seen, 2);
}

TEST(LoopCallbackTest, EveryCallableIsDestroyedOnce) {
  Counted::live = 0;
  int calls = 0;
  {
    LoopCallback a = Counted(&calls);
    LoopCallback b = a;
    LoopCallback c = std::move(a);
    c = b;
    b.assign(Counted(&calls));
    std::shared_ptr<int> owned = std::make_shared<int>(7);
    LoopCallback d = [owned, &calls] { calls += *owned; };
    EXPECT_EQ(owned.use_count(), 2);
    d.assign([&calls] { ++calls; });  // releases the shared_ptr
    EXPECT_EQ(owned.use_count(), 1);
    b();
    c();
    d();
    EXPECT_EQ(calls, 3);
    EXPECT_EQ(Counted::live, 2);  // b and c
  }
  EXPECT_EQ(Counted::live, 0);
}

}  // namespace
}  // namespace ssdtlm
