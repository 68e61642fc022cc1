// Range commands from workload specs (ftl.mode = mjolnir; docs/workloads.md): the keys
// range_copy_every, range_move_every, range_delete_every and range_size in both input forms
// (bad values name the key), the generator's command stream (when, where, ids, and the
// requests around them unchanged), and the checks against the device and the platform.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <set>

#include "models/common/config/config_error.h"
#include "models/host/workload/request_source_factory.h"
#include "platforms/range_command_check.h"
#include "tests/unit/host/config_error_message.h"
#include "tests/unit/support/platform_config.h"

namespace ssdtlm {
namespace {

using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::StartsWith;
using testing::config_error_message;

constexpr std::uint64_t kDeviceBytes = 1ull << 20;  // 1 MiB: 256 pages of 4 KiB

std::vector<HostRequest> generate(const std::string& compact, std::uint64_t seed = 1) {
  auto source = make_request_source(parse_workload_spec(compact, "--workload"), kDeviceBytes, 4096, seed);
  std::vector<HostRequest> requests;
  HostRequest request;
  while (source->next(request)) requests.push_back(request);
  return requests;
}

TEST(WorkloadRangeCommands, BothFormsReadTheKeysAndRoundTrip) {
  const WorkloadSpec spec = parse_workload_spec(
      "random-write:count=100,size=8KiB,range_copy_every=10,range_move_every=20,range_delete_every=50,"
      "range_size=16KiB,snapshot_every=25",
      "--workload");
  EXPECT_EQ(spec.range_copy_every, 10u);
  EXPECT_EQ(spec.range_move_every, 20u);
  EXPECT_EQ(spec.range_delete_every, 50u);
  EXPECT_EQ(spec.range_bytes, 16384u);
  EXPECT_EQ(spec.snapshot_every, 25u);
  EXPECT_EQ(parse_workload_spec(to_compact(spec), "--workload"), spec);
  const nlohmann::json json = to_json(spec);
  EXPECT_EQ(json["range_copy_every"], 10);
  EXPECT_EQ(json["range_move_every"], 20);
  EXPECT_EQ(json["range_delete_every"], 50);
  EXPECT_EQ(json["range_size_bytes"], 16384);
  EXPECT_EQ(workload_from_json(json, "workload"), spec);
  // Defaults: none, and the request size.
  const nlohmann::json plain = to_json(parse_workload_spec("random-write:count=1", "w"));
  EXPECT_EQ(plain["range_copy_every"], 0);
  EXPECT_EQ(plain["range_size_bytes"], 0);
}

TEST(WorkloadRangeCommands, BadValuesNameTheKey) {
  const auto compact = [](const std::string& text) {
    return config_error_message([&]() { parse_workload_spec(text, "--workload"); });
  };
  EXPECT_THAT(compact("random-write:count=10,range_copy_every=x"), StartsWith("--workload range_copy_every:"));
  EXPECT_THAT(compact("random-write:count=10,range_move_every=-1"), StartsWith("--workload range_move_every:"));
  EXPECT_THAT(compact("random-write:count=10,range_delete_every=1.5"), StartsWith("--workload range_delete_every:"));
  EXPECT_THAT(compact("random-write:count=10,range_copy_every=2,range_size=0"), StartsWith("--workload range_size:"));
  EXPECT_THAT(compact("random-write:count=10,range_copy_every=2,range_size=lots"), StartsWith("--workload range_size:"));
  EXPECT_THAT(compact("random-write:count=10,range_size=8KiB"),
              AllOf(StartsWith("--workload range_size:"), HasSubstr("range_copy_every")));
  EXPECT_THAT(compact("random-write:count=10,range_copy_every=2,range_size=8GiB"), StartsWith("--workload range_size:"));

  const auto json = [](const nlohmann::json& section) {
    return config_error_message([&]() { workload_from_json(section, "workload"); });
  };
  EXPECT_THAT(json({{"request_count", 10}, {"range_copy_every", -3}}), StartsWith("workload.range_copy_every:"));
  EXPECT_THAT(json({{"request_count", 10}, {"range_move_every", "often"}}), StartsWith("workload.range_move_every:"));
  EXPECT_THAT(json({{"request_count", 10}, {"range_delete_every", 2}, {"range_size_bytes", 0.5}}),
              StartsWith("workload.range_size_bytes:"));
  EXPECT_THAT(json({{"request_count", 10}, {"range_size_bytes", 8192}}), StartsWith("workload.range_size_bytes:"));
  EXPECT_THAT(json({{"trace", {{"path", "x.csv"}}}, {"range_copy_every", 5}}), StartsWith("workload.range_copy_every:"));
}

TEST(WorkloadRangeCommands, CommandsFollowEveryNthRequestAtPlacesOfTheirSizeWithoutChangingTheRequests) {
  const auto with = generate("random-write:count=20,size=4KiB,range_copy_every=5,range_delete_every=10,range_size=8KiB");
  const auto without = generate("random-write:count=20,size=4KiB");
  ASSERT_EQ(with.size(), 20u + 4u + 2u);
  // After requests 5, 10, 15, 20: a copy; after 10 and 20 also a delete (copy first).
  std::vector<HostOp> ops;
  std::vector<HostRequest> requests;
  for (const HostRequest& r : with) {
    if (r.op == HostOp::Write) {
      requests.push_back(r);
      continue;
    }
    ops.push_back(r.op);
    EXPECT_EQ(r.size_bytes, 8192u);
    EXPECT_EQ(r.offset_bytes % 8192, 0u);
    EXPECT_LE(r.offset_bytes + r.size_bytes, kDeviceBytes);
    if (r.op == HostOp::RangeCopy) {
      EXPECT_EQ(r.destination_bytes % 8192, 0u);
      EXPECT_LE(r.destination_bytes + r.size_bytes, kDeviceBytes);
    } else {
      EXPECT_EQ(r.destination_bytes, 0u);
    }
  }
  EXPECT_EQ(ops, (std::vector<HostOp>{HostOp::RangeCopy, HostOp::RangeCopy, HostOp::RangeDelete, HostOp::RangeCopy,
                                      HostOp::RangeCopy, HostOp::RangeDelete}));
  EXPECT_EQ(with[5].op, HostOp::RangeCopy);
  EXPECT_EQ(with[11].op, HostOp::RangeCopy);
  EXPECT_EQ(with[12].op, HostOp::RangeDelete);
  EXPECT_EQ(with.back().op, HostOp::RangeDelete);  // every = count: after the last request too
  for (std::size_t i = 0; i < with.size(); ++i) EXPECT_EQ(with[i].id, i);  // one id sequence
  // The requests are those of the same workload without range commands (own random stream).
  ASSERT_EQ(requests.size(), without.size());
  for (std::size_t i = 0; i < requests.size(); ++i) {
    EXPECT_EQ(requests[i].offset_bytes, without[i].offset_bytes) << i;
    EXPECT_EQ(requests[i].size_bytes, without[i].size_bytes) << i;
  }
  // The places are drawn, not fixed: eight copies land on more than one place.
  const auto many = generate("random-write:count=40,range_copy_every=5,range_move_every=5");
  std::set<std::uint64_t> places;
  for (const HostRequest& r : many) {
    if (r.op == HostOp::RangeMove) {
      EXPECT_EQ(r.size_bytes, 4096u);  // the request size by default
    }
    if (r.op == HostOp::RangeCopy) places.insert(r.offset_bytes);
  }
  EXPECT_GT(places.size(), 1u);
  // Same seed, same commands.
  const auto again = generate("random-write:count=40,range_copy_every=5,range_move_every=5");
  ASSERT_EQ(again.size(), many.size());
  for (std::size_t i = 0; i < many.size(); ++i) {
    EXPECT_EQ(again[i].offset_bytes, many[i].offset_bytes);
    EXPECT_EQ(again[i].destination_bytes, many[i].destination_bytes);
  }
}

TEST(WorkloadRangeCommands, TheDeviceAndThePlatformRuleOutWhatCannotBeIssued) {
  const auto source_error = [](const std::string& text) {
    return config_error_message(
        [&]() { make_request_source(parse_workload_spec(text, "--workload"), kDeviceBytes, 4096, 1); });
  };
  EXPECT_THAT(source_error("random-write:count=10,range_copy_every=2,range_size=6KiB"),
              StartsWith("workload.range_size_bytes:"));
  EXPECT_THAT(source_error("random-write:count=10,range_copy_every=2,range_size=64KiB,range=32KiB"),
              StartsWith("workload.range_size_bytes:"));

  // The platform: page mode cannot take them; pages of 8 KiB need whole pages; snapshot slots
  // within ftl.mjolnir.snapshot_slots.
  const SsdConfig page_mode = testing::make_config({{"ftl", {{"spare_factor", 0.25}}}});
  const auto platform_error = [](const std::string& text, const SsdConfig& config) {
    return config_error_message(
        [&]() { check_workload_range_commands(parse_workload_spec(text, "--workload"), config, kDeviceBytes); });
  };
  EXPECT_THAT(platform_error("random-write:count=10,range_move_every=2", page_mode),
              AllOf(StartsWith("workload.range_move_every:"), HasSubstr("ftl.mode = mjolnir")));
  EXPECT_THAT(platform_error("random-write:count=10,snapshot_every=2", page_mode),
              StartsWith("workload.snapshot_every:"));
  EXPECT_EQ(platform_error("random-write:count=10", page_mode), "(no ConfigError)");

  const SsdConfig multi_reference = testing::make_config(
      {{"nand", {{"page_size_bytes", 8192}, {"pages_per_block", 8}, {"blocks_per_plane", 16}, {"planes_per_die", 1},
                 {"dies_per_chip", 1}}},
       {"controller", {{"channels", 1}, {"chips_per_channel", 1}}},
       {"ftl", {{"mode", "mjolnir"}, {"spare_factor", 0.25}, {"mjolnir", {{"snapshot_slots", 2}}}}}});
  EXPECT_THAT(platform_error("random-write:count=10,range_copy_every=2,range_size=4KiB", multi_reference),
              AllOf(StartsWith("workload.range_size_bytes:"), HasSubstr("8192 B pages")));
  EXPECT_THAT(platform_error("random-write:count=10,size=4KiB,range_delete_every=2", multi_reference),
              AllOf(StartsWith("workload.range_size_bytes:"), HasSubstr("request size")));
  EXPECT_THAT(platform_error("random-write:count=10,snapshot_every=5,snapshot_slots=3", multi_reference),
              StartsWith("workload.snapshot_slots:"));
  EXPECT_THAT(platform_error("random-write:count=10,range_copy_every=2,range_size=16KiB,range=4KiB:64KiB", multi_reference),
              StartsWith("workload.range:"));
  EXPECT_EQ(platform_error("random-write:count=10,size=8KiB,range_copy_every=2,snapshot_every=5,snapshot_slots=2",
                           multi_reference),
            "(no ConfigError)");
}

}  // namespace
}  // namespace ssdtlm
