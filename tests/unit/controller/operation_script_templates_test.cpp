// OperationScriptTemplates: the script of every (opcode, plane count), built once. An operation
// shares its kind's template and keeps its transfers (ΣX, added to the data step) and the die's
// array times as the template's step variables; zero-length Bus / RegisterMove steps are left
// out. Checked step by step here, and end to end (exact completion, bus and array times)
// through FlashController.
#include <gtest/gtest.h>

#include <vector>

#include "models/controller/operation_script.h"
#include "tests/unit/controller/controller_bench.h"
#include "tests/unit/controller/flash_commands.h"

namespace ssdtlm::testing {
namespace {

constexpr std::uint64_t kFromDie = OperationScriptTemplates::kArrayFromDie;

struct ExpectedStep {
  StepKind kind;
  std::uint64_t duration_ps;
};

void expect_script(const OperationScript& script, const std::vector<ExpectedStep>& expected,
                   std::uint8_t data_step) {
  ASSERT_EQ(script.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(script[i].kind, expected[i].kind) << "step " << i;
    EXPECT_EQ(script[i].duration_ps, expected[i].duration_ps) << "step " << i;
  }
  EXPECT_EQ(script.data_step(), data_step);
}

class OperationScriptTemplatesTest : public FlashTimingTest {};

TEST_F(OperationScriptTemplatesTest, WithoutStatusReadThePlainCommandsEndWithTheirLastTimedStep) {
  const OperationScriptTemplates templates(nand_, bus_, 4);
  // Read: the data-out step stays although it is empty before the command's ΣX is added.
  expect_script(templates.get(FlashOpcode::Read, 1),
                {{StepKind::Bus, P()}, {StepKind::Array, kFromDie}, {StepKind::Bus, 0}}, 2);
  expect_script(templates.get(FlashOpcode::Program, 1), {{StepKind::Bus, P()}, {StepKind::Array, kFromDie}}, 0);
  expect_script(templates.get(FlashOpcode::Erase, 2), {{StepKind::Bus, 2 * E() + B()}, {StepKind::Array, kFromDie}},
                OperationScript::kNoDataStep);
  expect_script(templates.get(FlashOpcode::Copyback, 1),
                {{StepKind::Bus, P()}, {StepKind::Array, kFromDie}, {StepKind::Bus, P()}, {StepKind::Array, kFromDie}},
                OperationScript::kNoDataStep);
  expect_script(templates.get(FlashOpcode::Program, 3), {{StepKind::Bus, 3 * P() + 2 * B()}, {StepKind::Array, kFromDie}},
                0);
}

TEST_F(OperationScriptTemplatesTest, StatusReadAndCacheBusyStepsStayWhenTheyTakeTime) {
  nand_.status_read_ns = 150;
  const OperationScriptTemplates templates(nand_, bus_, 2);
  expect_script(templates.get(FlashOpcode::Program, 1),
                {{StepKind::Bus, P()}, {StepKind::Array, kFromDie}, {StepKind::Bus, 150000}}, 0);
  expect_script(templates.get(FlashOpcode::Read, 2),
                {{StepKind::Bus, 2 * P() + B()}, {StepKind::Array, kFromDie}, {StepKind::Bus, 150000}}, 2);
  expect_script(templates.get(FlashOpcode::CacheProgram, 1),
                {{StepKind::Bus, P()},
                 {StepKind::AcquirePageRegister, 0},
                 {StepKind::RegisterMove, C()},
                 {StepKind::OpenPipeline, 0},
                 {StepKind::Array, kFromDie},
                 {StepKind::ReleasePageRegister, 0},
                 {StepKind::Bus, 150000}},
                0);
}

TEST_F(OperationScriptTemplatesTest, AZeroCacheBusyTimeLeavesTheRegisterMoveOut) {
  nand_.cache_busy_ns = 0;
  const OperationScriptTemplates templates(nand_, bus_, 1);
  expect_script(templates.get(FlashOpcode::CacheRead, 1),
                {{StepKind::Bus, P()},
                 {StepKind::AcquirePageRegister, 0},
                 {StepKind::Array, kFromDie},
                 {StepKind::OpenPipeline, 0},
                 {StepKind::AcquireCacheRegister, 0},
                 {StepKind::ReleasePageRegister, 0},
                 {StepKind::Bus, 0},
                 {StepKind::ReleaseCacheRegister, 0}},
                6);
}

TEST_F(OperationScriptTemplatesTest, TemplatesMatchTheScriptBuiltForOneCommandWithoutItsIdleSteps) {
  nand_.status_read_ns = 0;
  const OperationScriptTemplates templates(nand_, bus_, 4);
  const ArrayPhases from_die{kFromDie, kFromDie};
  for (FlashOpcode opcode : {FlashOpcode::Read, FlashOpcode::Program, FlashOpcode::Erase, FlashOpcode::Copyback,
                             FlashOpcode::ReadStatus, FlashOpcode::CacheProgram, FlashOpcode::CacheRead}) {
    for (std::uint32_t planes = 1; planes <= 4; ++planes) {
      OperationShape shape;
      shape.opcode = opcode;
      shape.plane_count = planes;
      shape.transfer_ps_total = 777;  // marks the data step
      const OperationScript built = build_operation_script(shape, from_die, nand_, bus_);
      OperationScript from_template = templates.get(opcode, planes);
      if (from_template.data_step() != OperationScript::kNoDataStep) {
        from_template[from_template.data_step()].duration_ps += shape.transfer_ps_total;
      }
      std::size_t kept = 0;
      for (std::size_t i = 0; i < built.size(); ++i) {
        const bool idle = (built[i].kind == StepKind::Bus || built[i].kind == StepKind::RegisterMove) &&
                          built[i].duration_ps == 0;
        if (idle) continue;
        ASSERT_LT(kept, from_template.size()) << to_string(opcode) << " x" << planes;
        EXPECT_EQ(from_template[kept].kind, built[i].kind) << to_string(opcode) << " x" << planes << " step " << i;
        EXPECT_EQ(from_template[kept].duration_ps, built[i].duration_ps)
            << to_string(opcode) << " x" << planes << " step " << i;
        ++kept;
      }
      EXPECT_EQ(kept, from_template.size()) << to_string(opcode) << " x" << planes;
    }
  }
}

TEST_F(OperationScriptTemplatesTest, TemplatesTagTheStepsWhoseTimeEachOperationSupplies) {
  nand_.status_read_ns = 150;
  const OperationScriptTemplates templates(nand_, bus_, 2);
  const auto variables = [](const OperationScript& script) {
    std::vector<StepVariable> tags;
    for (std::size_t i = 0; i < script.size(); ++i) tags.push_back(script[i].variable);
    return tags;
  };
  // The data step adds ΣX; the Array steps take the die's phases, in order.
  EXPECT_EQ(variables(templates.get(FlashOpcode::Read, 2)),
            (std::vector<StepVariable>{kNoVariable, kFirstArrayVariable, kTransferVariable}));
  EXPECT_EQ(variables(templates.get(FlashOpcode::Program, 1)),
            (std::vector<StepVariable>{kTransferVariable, kFirstArrayVariable, kNoVariable}));
  EXPECT_EQ(variables(templates.get(FlashOpcode::Copyback, 1)),
            (std::vector<StepVariable>{kNoVariable, kFirstArrayVariable, kNoVariable, kSecondArrayVariable,
                                       kNoVariable}));
  EXPECT_EQ(variables(templates.get(FlashOpcode::ReadStatus, 1)),
            (std::vector<StepVariable>{kNoVariable, kFirstArrayVariable}));
  EXPECT_EQ(variables(templates.get(FlashOpcode::CacheRead, 1)),
            (std::vector<StepVariable>{kNoVariable, kNoVariable, kFirstArrayVariable, kNoVariable, kNoVariable,
                                       kNoVariable, kNoVariable, kTransferVariable, kNoVariable}));
}

// End to end: the times the templates give through the controller.
TEST_F(OperationScriptTemplatesTest, ProgramWithStatusReadHoldsTheBusForDataInAndStatus) {
  nand_.status_read_ns = 150;
  ControllerBench bench(small_geometry(), nand_, bus_);
  const auto program = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, program_command(0, 0, 0, 0));
  sc_core::sc_start();
  EXPECT_EQ(bench.ftl.completion_time(program), ps(P() + X() + tPROG() + 150000));
  EXPECT_EQ(bench.controller.channel_busy_time(0), ps(P() + X() + 150000));
  EXPECT_EQ(bench.controller.die_array_time(0), ps(tPROG()));
  EXPECT_EQ(bench.controller.die_busy_time(0), ps(P() + X() + tPROG() + 150000));
}

TEST_F(OperationScriptTemplatesTest, CopybackSplitsTheDiesArrayTimeIntoReadAndProgram) {
  nand_.cell_type = CellType::MLC;
  nand_.read_ns = {40000, 70000, 0, 0};
  nand_.program_ns = {300000, 1200000, 0, 0};
  ControllerBench bench(small_geometry(), nand_, bus_);
  bench.die(0).backdoor_program(0, 0, 0);
  bench.die(0).backdoor_program(0, 0, 1);
  bench.die(0).backdoor_program(0, 3, 0);
  // Source page 1 (upper: 70 us read), destination page 1 (upper: 1200 us program).
  const auto copy = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, copyback_command(0, 0, 0, 1, 3, 1));
  // A read queued behind it on the same die starts when the copyback ends.
  const auto read = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, read_command(0, 0, 0, 0));
  sc_core::sc_start();
  const std::uint64_t copy_ps = P() + 70000000 + P() + 1200000000;
  EXPECT_EQ(bench.ftl.completion_time(copy), ps(copy_ps));
  EXPECT_EQ(bench.ftl.completion_time(read), ps(copy_ps + P() + 40000000 + X()));
  EXPECT_EQ(bench.controller.die_array_time(0), ps(70000000 + 1200000000 + 40000000));
  EXPECT_EQ(bench.controller.channel_busy_time(0), ps(3 * P() + X()));
}

