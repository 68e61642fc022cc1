#pragma once
// GcCoordinator: when the RAID controller makes its members collect garbage together
// (Harmonia [Kim et al. 2011], section IV.C). The controller calls the hooks; a coordinator decides
// and asks the context for a "GC round": a forced collection on every device in service.
// Coordinators only ever add collections: each member still starts its own GC at its hard
// threshold (its low watermark), so no coordinator can hold an SSD below it.
//
// One implementation per file, picked by `raid.gc_coordination` in gc_coordinator_registry.cpp:
//   none       no coordination (the baseline)
//   reactive   reactive soft-limit: a member that reaches its soft threshold tells the
//              controller (once, on a completion), which forces GC on every member,
//              optionally after waiting to gather more members
//   proactive  proactive soft-limit: the controller polls every member's GC state and forces
//              a round when one is at its soft threshold, or earlier when the array is idle
//   idle       proactive idle: the controller forces a round when the array has been idle
//              for a while and some member is below its forced target
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "models/raid/gc_side_channel.h"
#include "models/raid/raid_types.h"

namespace ssdtlm {

struct GcCoordinationConfig {
  std::string policy = "none";
  std::uint64_t poll_interval_ns = 1000000;         // proactive: status poll period
  std::uint32_t proactive_idle_margin_blocks = 1;   // proactive: idle array, soft + margin triggers
  std::uint64_t idle_threshold_ns = 1000000;        // idle: quiet time that counts as an idle period
  std::uint64_t reactive_gather_ns = 0;             // reactive: wait before forcing the round
  std::uint64_t side_channel_latency_ns = 0;        // a force command reaches the member after this
  std::uint64_t min_round_interval_ns = 1000000;    // rounds closer than this are not started
};

// What a coordinator may see and do; the RaidController implements it.
class GcCoordinationContext {
 public:
  virtual ~GcCoordinationContext() = default;
  // Devices in service: the members, with a failed one replaced by the spare once rebuilt
  // (and the spare already during its rebuild).
  virtual std::vector<MemberId> devices_in_service() const = 0;
  virtual MemberGcStatus device_status(MemberId device) const = 0;
  // True from start_gc_round() until its force commands are delivered and the minimum
  // interval between rounds has passed.
  virtual bool gc_round_active() = 0;
  // Forces GC on every device in service (after the side-channel latency).
  virtual void start_gc_round(const std::string& reason) = 0;
  virtual std::uint32_t host_requests_outstanding() const = 0;
  virtual void schedule_in_ns(std::uint64_t delay_ns, std::function<void()> callback) = 0;
};

class GcCoordinator {
 public:
  virtual ~GcCoordinator() = default;
  virtual const char* name() const = 0;
  virtual void start() {}                                // simulation start
  virtual void on_member_completion(MemberId /*device*/) {}  // status rides on every completion
  virtual void on_array_idle() {}                        // the last outstanding host request completed
  virtual void on_array_busy() {}                        // a host request arrived at an idle array
};

// Throws ConfigError naming `where` for an unknown name.
std::unique_ptr<GcCoordinator> make_gc_coordinator(const GcCoordinationConfig& config, GcCoordinationContext& context,
                                                   const std::string& where);
std::vector<std::string> gc_coordinator_names();

// One factory per coordinator file.
std::unique_ptr<GcCoordinator> make_no_coordinator(const GcCoordinationConfig&, GcCoordinationContext&);
std::unique_ptr<GcCoordinator> make_reactive_coordinator(const GcCoordinationConfig&, GcCoordinationContext&);
std::unique_ptr<GcCoordinator> make_proactive_coordinator(const GcCoordinationConfig&, GcCoordinationContext&);
std::unique_ptr<GcCoordinator> make_idle_coordinator(const GcCoordinationConfig&, GcCoordinationContext&);

}  // namespace ssdtlm
