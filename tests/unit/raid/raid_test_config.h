#pragma once
// Small RAID configurations for tests: members of 2 dies x 1 plane x 32 blocks x 8 pages
// (2 MiB, 1.4 MiB logical), GC watermarks 4 and 5 blocks, so GC starts within a few thousand
// writes and a whole run takes milliseconds of wall time. 30% spare: with less, greedy GC
// in 32-block planes often cannot climb back above the high watermark (FtlCore then ends
// the cycle as hopeless and the plane stays below its low watermark).
#include <nlohmann/json.hpp>

#include "platforms/raid_config.h"

namespace ssdtlm::testing {

inline nlohmann::json tiny_raid_ssd(bool data_mode = false) {
  return {
      {"nand", {{"pages_per_block", 8}, {"blocks_per_plane", 32}, {"planes_per_die", 1}, {"dies_per_chip", 1},
                {"page_size_bytes", 4096}, {"data_mode", data_mode},
                {"timing", {{"read_us", 25}, {"program_us", 200}, {"erase_us", 1500}}}}},
      {"controller", {{"channels", 2}, {"chips_per_channel", 1}}},
      {"ftl", {{"spare_factor", 0.3},
               {"gc", {{"free_block_low_watermark", 0.1}, {"free_block_high_watermark", 0.15}}}}},
  };
}

// `raid`: the raid section; `top`: other top-level keys (member_overrides, stats, ...).
inline RaidConfig make_raid_config(const nlohmann::json& raid, bool data_mode = false,
                                   const nlohmann::json& top = nlohmann::json::object()) {
  nlohmann::json document = top;
  document["raid"] = raid;
  if (!document.contains("ssd")) document["ssd"] = tiny_raid_ssd(data_mode);
  return resolve_raid_config(document, "test");
}

// The failure-and-rebuild scenario of the data-mode tests: a data-mode array of `members` plus
// one spare, 8 KiB units; `failed_slot` fails at fail_at_us and is rebuilt onto the spare
// rebuild_delay_us later, 2 stripes at a time. `raid_extra` adds raid keys, `top` top-level ones.
inline RaidConfig failure_raid_config(const char* level, int members, int failed_slot, double fail_at_us,
                                      double rebuild_delay_us, const nlohmann::json& raid_extra = nlohmann::json::object(),
                                      const nlohmann::json& top = nlohmann::json::object()) {
  nlohmann::json raid = {{"level", level},
                         {"members", members},
                         {"stripe_unit_bytes", 8192},
                         {"spares", 1},
                         {"fail_member", failed_slot},
                         {"fail_member_at_us", fail_at_us},
                         {"rebuild", {{"stripes_in_flight", 2}, {"start_delay_us", rebuild_delay_us}}}};
  raid.update(raid_extra);
  return make_raid_config(raid, true, top);
}

}  // namespace ssdtlm::testing
