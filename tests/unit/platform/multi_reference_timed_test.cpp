// The multi-reference store in the timed platform (ftl.mode = mjolnir, docs/mjolnir.md):
// exact time of a reclaim on an idle device, snapshots read back through GC in data mode,
// no referenced block freed, reverse-map memory within its limit.
#include <gtest/gtest.h>

#include "models/ftl/multi_reference_cpu.h"
#include "platforms/ssd_platform.h"
#include "tests/unit/support/platform_config.h"
#include "tests/unit/support/systemc_fixture.h"
#include "tests/unit/support/vector_request_source.h"

namespace ssdtlm {
namespace {

using testing::make_config;
using testing::page_request;
using testing::VectorRequestSource;

constexpr std::uint32_t kPage = 4096;

// One die, one plane: a segment is one block of 4 pages, 8 segments.
nlohmann::json tiny_multi_reference() {
  return {
      {"nand", {{"page_size_bytes", kPage}, {"pages_per_block", 4}, {"blocks_per_plane", 8},
                {"planes_per_die", 1}, {"dies_per_chip", 1},
                {"timing", {{"read_us", 25}, {"program_us", 200}, {"erase_us", 1500}}}}},
      {"controller", {{"channels", 1}, {"chips_per_channel", 1}}},
      {"channel", {{"transfer_rate_mts", 333}, {"bus_width_bits", 8}, {"command_cycle_ns", 5}, {"address_cycles", 5}}},
      {"ftl", {{"mode", "mjolnir"},
               {"spare_factor", 0.5},
               {"gc", {{"free_block_low_watermark", 0.0}, {"free_block_high_watermark", 0.0}}},
               {"cpu", {{"clock_mhz", 500}}},
               {"mjolnir", {{"validity_threshold", 1.0}, {"max_candidates_per_cycle", 1}, {"gc_start_utilization", 0.99},
                            {"cycles_per_mapping_scanned", 50}, {"inflight_pages", 1}, {"panic_free_segments", 1},
                            {"measure_reclaim_at_end", true}}}}},
      {"host", {{"queue_depth", 1}}},
  };
}

class MultiReferenceTimedTest : public testing::SystemCTest {};

TEST_F(MultiReferenceTimedTest, ReclaimOfAnIdleSegmentCostsTwoScansKCopiesAndTheErase) {
  const SsdConfig config = make_config(tiny_multi_reference());
  SsdPlatform platform("ssd", config);
  // Pages 0..3 fill segment 0; rewriting pages 0 and 1 leaves it with two live blocks (pages 2
  // and 3) and puts the new copies at the start of segment 1, still open.
  std::vector<HostRequest> writes;
  for (int lpn : {0, 1, 2, 3, 0, 1}) writes.push_back(page_request(HostOp::Write, lpn, kPage));
  platform.attach_workload(std::make_unique<VectorRequestSource>(writes, ArrivalMode::ClosedLoop, 1));
  platform.precondition(PreconditionMode::None);
  platform.run();

  const auto& ftl = dynamic_cast<const MultiReferenceCpu&>(platform.ftl());
  const auto& measured = ftl.statistics();
  ASSERT_TRUE(measured.reclaim_measured);
  // Extents [0,2) -> start of segment 1 and [2,4) -> end of segment 0: two mappings.
  EXPECT_EQ(measured.measured_mappings, 2u);
  EXPECT_EQ(measured.measured_segments, 1u);
  const auto& bus = config.bus_timing;
  const std::uint64_t scan_ps = 2 * 100'000;  // 2 mappings x 50 cycles at 500 MHz, one thread
  const std::uint64_t read_ps = bus.page_command_ps() + 25'000'000 + bus.transfer_ps(kPage);
  const std::uint64_t program_ps = bus.page_command_ps() + bus.transfer_ps(kPage) + 200'000'000;
  const std::uint64_t erase_ps = bus.erase_command_ps() + 1'500'000'000;
  const std::uint64_t update_ps = 100'000;  // one mapping updated per copy, 50 cycles
  // Selection scan, preparation scan, then (one admission slot) each copy's read, program and
  // map update back to back, then the erase of the segment.
  EXPECT_EQ(measured.measured_reclaim_ps, 2 * scan_ps + 2 * (read_ps + program_ps + update_ps) + erase_ps);
  EXPECT_EQ(measured.measured_copies, 2u);
  EXPECT_EQ(platform.statistics()["flash"]["erases"]["gc"].get<std::uint64_t>(), 1u);
}

// Mean scan makespan of the reclaim measurement after writing every other page of [0, 16)
// and rewriting pages 0 and 2: eight mappings that cannot merge.
std::uint64_t mean_scan_ps(std::uint32_t threads) {
  testing::fresh_kernel();
  auto doc = tiny_multi_reference();
  doc["ftl"]["cpu"]["cores"] = 2;
  doc["ftl"]["mjolnir"]["scanner_threads"] = threads;
  const SsdConfig config = make_config(doc);
  SsdPlatform platform("ssd", config);
  std::vector<HostRequest> writes;
  for (int lpn : {0, 2, 4, 6, 8, 10, 12, 14, 0, 2}) writes.push_back(page_request(HostOp::Write, lpn, kPage));
  platform.attach_workload(std::make_unique<VectorRequestSource>(writes, ArrivalMode::ClosedLoop, 1));
  platform.run();
  const auto& measured = dynamic_cast<const MultiReferenceCpu&>(platform.ftl()).statistics();
  EXPECT_TRUE(measured.reclaim_measured);
  EXPECT_EQ(measured.measured_mappings, 8u);
  EXPECT_GE(measured.measured_scans, 2u);
  return measured.measured_scans ? measured.measured_scan_ps / measured.measured_scans : 0;
}

TEST_F(MultiReferenceTimedTest, ScannerThreadsShortenTheScanOnTheFirmwareCores) {
  // One thread: 8 mappings x 100 ns. Two threads: the span [0, 15) splits at 7, four mappings
  // each, both finish together: no barrier, 4 x 100 ns.
  EXPECT_EQ(mean_scan_ps(1), 800'000u);
  EXPECT_EQ(mean_scan_ps(2), 400'000u);
}

TEST_F(MultiReferenceTimedTest, RangeCommandsNeedTheMjolnirMode) {
  auto doc = tiny_multi_reference();
  doc["ftl"]["mode"] = "page";
  doc["ftl"].erase("mjolnir");
  doc["ftl"]["spare_factor"] = 0.5;
  const SsdConfig config = make_config(doc);
  SsdPlatform platform("ssd", config);
  HostRequest copy = page_request(HostOp::RangeCopy, 0, kPage);
  copy.destination_bytes = 4 * kPage;
  platform.attach_workload(std::make_unique<VectorRequestSource>(std::vector<HostRequest>{copy}, ArrivalMode::ClosedLoop, 1));
  // The error is expected here: the default handler throws it (SC_THROW) instead of failing
  // the test; the failing handler is put back for the tests that follow.
  sc_core::sc_report_handler::set_handler(sc_core::sc_report_handler::default_handler);
  const sc_core::sc_actions previous = sc_core::sc_report_handler::set_actions("ssdtlm/ftl", sc_core::SC_ERROR, sc_core::SC_THROW);
  bool thrown = false;
  try {
    platform.run();
  } catch (const sc_core::sc_report& report) {
    thrown = std::string(report.get_msg()).find("ftl.mode = mjolnir") != std::string::npos;
  }
  sc_core::sc_report_handler::set_actions("ssdtlm/ftl", sc_core::SC_ERROR, previous);
  testing::install_failing_report_handler();
  EXPECT_TRUE(thrown) << "a range copy on the page-mapped FTL must be an error naming ftl.mode";
}

// A bigger device for data mode: 4 dies on 2 channels, segments of 4 x 8 pages.
nlohmann::json small_data_mode() {
  return {
      {"nand", {{"page_size_bytes", kPage}, {"pages_per_block", 8}, {"blocks_per_plane", 16},
                {"planes_per_die", 1}, {"dies_per_chip", 2}, {"data_mode", true},
                {"timing", {{"read_us", 25}, {"program_us", 200}, {"erase_us", 1500}}}}},
      {"controller", {{"channels", 2}, {"chips_per_channel", 1}}},
      {"ftl", {{"mode", "mjolnir"},
               {"spare_factor", 0.75},
               {"gc", {{"free_block_low_watermark", 0.0}, {"free_block_high_watermark", 0.0}}},
               {"mjolnir", {{"snapshot_slots", 2}, {"gc_start_utilization", 0.3}, {"reverse_map_limit_bytes", 2400},
                            {"inflight_pages", 8}, {"panic_free_segments", 2}}}}},
      {"host", {{"queue_depth", 1}}},
  };
}

TEST_F(MultiReferenceTimedTest, SnapshotReadsSurviveOverwritesAndGcInDataMode) {
  const SsdConfig config = make_config(small_data_mode());
  SsdPlatform platform("ssd", config);
  const std::uint64_t volume = config.mjolnir.volume_pages;  // 128 pages
  ASSERT_EQ(volume, 128u);
  std::vector<HostRequest> requests;
  auto add = [&](HostOp op, std::uint64_t page, std::uint64_t pages = 1, std::uint64_t destination = 0) {
    HostRequest r = page_request(op, page, kPage);
    r.size_bytes = static_cast<std::uint32_t>(pages * kPage);
    r.destination_bytes = destination * kPage;
    requests.push_back(r);
  };
  for (std::uint64_t p = 0; p < volume; ++p) add(HostOp::Write, p);
  add(HostOp::Snapshot, 0, volume, volume);  // slot 1
  // Overwrite the origin three times over (GC must relocate the snapshot's blocks), reading
  // the snapshot and the origin in between; every flash read is checked in data mode.
  for (int round = 0; round < 3; ++round) {
    for (std::uint64_t p = 0; p < volume; ++p) {
      add(HostOp::Write, (p * 37 + round) % volume);
      if (p % 8 == 0) add(HostOp::Read, volume + p);
      if (p % 8 == 4) add(HostOp::Read, p);
    }
  }
  add(HostOp::RangeCopy, 0, 16, 2 * volume);  // a clone into slot 2
  add(HostOp::RangeMove, 16, 16, 2 * volume + 16);
  add(HostOp::RangeDelete, 32, 16);
  for (std::uint64_t p = 0; p < volume; p += 3) add(HostOp::Read, volume + p);
  for (std::uint64_t p = 0; p < 32; ++p) add(HostOp::Read, 2 * volume + p);
  platform.attach_workload(std::make_unique<VectorRequestSource>(requests, ArrivalMode::ClosedLoop, 1));
  platform.run();

  const nlohmann::json stats = platform.statistics();
  const auto& m = stats["mjolnir"];
  EXPECT_GT(m["cleaner"]["copies"].get<std::uint64_t>(), 0u);
  EXPECT_GT(m["segments_erased"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(m["data_mismatches"].get<std::uint64_t>(), 0u);
  EXPECT_GT(stats["ftl"]["data_checks"].get<std::uint64_t>(), 200u);
  EXPECT_EQ(m["range_commands"].get<std::uint64_t>(), 4u);
  // Host rewrites that landed on blocks of segments already prepared for cleaning were cut out
  // of their reverse maps by the map callbacks and never copied (this run: 12 blocks dropped,
  // 7 of them live at preparation and skipped by the cleaner).
  EXPECT_GT(m["cleaner"]["blocks_dropped_by_callbacks"].get<std::uint64_t>(), 0u);
  EXPECT_GT(m["cleaner"]["blocks_skipped"].get<std::uint64_t>(), 0u);
  // Every block a mapping references holds on flash what the store says (never an erased page).
  EXPECT_EQ(stats["data_integrity"]["mismatches"].get<std::uint64_t>(), 0u);
  // Origin 0..15 and 48..127, the snapshot, the clone and the moved range: 256 pages.
  EXPECT_EQ(stats["data_integrity"]["checked_pages"].get<std::uint64_t>(), 2 * volume);
  // Reverse maps never exceeded their limit.
  EXPECT_LE(m["reverse_maps"]["peak_bytes"].get<std::uint64_t>(), 2400u);
  // The snapshot holds the volume as of the snapshot: page p was the (p + 1)-th write. The
  // origin was rewritten since (37 is prime to 128, so every round touches every page), and
  // GC moved blocks around; the flash reads above were checked against the same tags.
  const auto& store = dynamic_cast<const MultiReferenceCpu&>(platform.ftl()).store();
  for (std::uint64_t p = 0; p < volume; ++p) {
    ASSERT_EQ(store.read(volume + p), MultiReferenceCpu::content_tag(p + 1)) << "snapshot page " << p;
    if (p >= 48) {
      EXPECT_NE(store.read(p), store.read(volume + p)) << "origin page " << p;
    }
  }
  // The clone in slot 2 and the moved range hold what the origin held at the time.
  for (std::uint64_t p = 0; p < 16; ++p) EXPECT_TRUE(store.read(2 * volume + p).has_value());
  for (std::uint64_t p = 16; p < 48; ++p) EXPECT_FALSE(store.read(p).has_value()) << "moved or deleted page " << p;
}

}  // namespace
}  // namespace ssdtlm
