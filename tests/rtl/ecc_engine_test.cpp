// The RTL ECC engine in FlashController's data path: the transactor against the reference on
// real page data (with injected errors), and exact timing: the difference between the tlm and
// the rtl engine is the RTL's cycle count × clock period + the transactor overhead.
#include <gtest/gtest.h>

#include <random>
#include <vector>

#include "models/controller/ecc_engine.h"
#include "models/host/workload/request_source_factory.h"
#include "models/host/workload/workload_spec.h"
#include "models/rtl/ecc/rtl_ecc_engine.h"
#include "models/rtl/ecc/secded512_reference.h"
#include "platforms/rtl_engine_factory.h"
#include "platforms/ssd_platform.h"
#include "tests/unit/controller/controller_bench.h"
#include "tests/unit/controller/flash_commands.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"

namespace ssdtlm::testing {
namespace {

constexpr std::uint64_t kPeriodPs = 2500;      // 400 MHz
constexpr std::uint64_t kOverheadPs = 100000;  // 100 ns
constexpr std::uint64_t kCyclesPerSector = 66;
constexpr std::uint64_t kPageCycles = 8 * kCyclesPerSector;  // 4 KiB page

EccConfig rtl_ecc() {
  EccConfig config;
  config.engine = "rtl";
  config.rtl_clock_period_ps = kPeriodPs;
  config.rtl_overhead_ps = kOverheadPs;
  return config;
}

class RtlEccEngineTest : public SystemCTest {};

TEST_F(RtlEccEngineTest, EncodesLikeTheReferenceAndCorrectsInjectedErrors) {
  RtlEccEngine engine("ecc", rtl_ecc());
  std::mt19937_64 rng(21);
  std::vector<std::uint8_t> page(4096);
  for (auto& byte : page) byte = static_cast<std::uint8_t>(rng());
  const std::vector<std::uint8_t> original = page;

  tlm::tlm_generic_payload payload;
  auto* command = new EccCommand();
  payload.set_extension(command);
  payload.set_data_ptr(page.data());
  payload.set_data_length(static_cast<unsigned>(page.size()));
  command->operation = EccOperation::Encode;
  command->bytes = 4096;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  engine.b_transport(payload, delay);
  ASSERT_EQ(command->sectors, 8u);
  ASSERT_EQ(command->check_bits.size(), 8u);
  for (std::size_t s = 0; s < 8; ++s) {
    EXPECT_EQ(command->check_bits[s], secded512_encode(original.data() + s * 512)) << "sector " << s;
  }
  EXPECT_EQ(command->rtl_cycles, kPageCycles);
  EXPECT_EQ(delay, sc_core::sc_time::from_value(kPageCycles * kPeriodPs + kOverheadPs));

  // One flipped bit in sectors 1 and 6, two in sector 3.
  page[1 * 512 + 17] ^= 0x10;
  page[6 * 512 + 511] ^= 0x01;
  page[3 * 512 + 100] ^= 0x81;
  command->operation = EccOperation::Decode;
  delay = sc_core::SC_ZERO_TIME;
  engine.b_transport(payload, delay);
  EXPECT_EQ(command->corrected_bits, 2u);
  EXPECT_EQ(command->uncorrectable_sectors, 1u);
  EXPECT_EQ(delay, sc_core::sc_time::from_value(kPageCycles * kPeriodPs + kOverheadPs));
  for (std::size_t i = 0; i < page.size(); ++i) {
    if (i / 512 == 3) continue;
    ASSERT_EQ(page[i], original[i]) << "byte " << i;
  }
  EXPECT_EQ(page[3 * 512 + 100], original[3 * 512 + 100] ^ 0x81);
  payload.set_data_ptr(nullptr);
}

TEST_F(RtlEccEngineTest, GeneratedContentEncodesAndDecodesCleanWithPartialSectors) {
  RtlEccEngine engine("ecc", rtl_ecc());
  tlm::tlm_generic_payload payload;
  auto* command = new EccCommand();
  payload.set_extension(command);
  command->operation = EccOperation::Decode;
  command->bytes = 1000;  // two sectors, the second padded
  command->content = 0x1234;
  sc_core::sc_time delay = sc_core::SC_ZERO_TIME;
  engine.b_transport(payload, delay);
  EXPECT_EQ(command->sectors, 2u);
  EXPECT_EQ(command->corrected_bits, 0u);
  EXPECT_EQ(command->uncorrectable_sectors, 0u);
  EXPECT_EQ(command->rtl_cycles, 2 * kCyclesPerSector);
}

// One command through a FlashController with the given ECC engine; its completion time.
class EccTimingTest : public FlashTimingTest {
 protected:
  // As a platform does: the controller builds the "rtl" engine from the table platforms fills.
  void SetUp() override {
    FlashTimingTest::SetUp();
    register_rtl_engine_kinds();
  }