TEST_F(OperationScriptTemplatesTest, TwoPlaneReadOfDifferentTransferSizesAddsBothToTheDataStep) {
  ControllerBench bench(small_geometry(1, 1, 2), nand_, bus_);
  bench.die(0).backdoor_program(0, 0, 0);
  bench.die(0).backdoor_program(1, 0, 0);
  FlashCommand first = read_command(0, 0, 0, 0);
  first.transfer_bytes = 1024;
  FlashCommand second = read_command(0, 1, 0, 0);
  second.transfer_bytes = 2048;
  const auto a = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, first);
  const auto b = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, second);
  sc_core::sc_start();
  ASSERT_EQ(bench.controller.multi_plane_operations(), 1u);
  // One operation: both pages' commands, one tR, and each plane's transfer of the bytes its
  // own command asked for.
  const std::uint64_t end_ps = 2 * P() + B() + tR() + X(1024) + X(2048);
  EXPECT_EQ(bench.ftl.completion_time(a), ps(end_ps));
  EXPECT_EQ(bench.ftl.completion_time(b), ps(end_ps));
  EXPECT_EQ(bench.controller.channel_busy_time(0), ps(2 * P() + B() + X(1024) + X(2048)));
}

// Operations of one kind share its template: each keeps its own ΣX and array times, so a
// short transfer or a long array time of one never shows in the next.
TEST_F(OperationScriptTemplatesTest, ConsecutiveOperationsOfOneKindKeepTheirOwnTransferAndArrayTimes) {
  nand_.cell_type = CellType::MLC;
  nand_.read_ns = {40000, 70000, 0, 0};
  ControllerBench bench(small_geometry(1, 1, 1), nand_, bus_);
  bench.die(0).backdoor_program(0, 0, 0);
  bench.die(0).backdoor_program(0, 0, 1);
  FlashCommand short_upper = read_command(0, 0, 0, 1);  // upper page: 70 us, 1 KiB out
  short_upper.transfer_bytes = 1024;
  const auto a = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, short_upper);
  const auto b = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, read_command(0, 0, 0, 0));  // lower: 40 us, a page
  const auto c = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, short_upper);
  sc_core::sc_start();
  const std::uint64_t a_ps = P() + 70000000 + X(1024);
  const std::uint64_t b_ps = a_ps + P() + 40000000 + X();
  const std::uint64_t c_ps = b_ps + P() + 70000000 + X(1024);
  EXPECT_EQ(bench.ftl.completion_time(a), ps(a_ps));
  EXPECT_EQ(bench.ftl.completion_time(b), ps(b_ps));
  EXPECT_EQ(bench.ftl.completion_time(c), ps(c_ps));
  EXPECT_EQ(bench.controller.die_array_time(0), ps(70000000 + 40000000 + 70000000));
  EXPECT_EQ(bench.controller.channel_busy_time(0), ps(3 * P() + 2 * X(1024) + X()));
}

}  // namespace
}  // namespace ssdtlm::testing
