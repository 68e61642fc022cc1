#pragma once
// Resolved parameters of the RAID controller (platforms/raid_config.cpp fills them from the
// `raid` section of a RAID platform document).
#include <cstdint>

#include "models/raid/gc_coordinator.h"
#include "models/raid/parity_engine.h"
#include "models/raid/parity_rotation.h"
#include "models/raid/raid_types.h"

namespace ssdtlm {

struct RaidControllerConfig {
  RaidLevel level = RaidLevel::Raid0;
  std::uint32_t members = 2;
  std::uint32_t spares = 0;
  std::uint64_t stripe_unit_bytes = 65536;
  ParityRotation rotation = ParityRotation::LeftSymmetric;
  std::uint32_t block_bytes = 4096;           // the array's logical block = every member's
  std::uint64_t member_capacity_bytes = 0;    // the smallest member's logical capacity
  std::uint32_t member_queue_depth = 32;      // commands outstanding per member; more wait in the controller
  std::uint64_t command_overhead_ns = 0;      // controller firmware per host request (serial)
  std::uint64_t completion_overhead_ns = 0;   // per host request, before the completion is posted
  double host_link_mbps = 0.0;                // host <-> controller data link per direction; 0: not modelled
  ParityEngineConfig parity_engine;
  GcCoordinationConfig gc;
  std::uint64_t member_wa_window_ns = 0;      // members' WA series window; 0: none
  bool data_mode = false;
  std::uint32_t rebuild_stripes_in_flight = 4;
  std::uint64_t rebuild_start_delay_ns = 0;   // from the failure to the first rebuild read
};

}  // namespace ssdtlm
