#pragma once
// What the RAID controller does for one array operation (a host read or write, or the rebuild
// of one stripe): member reads, parity-engine work, then member writes. RaidIoPlanner fills
// it; the controller executes it; in data mode RaidDataModel computes contents from it.
//
// Addresses inside a stripe are counted in blocks (the array's logical block, which is every
// member's logical block): row r of a unit is block r of that unit.
#include <cstdint>
#include <vector>

#include "models/raid/raid_types.h"

namespace ssdtlm {

struct MemberExtent {
  MemberId device = kNoMember;
  std::uint64_t offset_bytes = 0;  // in the member's logical space
  std::uint64_t bytes = 0;
};

enum class StripeMode : std::uint8_t {
  Read,           // every requested block read from a device holding it
  ReadDegraded,   // some requested block rebuilt from the stripe's survivors
  WriteDirect,    // RAID-0/1/10: data written to every surviving copy
  WriteFullRow,   // parity computed from new data alone: no reads
  WriteRmw,       // read old data + parity, parity ^= old ^ new
  WriteRcw,       // read the untouched data, parity from the whole row
  WriteDegraded,  // a unit of the stripe is lost: read survivors, rebuild, recompute
  Rebuild,        // recompute one lost unit onto the spare
};
inline constexpr int kStripeModeCount = 8;
const char* to_string(StripeMode mode);

// The part of one data unit an operation touches.
struct UnitPiece {
  std::uint32_t k = 0;  // data index in the stripe
  std::uint32_t row_begin = 0;
  std::uint32_t row_end = 0;
  std::uint64_t array_block = 0;  // array logical block of row_begin
  MemberId device = kNoMember;    // reads: the device it is read from (kNoMember: rebuilt from survivors)
};

struct StripeTask {
  std::uint64_t stripe = 0;
  StripeMode mode = StripeMode::Read;
  std::uint32_t row_begin = 0;  // union of the pieces' rows
  std::uint32_t row_end = 0;
  std::uint32_t first_piece = 0;  // into IoPlan::pieces
  std::uint32_t piece_count = 0;
  MemberId rebuild_slot = kNoMember;  // Rebuild: the lost slot, written to rebuild_target
  MemberId rebuild_target = kNoMember;
  MemberId rebuild_source = kNoMember;  // mirrors: the surviving copy read
};

struct IoPlan {
  std::vector<StripeTask> tasks;
  std::vector<UnitPiece> pieces;
  // Device serving each slot of each task as planned (members() entries per task):
  // kNoMember where the slot's unit is lost.
  std::vector<MemberId> slot_devices;
  std::vector<MemberExtent> reads;   // phase 1, merged per device
  std::vector<MemberExtent> writes;  // phase 3, merged per device
  std::uint64_t xor_bytes = 0;       // phase 2: parity-engine input
  std::uint64_t rs_bytes = 0;
  bool lost_data = false;  // a requested block has no surviving copy or parity
  // Empty, or (a write planned again after a member read failed, raid_read_reconstruction.cpp)
  // the device each slot of each task is written to, laid out like slot_devices: a device that
  // failed a read is lost for reading (kNoMember in slot_devices) but still written.
  std::vector<MemberId> write_devices;

  void clear() {
    tasks.clear();
    pieces.clear();
    slot_devices.clear();
    write_devices.clear();
    reads.clear();
    writes.clear();
    xor_bytes = rs_bytes = 0;
    lost_data = false;
  }
};

}  // namespace ssdtlm
