// FlashOpCounts::count: every opcode lands in its kind's counter (cache reads as reads, cache
// programs as programs) at the command's origin, and nowhere else.
#include <gtest/gtest.h>

#include "models/controller/flash_op_counts.h"

namespace ssdtlm::testing {
namespace {

TEST(FlashOpCountsTest, EveryOpcodeCountsInItsKindAtItsOrigin) {
  FlashOpCounts counts;
  counts.count(FlashOpcode::Read, OpOrigin::Host);
  counts.count(FlashOpcode::CacheRead, OpOrigin::Host);
  counts.count(FlashOpcode::Program, OpOrigin::Gc);
  counts.count(FlashOpcode::CacheProgram, OpOrigin::Other);
  counts.count(FlashOpcode::CacheProgram, OpOrigin::Other);
  counts.count(FlashOpcode::Erase, OpOrigin::Gc);
  counts.count(FlashOpcode::Copyback, OpOrigin::Gc);
  counts.count(FlashOpcode::Copyback, OpOrigin::Host);
  counts.count(FlashOpcode::ReadStatus, OpOrigin::Other);
  EXPECT_EQ(counts.reads, (FlashOpCounts::ByOrigin{2, 0, 0}));
  EXPECT_EQ(counts.programs, (FlashOpCounts::ByOrigin{0, 1, 2}));
  EXPECT_EQ(counts.erases, (FlashOpCounts::ByOrigin{0, 1, 0}));
  EXPECT_EQ(counts.copybacks, (FlashOpCounts::ByOrigin{1, 1, 0}));
  EXPECT_EQ(counts.status_reads, (FlashOpCounts::ByOrigin{0, 0, 1}));
  EXPECT_EQ(FlashOpCounts::total(counts.programs), 3u);
}

}  // namespace
}  // namespace ssdtlm::testing
