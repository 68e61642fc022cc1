#pragma once
// StripeLayout: where the units of one stripe live. The array's data space is cut into chunks
// of stripe_unit_bytes; chunk c belongs to stripe c / data_units_per_stripe() at data index
// c % data_units_per_stripe(). Every unit of stripe s sits at member offset s * stripe_unit on
// its member, so a stripe is one row across the members and a member's units of consecutive
// stripes are contiguous on it (large requests become one member request per member).
//
// Layouts are swappable (one file each, picked by name in stripe_layout_registry.cpp): RAID-0
// striping, RAID-1 n-way mirroring, RAID-10 striped mirror pairs, RAID-5/6 with a parity
// rotation (parity_rotation.h).
#include <array>
#include <cstdint>

#include "models/raid/raid_types.h"

namespace ssdtlm {

struct StripePlacement {
  std::uint32_t data_units = 0;  // data chunks in the stripe
  std::uint32_t copies = 1;      // members holding each chunk (mirrors), else 1
  // data_members[k * copies + c]: copy c of data index k.
  std::array<MemberId, kMaxRaidMembers> data_members{};
  MemberId p = kNoMember;  // XOR parity (RAID-5/6)
  MemberId q = kNoMember;  // Reed-Solomon parity (RAID-6)

  MemberId data_member(std::uint32_t k, std::uint32_t copy = 0) const { return data_members[k * copies + copy]; }
  // Data index held by `member` in this stripe, or -1 (parity or not in the stripe).
  int data_index_of(MemberId member) const {
    for (std::uint32_t i = 0; i < data_units * copies; ++i) {
      if (data_members[i] == member) return static_cast<int>(i / copies);
    }
    return -1;
  }
};

class StripeLayout {
 public:
  virtual ~StripeLayout() = default;
  virtual const char* name() const = 0;
  virtual RaidLevel level() const = 0;
  virtual std::uint32_t members() const = 0;
  virtual std::uint32_t data_units_per_stripe() const = 0;
  virtual std::uint32_t copies() const { return 1; }
  virtual std::uint32_t parity_units() const { return 0; }
  virtual StripePlacement place(std::uint64_t stripe) const = 0;
};

}  // namespace ssdtlm