  sc_core::sc_time complete_one(const EccConfig& ecc, const FlashCommand& command,
                                std::uint64_t* rtl_cycles = nullptr) {
    fresh_kernel();
    FlashControllerConfig config;
    config.ecc = ecc;
    ControllerBench bench(small_geometry(), nand_, bus_, config);
    bench.die(0).backdoor_program(0, 0, 0, 77);
    const auto id = bench.ftl.issue_at(ps(1000000), command);
    sc_core::sc_start();
    EXPECT_TRUE(bench.ftl.completed(id));
    EXPECT_EQ(bench.ftl.response_status(id), tlm::TLM_OK_RESPONSE);
    if (rtl_cycles != nullptr) *rtl_cycles = bench.controller.ecc_counters().rtl_cycles;
    return bench.ftl.completion_time(id);
  }
};

TEST_F(EccTimingTest, ReadLatencyDifferenceIsDecodeCyclesTimesPeriodPlusOverhead) {
  const sc_core::sc_time tlm = complete_one(EccConfig{}, read_command(0, 0, 0, 0));
  EXPECT_EQ(tlm, ps(1000000 + P() + tR() + X()));
  std::uint64_t cycles = 0;
  const sc_core::sc_time rtl = complete_one(rtl_ecc(), read_command(0, 0, 0, 0), &cycles);
  EXPECT_EQ(cycles, kPageCycles);
  EXPECT_EQ(rtl - tlm, ps(cycles * kPeriodPs + kOverheadPs));
}

TEST_F(EccTimingTest, ProgramLatencyDifferenceIsEncodeCyclesTimesPeriodPlusOverhead) {
  const sc_core::sc_time tlm = complete_one(EccConfig{}, program_command(0, 0, 0, 1, 5));
  EXPECT_EQ(tlm, ps(1000000 + P() + X() + tPROG()));
  std::uint64_t cycles = 0;
  const sc_core::sc_time rtl = complete_one(rtl_ecc(), program_command(0, 0, 0, 1, 5), &cycles);
  EXPECT_EQ(cycles, kPageCycles);
  EXPECT_EQ(rtl - tlm, ps(cycles * kPeriodPs + kOverheadPs));
}

TEST_F(EccTimingTest, EraseAndCopybackPassNoEccEngine) {
  const sc_core::sc_time tlm = complete_one(EccConfig{}, erase_command(0, 0, 3));
  std::uint64_t cycles = 1;
  EXPECT_EQ(complete_one(rtl_ecc(), erase_command(0, 0, 3), &cycles), tlm);
  EXPECT_EQ(cycles, 0u);
  const sc_core::sc_time copyback = complete_one(EccConfig{}, copyback_command(0, 0, 0, 0, 1, 0));
  EXPECT_EQ(complete_one(rtl_ecc(), copyback_command(0, 0, 0, 0, 1, 0), &cycles), copyback);
  EXPECT_EQ(cycles, 0u);
}

TEST_F(EccTimingTest, TlmEngineChargesLatencyPlusBytesOverThroughput) {
  EccConfig ecc;
  ecc.latency_ns = 1000;
  ecc.throughput_mbps = 800;  // 4096 bytes in 5.12 us
  const sc_core::sc_time none = complete_one(EccConfig{}, read_command(0, 0, 0, 0));
  EXPECT_EQ(complete_one(ecc, read_command(0, 0, 0, 0)) - none, ps(1000000 + 5120000));
}

TEST_F(EccTimingTest, OneEnginePerChannelDecodesFirstComeFirstServed) {
  // Two reads on two dies of one channel: the second one's data is over the bus one X after
  // the first, but the engine is still decoding the first page (L > X), so it waits.
  EccConfig ecc;
  ecc.latency_ns = 20000;
  ASSERT_GT(ecc.latency_ns * 1000, X());
  FlashControllerConfig config;
  config.ecc = ecc;
  ControllerBench bench(small_geometry(1, 2), nand_, bus_, config);
  bench.die(0).backdoor_program(0, 0, 0);
  bench.die(1).backdoor_program(0, 0, 0);
  const auto first = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, read_command(0, 0, 0, 0));
  const auto second = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, read_command(1, 0, 0, 0));
  sc_core::sc_start();
  const std::uint64_t L = ecc.latency_ns * 1000;
  EXPECT_EQ(bench.ftl.completion_time(first), ps(P() + tR() + X() + L));
  EXPECT_EQ(bench.ftl.completion_time(second), ps(P() + tR() + X() + 2 * L));
  EXPECT_EQ(bench.controller.ecc_busy_time(0), ps(2 * L));
}

