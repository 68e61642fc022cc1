#pragma once
// The RaidController's private records, shared by the files that implement it
// (raid_controller.cpp: request path; raid_rebuild.cpp: failure and rebuild;
// raid_gc_rounds.cpp: GC coordination; raid_controller_statistics.cpp: results).
#include <deque>

#include "models/raid/raid_controller.h"

namespace ssdtlm {

// One array operation: a host request, or the rebuild of one stripe.
struct RaidController::ArrayOp {
  enum class Kind : std::uint8_t { HostRead, HostWrite, HostFlush, Rebuild };
  Kind kind = Kind::HostRead;
  std::uint64_t arrival = 0;  // host operations: order of arrival (a flush waits for those before it)
  tlm::tlm_generic_payload* host_gp = nullptr;
  HostRequest request;  // host operations
  std::uint64_t first_stripe = 0;
  std::uint64_t last_stripe = 0;
  bool exclusive = false;
  IoPlan plan;
  std::uint32_t outstanding = 0;  // member commands of the current phase
  bool writing = false;           // phase: false = reads, true = writes
  // Devices whose member read failed (an uncorrectable read, NAND fault model) during this
  // operation: a host read is planned again without them (raid_read_reconstruction.cpp).
  std::vector<MemberId> read_errors;
  bool read_error_this_phase = false;
  bool failed = false;  // answered with an error status (the data could not be rebuilt)
  // A host write planned again after a failed member read: the first plan's writes and the
  // device of each slot it writes (the failed devices stay in service for writing).
  std::vector<MemberExtent> planned_writes;
  std::vector<MemberId> write_devices;
};

// One member command.
struct RaidController::MemberIo {
  tlm::tlm_generic_payload gp;
  HostCommand command;
  ArrayOp* op = nullptr;
  MemberId device = kNoMember;
  std::uint64_t queued_ps = 0;  // entered the controller's member queue

  MemberIo() { gp.set_extension(&command); }
  ~MemberIo() { gp.clear_extension(&command); }
};

struct RaidController::MemberQueue {
  std::deque<MemberIo*> waiting;  // beyond member_queue_depth
  std::uint32_t in_flight = 0;
};

}  // namespace ssdtlm
