#pragma once
// Vocabulary shared by the RAID model: member ids, RAID levels, and the cap on array width.
#include <cstdint>
#include <string>

namespace ssdtlm {

// A device behind the RAID controller: 0..members-1 are the array's member slots as built,
// the spare(s) follow. A slot whose device failed is served by the spare once rebuilt.
using MemberId = std::uint32_t;
inline constexpr MemberId kNoMember = ~0u;

// Stripe placements keep their member lists in fixed arrays (no allocation per stripe).
inline constexpr std::uint32_t kMaxRaidMembers = 64;

enum class RaidLevel : std::uint8_t { Raid0, Raid1, Raid10, Raid5, Raid6 };

const char* to_string(RaidLevel level);
// "raid0" | "raid1" | "raid10" | "raid5" | "raid6"; throws ConfigError naming `where`.
RaidLevel parse_raid_level(const std::string& text, const std::string& where);
// Member failures the level survives (0 for RAID-0; RAID-10: one per mirror pair).
std::uint32_t tolerated_failures(RaidLevel level);

}  // namespace ssdtlm