TEST_F(EccTimingTest, AReadNeverOvertakesAProgramOfItsDieThatIsStillEncoding) {
  FlashControllerConfig config;
  config.ecc = rtl_ecc();
  config.data_mode = true;
  ControllerBench bench(small_geometry(), nand_, bus_, config);
  // Without the ordering the read would reach the die before the page is programmed (a NAND
  // rule violation, which fails the test through the report handler).
  const auto program = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, program_command(0, 0, 0, 0, 9));
  const auto read = bench.ftl.issue_at(sc_core::SC_ZERO_TIME, read_command(0, 0, 0, 0));
  sc_core::sc_start();
  const std::uint64_t ecc_ps = kPageCycles * kPeriodPs + kOverheadPs;
  EXPECT_EQ(bench.ftl.completion_time(program), ps(ecc_ps + P() + X() + tPROG()));
  EXPECT_EQ(bench.ftl.completion_time(read), ps(ecc_ps + P() + X() + tPROG() + P() + tR() + X() + ecc_ps));
  EXPECT_EQ(bench.ftl.result(read).targets[0].data_tag, 9u);
}

TEST_F(EccTimingTest, DataModePlatformRunsWithTheRtlEngine) {
  nlohmann::json overrides = {
      {"nand", {{"pages_per_block", 8}, {"blocks_per_plane", 24}, {"planes_per_die", 2}, {"data_mode", true}}},
      {"controller", {{"channels", 2}, {"chips_per_channel", 1}, {"ecc_engine", "rtl"}}},
      {"ftl", {{"spare_factor", 0.3}, {"gc", {{"free_block_low_watermark", 0.1}, {"free_block_high_watermark", 0.2}}}}},
      {"rtl", {{"clock_period_ns", 2.5}, {"transactor_overhead_ns", 100}}},
  };
  const SsdConfig config = make_config(overrides);
  EXPECT_EQ(config.controller.ecc.rtl_clock_period_ps, kPeriodPs);
  EXPECT_EQ(config.controller.ecc.rtl_overhead_ps, kOverheadPs);
  SsdPlatform platform("ssd", config);
  const WorkloadSpec spec = parse_workload_spec("mixed:qd=8,count=600,read=0.5,size=4KiB", "test");
  platform.attach_workload(make_request_source(spec, platform.logical_bytes(), 4096, config.seed));
  platform.precondition(PreconditionMode::Fill);
  platform.run();
  ASSERT_TRUE(platform.workload_done());
  const auto stats = platform.statistics();
  EXPECT_EQ(stats["data_integrity"]["mismatches"], 0);
  const auto& ecc = stats["ecc"];
  EXPECT_EQ(ecc["engine"], "rtl");
  const std::uint64_t encodes = ecc["encodes"], decodes = ecc["decodes"];
  EXPECT_EQ(encodes, stats["flash"]["programs"]["total"].get<std::uint64_t>() -
                         stats["flash"]["copybacks"]["total"].get<std::uint64_t>());
  EXPECT_EQ(decodes, stats["flash"]["reads"]["total"].get<std::uint64_t>());
  EXPECT_GT(decodes, 100u);
  EXPECT_EQ(ecc["rtl_cycles"].get<std::uint64_t>(), (encodes + decodes) * kPageCycles);
  EXPECT_EQ(ecc["uncorrectable_sectors"], 0);
  EXPECT_EQ(ecc["corrected_bits"], 0);
}

}  // namespace
}  // namespace ssdtlm::testing
