#pragma once
// Configuration of a RAID platform (two layers, like ssd_config.h): the JSON document,
// validated against raid_parameter_schema() with defaults filled in, and the resolved structs
// the RaidPlatform is built from.
//
// A RAID document:
//   { "name": "...", "seed": 1,
//     "raid": { "level": "raid5", "members": 8, "stripe_unit_bytes": 65536,
//               "gc_coordination": "reactive", "gc": {...}, "parity": {...},
//               "controller": {...}, "spares": 1, "fail_member": 2, "fail_member_at_us": 5000,
//               "rebuild": {...} },
//     "ssd": "slc-2011"            every member's SSD: a preset name, a file, or a platform
//                                  document (object); the effective configuration holds the object
//     "ssd_overrides": { "nand.blocks_per_plane": 128 }   dotted keys applied to every device
//     "member_overrides": { "3": { "nand.timing.program_us": 300 } }  per device (members
//                                  0..N-1, then spares N..)
//     "host": { "queue_depth": 32 }, "workload": {...}, "stats": {...} }
// `--set raid.KEY=V` sets a raid key; `--set ssd.KEY=V` goes to ssd_overrides.
#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "models/common/config/parameter_schema.h"
#include "models/raid/ftl_gc_channel.h"
#include "models/raid/raid_controller_config.h"
#include "platforms/ssd_config.h"

namespace ssdtlm {

struct RaidConfig {
  nlohmann::json effective;
  std::uint64_t seed = 1;
  RaidControllerConfig controller;  // member_capacity_bytes is filled by the platform
  std::vector<SsdConfig> devices;   // members, then spares
  std::vector<MemberGcThresholds> gc_thresholds;  // per device
  std::uint32_t host_queue_depth = 32;
  std::uint32_t host_queue_entries = 1024;  // requests the controller accepts at once
  bool fail_member_scheduled = false;
  std::uint32_t fail_member = 0;
  std::uint64_t fail_member_at_ns = 0;
  bool per_request_records = false;
  std::uint64_t member_trace_start_ns = 0;
  std::uint64_t member_trace_window_ns = 0;  // 0: no member trace
};

const ParameterSchema& raid_parameter_schema();
// RAID presets: platforms/presets/raid-*.json (the other presets are SSDs).
std::vector<std::string> raid_preset_names();

// Reads a RAID document: `config` is a file or a preset name (platforms/presets/NAME.json);
// `overrides` are KEY=VALUE strings (VALUE parsed as JSON, else a string). Returns the
// effective configuration. Throws ConfigError naming the file and key path.
nlohmann::json load_raid_document(const std::string& config, const std::vector<std::string>& overrides);
// The same for a document already in memory; `source` names it in errors.
nlohmann::json complete_raid_document(nlohmann::json document, const std::vector<std::string>& overrides,
                                      const std::string& source);

// Cross-key checks and the resolved configuration (every device's SsdConfig included).
RaidConfig resolve_raid_config(const nlohmann::json& effective, const std::string& source = "config");

}  // namespace ssdtlm
