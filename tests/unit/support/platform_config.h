#pragma once
// Builds a resolved SsdConfig for tests from a few overrides on top of the schema defaults.
#include <nlohmann/json.hpp>

#include "platforms/ssd_config.h"

namespace ssdtlm::testing {

inline SsdConfig make_config(const nlohmann::json& overrides) {
  nlohmann::json effective = ssd_parameter_schema().validate_and_fill(overrides, "test");
  return resolve_ssd_config(effective, "test");
}

// One channel, one single-plane die, round timings and overheads: the platform the exact-time
// tests write their expectations for (tests/unit/platform/ssd_platform_timing_test.cpp).
inline nlohmann::json small_ssd() {
  return {
      {"nand", {{"page_size_bytes", 4096}, {"pages_per_block", 16}, {"blocks_per_plane", 32},
                {"planes_per_die", 1}, {"dies_per_chip", 1},
                {"timing", {{"read_us", 25}, {"program_us", 200}, {"erase_us", 1500}}}}},
      {"controller", {{"channels", 1}, {"chips_per_channel", 1}}},
      {"channel", {{"transfer_rate_mts", 333}, {"bus_width_bits", 8}, {"command_cycle_ns", 5}, {"address_cycles", 5}}},
      {"ftl", {{"spare_factor", 0.25},
               {"gc", {{"free_block_low_watermark", 0.0}, {"free_block_high_watermark", 0.0}}},
               {"cpu", {{"clock_mhz", 500}, {"cycles_per_host_read", 500}, {"cycles_per_host_write", 750}}}}},
      {"host", {{"nvme", {{"command_overhead_ns", 300}}}, {"pcie", {{"lanes", 4}, {"lane_bandwidth_mbps", 1000}}}}},
  };
}

}  // namespace ssdtlm::testing
