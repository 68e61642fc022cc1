// MeasurementWindow: where the measurement starts after the warm-ups (ramp=, fio's ramp_time),
// which completions count, and that its listeners run once, at the start.
#include <gtest/gtest.h>

#include "models/host/measurement_window.h"

namespace ssdtlm {
namespace {

TEST(MeasurementWindowTest, WithoutWarmupEveryCompletionCountsAndNothingOpens) {
  MeasurementWindow window;
  int opened = 0;
  window.on_open([&] { ++opened; });
  EXPECT_FALSE(window.has_warmup());
  EXPECT_TRUE(window.opened());
  EXPECT_TRUE(window.measures(0));
  EXPECT_EQ(window.start_ps(), 0u);
  window.reach(1000);
  EXPECT_EQ(opened, 0);
}

TEST(MeasurementWindowTest, TimedWarmupCountsCompletionsFromItsEndAndOpensWhenReached) {
  MeasurementWindow window;
  int opened = 0;
  window.on_open([&] { ++opened; });
  window.add_timed_warmup(5000);
  window.add_timed_warmup(3000);  // the latest end holds
  EXPECT_EQ(window.start_ps(), 5000u);
  EXPECT_FALSE(window.measures(4999));
  EXPECT_TRUE(window.measures(5000));
  window.reach(4000);  // not yet
  EXPECT_FALSE(window.opened());
  window.reach(5000);
  window.reach(5000);
  EXPECT_TRUE(window.opened());
  EXPECT_EQ(opened, 1);
}

TEST(MeasurementWindowTest, CountedWarmupOpensAtItsEndAndLaterCompletionsOfThatInstantCount) {
  MeasurementWindow window;
  std::uint64_t opened_at = 0;
  window.add_counted_warmup();
  window.on_open([&] { opened_at = window.start_ps(); });
  EXPECT_FALSE(window.measures(1'000'000));  // pending: nothing counts, however late
  window.end_counted_warmup(7000);
  EXPECT_EQ(opened_at, 7000u);
  EXPECT_TRUE(window.measures(7000));
  EXPECT_FALSE(window.measures(6999));
}

TEST(MeasurementWindowTest, TheLastOfSeveralWarmupsStartsTheWindow) {
  MeasurementWindow window;
  int opened = 0;
  window.on_open([&] { ++opened; });
  window.add_counted_warmup();
  window.add_counted_warmup();
  window.add_timed_warmup(9000);
  window.end_counted_warmup(2000);
  window.end_counted_warmup(4000);
  EXPECT_EQ(opened, 0);  // the timed warm-up is still running
  EXPECT_EQ(window.start_ps(), 9000u);
  window.reach(9000);
  EXPECT_EQ(opened, 1);
  // A counted warm-up ending after the timed one moves the start to its end.
  MeasurementWindow late;
  late.add_timed_warmup(1000);
  late.add_counted_warmup();
  late.reach(1000);
  EXPECT_FALSE(late.opened());
  late.end_counted_warmup(8000);
  EXPECT_TRUE(late.opened());
  EXPECT_EQ(late.start_ps(), 8000u);
}

}  // namespace
}  // namespace ssdtlm
