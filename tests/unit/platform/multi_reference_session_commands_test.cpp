// Range commands issued through SimulationSession::issue_command (what Python's sim.range_copy,
// range_move, range_delete and snapshot call; docs/mjolnir.md, "Issuing commands"): exact issue
// and completion times between run calls and from inside the kernel, and their semantics in
// data mode (every flash read checked): a clone reads back the source's data, a snapshot keeps
// the data as of the instant it was issued while the origin is overwritten afterwards.
#include <gtest/gtest.h>

#include "models/common/config/config_error.h"
#include "models/host/workload/workload_spec.h"
#include "platforms/simulation_session.h"

namespace ssdtlm {
namespace {

constexpr std::uint64_t kPage = 4096;
constexpr std::uint64_t kUs = 1'000'000;  // ps

// 4 dies on 2 channels, segments of 4 x 8 pages, data mode; a 128-page volume and two
// snapshot slots after it (384 namespace pages).
nlohmann::json small_store(const char* mode = "mjolnir") {
  nlohmann::json doc = {
      {"nand", {{"page_size_bytes", kPage}, {"pages_per_block", 8}, {"blocks_per_plane", 16},
                {"planes_per_die", 1}, {"dies_per_chip", 2}, {"data_mode", true},
                {"timing", {{"read_us", 25}, {"program_us", 200}, {"erase_us", 1500}}}}},
      {"controller", {{"channels", 2}, {"chips_per_channel", 1}}},
      {"ftl", {{"mode", mode},
               {"spare_factor", 0.75},
               {"gc", {{"free_block_low_watermark", 0.0}, {"free_block_high_watermark", 0.0}}},
               {"cpu", {{"clock_mhz", 500}}}}},
      {"host", {{"queue_depth", 8}}},
  };
  if (std::string(mode) == "mjolnir") {
    doc["ftl"]["mjolnir"] = {{"snapshot_slots", 2}, {"cycles_per_range_mapping", 100}};
  }
  return doc;
}

std::unique_ptr<SimulationSession> make_session(const nlohmann::json& overrides) {
  return std::make_unique<SimulationSession>(ssd_parameter_schema().validate_and_fill(overrides, "test"), "test");
}

HostRequest range(HostOp op, std::uint64_t page, std::uint64_t pages, std::uint64_t destination_page = 0) {
  HostRequest r;
  r.op = op;
  r.offset_bytes = page * kPage;
  r.size_bytes = static_cast<std::uint32_t>(pages * kPage);
  r.destination_bytes = destination_page * kPage;
  return r;
}

// Idle device: command fetch over the link, the front end's overhead, the firmware step (one
// mapping piece x cycles_per_range_mapping), then the completion entry back over the link.
std::uint64_t idle_range_command_ps(const SsdConfig& config) {
  const HostInterfaceConfig& host = config.host_interface;
  return host.pcie.transfer_ps(host.command_bytes) + host.command_overhead_ns * 1000 +
         config.ftl_cpu.cycles_to_ps(100) + host.pcie.transfer_ps(host.completion_bytes);
}

TEST(MultiReferenceSessionCommands, IssuedBetweenRunsAndFromTheKernelAtTheCurrentInstantWithExactCompletion) {
  auto session = make_session(small_store());
  const std::uint64_t command_ps = idle_range_command_ps(session->config());
  ASSERT_EQ(session->config().ftl_cpu.cycles_to_ps(100), 200'000u);  // 100 cycles at 500 MHz

  // Between run calls: at the instant the previous run stopped.
  session->run_until(5 * kUs, false);
  const std::uint64_t copy = session->issue_command(range(HostOp::RangeCopy, 0, 4, 64));
  EXPECT_EQ(copy, 0u);
  EXPECT_EQ(session->command_status(copy)["status"], "pending");
  // From inside the kernel (an in-kernel action, like a Python `at` callback's instant).
  std::uint64_t delete_handle = 99;
  session->schedule(7 * kUs, [&]() { delete_handle = session->issue_command(range(HostOp::RangeDelete, 64, 2)); });
  session->run_until(20 * kUs, false);

  const nlohmann::json c = session->command_status(copy);
  EXPECT_EQ(c["op"], "range-copy");
  EXPECT_EQ(c["status"], "ok");
  EXPECT_EQ(c["issued_ps"].get<std::uint64_t>(), 5 * kUs);
  EXPECT_EQ(c["completed_ps"].get<std::uint64_t>(), 5 * kUs + command_ps);
  ASSERT_EQ(delete_handle, 1u);
  const nlohmann::json d = session->command_status(delete_handle);
  EXPECT_EQ(d["op"], "range-delete");
  EXPECT_EQ(d["issued_ps"].get<std::uint64_t>(), 7 * kUs);
  EXPECT_EQ(d["completed_ps"].get<std::uint64_t>(), 7 * kUs + command_ps);
  EXPECT_EQ(session->commands_outstanding(), 0u);
  const nlohmann::json stats = session->statistics();
  EXPECT_EQ(stats["host"]["range-copy"]["count"].get<std::uint64_t>(), 1u);
  EXPECT_EQ(stats["host"]["range-delete"]["count"].get<std::uint64_t>(), 1u);
  EXPECT_EQ(stats["mjolnir"]["range_commands"].get<std::uint64_t>(), 2u);

  // With no workload, run_to_completion waits for the commands issued and stops at the
  // instant the last one completes (the store is idle then).
  session->run_until(30 * kUs, false);
  const std::uint64_t move = session->issue_command(range(HostOp::RangeMove, 0, 4, 128));
  ASSERT_TRUE(session->run_to_completion());
  EXPECT_EQ(session->now_ps(), 30 * kUs + command_ps);
  EXPECT_EQ(session->command_status(move)["completed_ps"].get<std::uint64_t>(), 30 * kUs + command_ps);
}

// Pages of [first, first + n) as the store would return them to a host read.
std::vector<std::optional<std::uint64_t>> contents(const SimulationSession& session, std::uint64_t first,
                                                   std::uint64_t n) {
  return session.page_contents(first, n);
}

TEST(MultiReferenceSessionCommands, ReadsOfARangeCopyDestinationReturnTheSourceDataInDataMode) {
  auto session = make_session(small_store());
  // Pages 0..7 written, then (at 5 ms) pages 64..71 read: they are mapped only by the copy.
  session->add_workload(parse_workload_spec("sequential-write:qd=8,count=8,size=4KiB,range=32KiB", "w"), 0, 0, 1);
  session->add_workload(parse_workload_spec("sequential-read:qd=1,count=8,size=4KiB,range=256KiB:32KiB", "r"),
                        5'000'000, 0, 1);
  session->run_until(3'000 * kUs, false);
  ASSERT_TRUE(session->workload_status()[0]["done"].get<bool>()) << "the writes take well under 3 ms";
  const auto source = contents(*session, 0, 8);
  for (const auto& tag : source) ASSERT_TRUE(tag.has_value());
  EXPECT_EQ(contents(*session, 64, 8), std::vector<std::optional<std::uint64_t>>(8));  // nothing there yet

  const std::uint64_t copy = session->issue_command(range(HostOp::RangeCopy, 0, 8, 64));
  ASSERT_TRUE(session->run_to_completion());
  EXPECT_EQ(session->command_status(copy)["status"], "ok");
  EXPECT_EQ(contents(*session, 64, 8), source);
  EXPECT_EQ(contents(*session, 0, 8), source);  // a copy leaves the source as it was

  const nlohmann::json stats = session->statistics();
  // The eight reads went to flash (none found the destination unmapped) and each returned
  // the tag the store expected, i.e. the source's data.
  EXPECT_EQ(stats["host"]["read"]["count"].get<std::uint64_t>(), 8u);
  EXPECT_EQ(stats["flash"]["reads"]["host"].get<std::uint64_t>(), 8u);
  EXPECT_EQ(stats["ftl"]["reads_unmapped"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(stats["ftl"]["data_checks"].get<std::uint64_t>(), 8u);
  EXPECT_EQ(stats["mjolnir"]["data_mismatches"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(stats["data_integrity"]["mismatches"].get<std::uint64_t>(), 0u);
  // No flash page was written for the copy: 8 host programs in all.
  EXPECT_EQ(stats["flash"]["programs"]["host"].get<std::uint64_t>(), 8u);
}

TEST(MultiReferenceSessionCommands, SnapshotFromTheKernelKeepsTheDataOfItsInstantWhileTheOriginIsOverwritten) {
  auto session = make_session(small_store());
  const std::uint64_t volume_pages = session->config().mjolnir.volume_pages;
  ASSERT_EQ(volume_pages, 128u);
  ASSERT_EQ(session->platform().logical_bytes(), volume_pages * kPage);
  // Pages 0..7 written; snapshot at 3 ms into slot 1; pages 0..7 rewritten from 4 ms; at 7 ms
  // the snapshot is cloned back into the volume (pages 64..71, which workloads can address)
  // and those pages are read from 8 ms.
  session->add_workload(parse_workload_spec("sequential-write:qd=8,count=8,size=4KiB,range=32KiB", "w"), 0, 0, 1);
  session->add_workload(parse_workload_spec("sequential-write:qd=8,count=8,size=4KiB,range=32KiB", "w2"),
                        4'000'000, 0, 1);
  session->add_workload(parse_workload_spec("sequential-read:qd=1,count=8,size=4KiB,range=256KiB:32KiB", "r"),
                        8'000'000, 0, 1);
  std::uint64_t snapshot = ~0ull;
  session->schedule(3'000 * kUs, [&]() { snapshot = session->issue_command(range(HostOp::Snapshot, 0, 8, volume_pages)); });
  session->schedule(7'000 * kUs, [&]() { session->issue_command(range(HostOp::RangeCopy, volume_pages, 8, 64)); });
  session->run_until(3'500 * kUs, false);
  const auto before = contents(*session, 0, 8);
  ASSERT_EQ(contents(*session, volume_pages, 8), before);
  ASSERT_TRUE(session->run_to_completion());

  EXPECT_EQ(session->command_status(snapshot)["issued_ps"].get<std::uint64_t>(), 3'000 * kUs);
  EXPECT_EQ(contents(*session, volume_pages, 8), before);
  EXPECT_EQ(contents(*session, 64, 8), before);
  const auto after = contents(*session, 0, 8);
  for (int p = 0; p < 8; ++p) {
    ASSERT_TRUE(after[p].has_value());
    EXPECT_NE(after[p], before[p]) << "origin page " << p << " was rewritten";
  }
  const nlohmann::json stats = session->statistics();
  EXPECT_EQ(stats["host"]["snapshot"]["count"].get<std::uint64_t>(), 1u);
  EXPECT_EQ(stats["flash"]["reads"]["host"].get<std::uint64_t>(), 8u);
  EXPECT_EQ(stats["ftl"]["reads_unmapped"].get<std::uint64_t>(), 0u);
  EXPECT_EQ(stats["mjolnir"]["data_mismatches"].get<std::uint64_t>(), 0u);
  // The reads of the clone returned the snapshot's data (each flash read checked against it).
  EXPECT_EQ(stats["ftl"]["data_checks"].get<std::uint64_t>(), 8u);
  // Origin, snapshot and clone (8 pages each) are checked on the dies.
  EXPECT_EQ(stats["data_integrity"]["checked_pages"].get<std::uint64_t>(), 24u);
  EXPECT_EQ(stats["data_integrity"]["mismatches"].get<std::uint64_t>(), 0u);
}

std::string error_of(SimulationSession& session, const HostRequest& request) {
  try {
    session.issue_command(request);
  } catch (const ConfigError& error) {
    return error.what();
  }
  return "no error";
}

TEST(MultiReferenceSessionCommands, BadCommandsAreConfigErrorsNamingTheProblem) {
  auto page_mode = make_session(small_store("page"));
  EXPECT_NE(error_of(*page_mode, range(HostOp::RangeCopy, 0, 4, 64)).find("ftl.mode"), std::string::npos);

  auto session = make_session(small_store());
  auto unaligned = range(HostOp::RangeCopy, 0, 4, 64);
  unaligned.size_bytes = 6000;
  EXPECT_EQ(error_of(*session, unaligned).rfind("length:", 0), 0u) << error_of(*session, unaligned);
  auto odd_offset = range(HostOp::Snapshot, 0, 4, 128);
  odd_offset.offset_bytes = 512;
  EXPECT_EQ(error_of(*session, odd_offset).rfind("offset:", 0), 0u);
  // The namespace is 384 pages: the volume and two snapshot slots.
  EXPECT_EQ(error_of(*session, range(HostOp::RangeMove, 0, 4, 382)).rfind("destination:", 0), 0u);
  EXPECT_EQ(error_of(*session, range(HostOp::RangeDelete, 380, 8)).rfind("offset:", 0), 0u);
  EXPECT_EQ(error_of(*session, range(HostOp::Write, 0, 1)).rfind("op:", 0), 0u);
  EXPECT_EQ(session->commands_issued(), 0u);  // nothing was issued
  EXPECT_EQ(error_of(*session, range(HostOp::RangeCopy, 0, 4, 380)), "no error");
}

}  // namespace
}  // namespace ssdtlm
